// The zod schemas of every call and live message, shared by the API and the web.
export { envelope, decimalString } from './envelope.ts';
export {
  contentType,
  contentSummary,
  contentItem,
  listContentsParams,
  listContentsQuery,
  listContentsResult,
  getContentByIdParams,
} from './content.ts';
export { getParamParams, paramResult } from './settings.ts';
export {
  marketType,
  marketItem,
  marketTick,
  marketTopic,
  tradingSession,
  marketInfo,
  listMarketQuery,
  listMarketResult,
  candleInterval,
  candlesQuery,
  candle,
  candlesResult,
  marketIdParams,
  watchlistBody,
  watchlistResult,
  homeStatistics,
} from './market.ts';
export { clientFrame, serverFrame, pnlEntry, currencyFigures } from './live.ts';
export {
  semverString,
  rolloutRemote,
  rolloutDocument,
  releaseTelemetryRow,
  releaseStatus,
  releaseHistoryEntry,
  releaseHistory,
  releaseCanaryBody,
} from './release.ts';
export type { ReleaseTelemetryRow, ReleaseStatus, ReleaseHistoryEntry, ReleaseCanaryBody } from './release.ts';
export { emailField, firstProblems, validationIssues } from './validation.ts';
export {
  faqItem,
  noticeSummary,
  noticeItem,
  langParams,
  idParams,
  listFaqResult,
  listNoticesResult,
  searchHelpQuery,
  searchHelpResult,
} from './help.ts';
export {
  supportMessageText,
  openTicketBody,
  ticketAccess,
  replyTicketBody,
  supportMessage,
  ticketView,
  openTicketResult,
  uploadResult,
  ticketSummary,
  listTicketsResult,
  operatorReplyBody,
  ticketIdParams,
} from './support.ts';
export {
  passwordField,
  currentPasswordField,
  codeField,
  areaCodeField,
  phoneField,
  inviteCodeField,
  checkUserNameOrPhoneQuery,
  checkUserNameOrPhoneResult,
  sendCodeBody,
  sendCodeResult,
  registerBody,
  loginBody,
  resetPasswordBody,
  publicUser,
  sessionResult,
  accountFigures,
  userInfoResult,
  switchModeBody,
  accountModeChangedResult,
  setLanguageBody,
  repasswordBody,
  sessionItem,
  listSessionsResult,
  revokeSessionsBody,
  notificationItem,
  listNotificationsResult,
  readNotificationsBody,
  walletNonceQuery,
  walletNonceResult,
  loginByWalletBody,
  socialProvider,
  socialProvidersResult,
  socialStartBody,
  googleStartBody,
  socialStartResult,
  outboxMessage,
  outboxResult,
  outboxQuery,
} from './accounts.ts';
// A form that sets a password: the new one and its confirmation (sign-up, reset, settings, operator set-up).
export { withNewPassword } from './new-password.ts';
export {
  amountField,
  lotsField,
  lotsWithin,
  lotTerms,
  LOTS_OUT_OF_BOUNDS,
  LIMIT_PRICE_INVALID,
  priceField,
  buyContractsBody,
  contractOrder,
  closeContractsResult,
  listOrderQuery,
  listOrderResult,
  optionsProduct,
  tradingTerms,
  buyOptionsBody,
  optionsOrder,
  listOptionsOrderQuery,
  listOptionsOrderResult,
  orderIdParams,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_HEADER,
} from './trading.ts';
// Lot bounds (issue 31) sit beside their schemas, with the pure check both sides use.
export { lotTermsFor, lotsBreach } from './trading-math.ts';
export type { LotTerms } from './trading-math.ts';
// Limit orders (SPEC §4 pending).
export { ORDER_TYPES, PENDING_ORDER_TTL_MS, limitReached } from './trading-math.ts';
export type { OrderType } from './trading-math.ts';
export * from './backoffice.ts';
export {
  depositForm,
  rechargeBody,
  depositView,
  listRechargeQuery,
  listRechargeResult,
  depositAddressesResult,
  listInvitesResult,
} from './funding.ts';
export { withdrawalForm, withdrawalBody, withdrawalView, walletLinkView, updateUsdtAuthBody } from './withdrawals.ts';
export {
  exchangeQuoteBody,
  exchangeQuoteResult,
  submitExchangeBody,
  exchangeView,
  listExchangesQuery,
  listExchangesResult,
} from './exchange.ts';
export { identificationBody, identificationForm, identificationResult, kycSubmissionView } from './kyc.ts';
export { loanBody, loanForm, loanView, listLoansResult, loanDetailResult, loanProductsResult, repayLoanBody } from './loans.ts';
export {
  buySmartBody,
  earlyExitBody,
  earlyExitPreview,
  smartForm,
  smartOrderDetail,
  smartOrderView,
  smartProductBody,
  smartProductsResult,
  smartProductView,
} from './smart.ts';
export { bidNftBody, buyNftBody, charityBody, nftAuctionFrame, nftBody, nftDetail, nftView, listNftResult, myNftsResult } from './nft.ts';
