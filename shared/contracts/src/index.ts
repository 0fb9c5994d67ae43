// The zod-free entry: constants, pure helpers and types. Schemas live in `@meridian/contracts/schemas`,
// so a part that only needs names and paths does not pull the validator into its first load.
export {
  SUCCESS_CODE,
  SUCCESS_CODES,
  ACCOUNT_CODES,
  ERROR_CODES,
  FUNDING_CODES,
  LOAN_CODES,
  SMART_CODES,
  NFT_CODES,
  CLIENT_ERROR_CODES,
  isSuccessCode,
  messageKeyForCode,
} from './error-codes.ts';
export type { ErrorCode, SuccessCode } from './error-codes.ts';
export { LANGUAGES, LANGUAGE_CODES, DEFAULT_LANGUAGE, isLanguageCode, contentLanguageId, localeOf } from './languages.ts';
export type { LanguageCode } from './languages.ts';
export { CONTENT_TYPES } from './content-types.ts';
export { PARAM_KEYS, ADDRESS_MAP_SETTINGS, isAddressMapSetting } from './param-keys.ts';
export type { ParamKey } from './param-keys.ts';
export {
  MARKET_TYPES,
  MARKET_TYPE_ORDER,
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_MS,
  candleOpenTime,
  MAX_MARKET_TOPICS,
  MARKET_SORTS,
  MARKET_PAGE_SIZE_MAX,
} from './market-types.ts';
export type { MarketTypeId, CandleInterval, MarketSort } from './market-types.ts';
export { REMOTE_NAMES, RELEASABLE_PARTS, containerName, firstPaintFile } from './remotes.ts';
export type { RemoteName, ReleasablePart, FirstPaintDocument } from './remotes.ts';
export { CUSTOMER_API, API_PATHS, ADMIN_API, LIVE_PATH, RELEASE_PATHS } from './api-paths.ts';
export { defineEndpoints, endpointPath, openApiPath, isOperatorEndpoint } from './endpoint.ts';
export type { Callers, Endpoint, EndpointSpec, HttpMethod, PathValues, Refusals } from './endpoint.ts';
export { V as VALIDATION_KEYS } from './validation-keys.ts';
export type { Envelope } from './envelope.ts';
export type { ContentType, ContentSummary, ContentItem } from './content.ts';
export type { ParamResult } from './settings.ts';
export type {
  MarketItem,
  MarketTick,
  MarketInfo,
  ListMarketQuery,
  ListMarketResult,
  CandlesQuery,
  Candle,
  CandlesResult,
  WatchlistResult,
  HomeStatistics,
  TradingSessionName,
} from './market.ts';
export type {
  ClientFrame,
  ServerFrame,
  MarketsFrame,
  TicksFrame,
  BalanceUpdate,
  AccountModeFrame,
  CurrencyFigures,
  RefreshRequest,
  UserEventFrame,
  UserEventKey,
} from './live.ts';
export { BALANCE_FIGURES_VERSION, MAX_REFRESH_KEYS, USER_EVENT_KEYS, USER_EVENT_VERSION } from './live.ts';
export type { RolloutRemote, RolloutDocument } from './release.ts';
export type { ValidationIssues } from './validation.ts';
export type { FaqItem, NoticeSummary, NoticeItem, SearchHelpResult } from './help.ts';
export type { OpenTicketBody, TicketAccess, SupportMessage, TicketView, UploadResult } from './support.ts';
export { IMAGE_LIMITS, IMAGE_TYPES } from './image-limits.ts';
export { MESSAGE_LIMIT_VARIABLES, OPERATOR_NOTE_MAX, SUPPORT_MESSAGE_MAX, USER_NOTE_MAX } from './message-limits.ts';
export { sniffImage } from './image-sniff.ts';
export { tronSignInMessage, parseTronSignInMessage } from './wallet-message.ts';
export type { WalletSignInFields } from './wallet-message.ts';
export type { ImageMime } from './image-sniff.ts';

export {
  AREA_CODES,
  ACCOUNT_MODES,
  DEMO_START_BALANCE,
  CODE_RULES,
  WALLET_RULES,
  WALLET_CHAINS,
  NOTIFICATION_KINDS,
} from './accounts-constants.ts';
export type { AreaCode, AccountModeName, WalletChain } from './accounts-constants.ts';
export type {
  PublicUserInfo,
  SessionResult,
  AccountFigures,
  UserInfoResult,
  SessionItem,
  NotificationItem,
  ListNotificationsResult,
  WalletNonceResult,
} from './accounts.ts';
export {
  Money,
  money,
  toPay,
  toReceive,
  toPnl,
  toStore,
  moneyString,
  isAmount,
  compareMoney,
  MONEY_PLACES,
  STORE_PLACES,
} from './money.ts';
export type { MoneyInput } from './money.ts';
export { wholeNumber } from './whole-number.ts';
export {
  CONTRACT_SIDES,
  CONTRACT_STATUSES,
  CLOSE_REASONS,
  OPTION_DIRECTIONS,
  OPTION_STATUSES,
  MAX_LOTS,
  LOT_PLACES,
  ORDER_PAGE_SIZE_MAX,
  PNL_THRESHOLDS,
  notional,
  contractMargin,
  contractFee,
  rawPnl,
  settledPnl,
  pnlPercent,
  liquidationPrice,
  triggeredClose,
  stopLossReasonable,
  takeProfitReasonable,
  optionProfit,
  optionOutcome,
} from './trading-math.ts';
export type { ContractSide, ContractStatus, CloseReason, OptionDirection, OptionStatus } from './trading-math.ts';
export {
  USER_ACCOUNT_KINDS,
  SYSTEM_ACCOUNT_KINDS,
  TRANSFER_TYPES,
  ONCE_PER_EVENT_TRANSFER_TYPES,
  TRADING_CURRENCY,
} from './ledger-types.ts';
export type { UserAccountKind, SystemAccountKind, TransferType, OncePerEventTransferType } from './ledger-types.ts';
export { CURRENCIES, CURRENCY_CODES_LIST, isCurrencyCode, currencyOf, fitsCurrency, tooManyPlacesKey, amountIn } from './currencies.ts';
export type { Currency, CurrencyCode } from './currencies.ts';
export { MONEY_CODES, MODE_CODES, MODE_CHANGED_KEYS, CURRENCY_CODES } from './error-codes.ts';
export type {
  BuyContractsBody,
  ContractOrder,
  CloseContractsResult,
  ListOrderQuery,
  ListOrderResult,
  OptionsProduct,
  TradingTerms,
  BuyOptionsBody,
  OptionsOrder,
  ListOptionsOrderQuery,
  ListOptionsOrderResult,
} from './trading.ts';
export {
  OPERATOR_ROLES,
  ANY_OPERATOR,
  OPERATOR_SESSION,
  SETUP_LINK_HOURS,
  REVIEW_KINDS,
  REVIEW_DECIDERS,
  REVIEW_APPROVAL_REASONS,
  reviewReaders,
  REVIEW_STATES,
  REVIEW_LIMIT_HOURS,
  REVIEW_REASONS,
  ALL_REASON_CODES,
  AUDIT_ACTIONS,
  OPERATOR_CODES,
  USER_FACING_SETTINGS,
  OPERATOR_TOKEN_PREFIX,
  HALTED_INSTRUMENTS_KEY,
} from './operators.ts';
export type { OperatorRole, ReviewKind, ReviewState, ReasonCode, AuditAction } from './operators.ts';
export { BACKOFFICE_SECTIONS, BACKOFFICE_SECTION_LIST } from './backoffice-sections.ts';
export type { BackofficeSection, BackofficeSectionKey } from './backoffice-sections.ts';
export type {
  OperatorView,
  OperatorSignInBody,
  OperatorSession,
  SetupInfo,
  CompleteSetupBody,
  InviteOperatorBody,
  ReviewView,
  ListReviewsQuery,
  DecideReviewBody,
  DashboardResult,
  OptionsProductView,
  ProposeCorrectionBody,
  UserDetail,
  AuditEntry,
  AuditQuery,
  ContentKind,
  ContentEntry,
  SaveContentBody,
  PreviewContentResult,
} from './backoffice.ts';
export {
  FUNDING_CURRENCIES,
  FUNDING_NETWORKS,
  FUNDING_NETWORK_NAMES,
  networksOf,
  isTransactionHash,
  explorerLink,
  DEPOSIT_MINIMUMS,
  DEPOSIT_MESSAGE_VARIABLES,
  FUNDING_KEYS,
  DEPOSIT_STATES,
  DEPOSITS_PAGE_SIZE,
  STATEMENT_PAGE_SIZE,
} from './funding-rules.ts';
export type { FundingCurrency, FundingNetwork, DepositState } from './funding-rules.ts';
export {
  WITHDRAWAL_METHODS,
  WITHDRAWAL_NETWORKS,
  WITHDRAWAL_MINIMUMS,
  WITHDRAWAL_MESSAGE_VARIABLES,
  WITHDRAWAL_STATES,
  WITHDRAWALS_PAGE_SIZE,
  WITHDRAWAL_KEYS,
  WALLET_LINK_HOLD_SECONDS,
  MAIN_NETWORKS,
  AUTHORIZATION_STATEMENT,
  chainOfNetwork,
  withdrawalNetworksOf,
  withdrawalFigures,
  withdrawalAuthorizationMessage,
  parseWithdrawalAuthorization,
} from './withdrawal-rules.ts';
export type { WithdrawalMethod, WithdrawalNetwork, WithdrawalState, WithdrawalAuthorizationFields } from './withdrawal-rules.ts';
export type {
  WithdrawalBody,
  WithdrawalView,
  ListWithdrawalResult,
  WithdrawalCodeResult,
  WalletLinkView,
  WithdrawalAuthResult,
  AuthorizationNonceResult,
  UpdateUsdtAuthBody,
} from './withdrawals.ts';
export type {
  RechargeBody,
  DepositView,
  ListRechargeResult,
  DepositAddressesResult,
  InvitedFriend,
  ListInvitesResult,
  StatementLine,
  StatementResult,
} from './funding.ts';
export {
  EXCHANGE_CRYPTO,
  EXCHANGE_CURRENCIES,
  isExchangePair,
  EXCHANGE_MIN_RECEIVE,
  EXCHANGE_MESSAGE_VARIABLES,
  EXCHANGE_KEYS,
  EXCHANGE_QUOTE_TTL_MS,
  EXCHANGE_RATE_PLACES,
  EXCHANGES_PAGE_SIZE,
  exchangeRate,
  exchangeFee,
  exchangeReceived,
  quoteExchange,
  meetsExchangeMinimum,
} from './exchange-rules.ts';
export type { ExchangeCurrency, ExchangeFigures } from './exchange-rules.ts';
export type { ExchangeQuoteBody, ExchangeQuoteResult, SubmitExchangeBody, ExchangeView, ListExchangesResult } from './exchange.ts';
export * from './kyc-rules.ts';
export type { IdentificationBody, IdentificationResult, KycSubmissionView } from './kyc.ts';
export * from './loan-rules.ts';
export type { LoanBody, LoanView, LoanEventView, ListLoansResult, LoanDetailResult, LoanProductsResult, RepayLoanBody } from './loans.ts';
export * from './smart-rules.ts';
export * from './nft-rules.ts';
export type {
  BidNftBody,
  BuyNftBody,
  CharitiesResult,
  CharityBody,
  CharityView,
  ListNftQuery,
  ListNftResult,
  MyNftBid,
  MyNftsResult,
  NftAuctionFrame,
  NftBidView,
  NftBody,
  NftDetail,
  NftMoveResult,
  NftsAdminResult,
  NftView,
} from './nft.ts';
export { nftTopicOf } from './nft.ts';
export type {
  BuySmartBody,
  EarlyExitPreview,
  ListSmartOrderResult,
  SmartAccrualView,
  SmartOrderDetail,
  SmartOrderView,
  SmartProductBody,
  SmartProductsResult,
  SmartProductView,
} from './smart.ts';
