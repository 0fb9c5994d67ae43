/** The code every successful call answers with. */
export const SUCCESS_CODE = '200';

/**
 * Stable server codes (SPEC §7) → the translation key the client shows for them, in the `common`
 * namespace. A code not listed maps to `errors.unknown`.
 */
export const ERROR_CODES = {
  '10001': 'errors.10001',
  '10002': 'errors.10002',
  '10003': 'errors.10003',
  '10004': 'errors.10004',
  '10005': 'errors.10005',
  '10006': 'errors.10006',
  '10007': 'errors.10007',
  '10008': 'errors.10008',
  '10009': 'errors.10009',
  '10010': 'errors.10010',
  '10011': 'errors.10011',
  '10012': 'errors.10012',
  '10013': 'errors.10013',
  '10014': 'errors.10014',
  '10015': 'errors.10015',
  '10016': 'errors.10016',
  '10017': 'errors.10017',
  '10018': 'errors.10018',
  '10019': 'errors.10019',
  '10020': 'errors.10020',
  '10021': 'errors.10021',
  '10022': 'errors.10022',
  '10023': 'errors.10023',
  '10024': 'errors.10024',
  '10025': 'errors.10025',
  '10091': 'errors.10091',
  '19999': 'errors.19999',
  '10092': 'errors.10092',
  '10093': 'errors.10093',
  '10094': 'errors.10094',
  '10095': 'errors.10095',
  '10096': 'errors.10096',
  '10097': 'errors.10097',
  '10098': 'errors.10098',
  /** Stop loss on the wrong side of the open price (SPEC §5.7). */
  '10099': 'errors.10099',
  /** Take profit on the wrong side of the open price (SPEC §5.7). */
  '10100': 'errors.10100',
  /** An Idempotency-Key sent again with other parameters. */
  '10101': 'errors.10101',
  /** A money-moving call without a well-formed Idempotency-Key header. */
  '10102': 'errors.10102',
  /** The position is not open (closed already, or not yours): "close failed, try later". */
  '10103': 'errors.10103',
  /** A leverage the instrument does not offer. */
  '10104': 'errors.10104',
  /**
   * The `virtually` header names the other account than the one the user chose (switchMode, maybe in
   * another window): nothing was done; `result.mode` is the account in use now.
   */
  '10110': 'errors.10110',
  /**
   * An amount with more decimal places than its currency accepts (the currency table): refused, never
   * rounded; `result` is `{ currency, places, key }`, `key` the message naming them.
   */
  '10111': 'errors.10111',
  /** Funding needs the real account (SPEC §4: demo cannot deposit or withdraw): "switch to your real account". */
  '10120': 'errors.10120',
  /** No deposit address is set for the network yet: deposits on it are not open. */
  '10121': 'errors.10121',
  /** The transaction hash is claimed by another open deposit of its network. */
  '10122': 'errors.10122',
  /** The withdrawal address is still on the hold a new link starts (SPEC §5.5a). */
  '10130': 'errors.10130',
  /** The address's USDT authorization is not signed, or was revoked: "authorization not completed". */
  '10131': 'errors.10131',
  /** Withdrawals are confirmed by a code e-mailed to the account: it has no e-mail address. */
  '10132': 'errors.10132',
  /** The wallet link is cancelled or unknown (a cancel link used twice, a revoked address). */
  '10133': 'errors.10133',
  /** The withdrawal fee changed after the customer saw it: nothing was done; the form shows the new one. */
  '10134': 'errors.10134',
  /** A flash exchange quote past its 30 s: nothing was exchanged; a new quote is needed. */
  '10123': 'errors.10123',
  /** No live price for a currency of the pair now: no quote can be given. */
  '10124': 'errors.10124',
  /** A flash exchange quote that was carried out already: nothing was exchanged again. */
  '10125': 'errors.10125',
  /** A loan needs verified identity first ("KYC first"). */
  '10140': 'errors.10140',
  /** One open loan at a time: a loan is in review or being repaid. */
  '10141': 'errors.10141',
  /** A repayment above what the loan owes, or of a loan that owes nothing (not disbursed, repaid). */
  '10142': 'errors.10142',
  /** The amount is outside the product's range. */
  '10143': 'errors.10143',
  /** A smart plan product switched off by the operators ("smart trading not enabled"). */
  '10150': 'errors.10150',
  /** A plan that is not running (completed, ended early) cannot be left early. */
  '10151': 'errors.10151',
  /** The early-exit figures changed since they were shown (a day's income was credited): nothing was done. */
  '10152': 'errors.10152',
  /** The auction has ended (or the NFT was bought): no bid or purchase is taken. */
  '10160': 'errors.10160',
  /** The caller's bid leads already: a higher one would only raise their own price. */
  '10161': 'errors.10161',
  /** Buy now is not offered for this NFT (none set, or the bids reached its price). */
  '10162': 'errors.10162',
  /** The buy-now price changed since it was shown: nothing was bought; `result.price` is the price now. */
  '10163': 'errors.10163',
  '20001': 'success.20001',
  '20002': 'success.20002',
  '20003': 'success.20003',
  '20004': 'success.20004',
  '20005': 'success.20005',
  '400': 'errors.validation',
  '401': 'errors.unauthorized',
  '404': 'errors.notFound',
  '429': 'errors.rateLimited',
  '500': 'errors.unknown',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Named codes of the money calls (so no handler writes a bare literal). */
export const MONEY_CODES = {
  insufficientBalance: '10011',
  optionsProductWrong: '10014',
  notTradingNow: '10015',
  amountWrong: '10016',
  periodNotFound: '10017',
  stopLossUnreasonable: '10099',
  takeProfitUnreasonable: '10100',
  idempotencyKeyReused: '10101',
  idempotencyKeyMissing: '10102',
  closeFailed: '10103',
  leverageNotOffered: '10104',
} as const;

/** Named codes of the login group and the account calls (SPEC §7). */
export const ACCOUNT_CODES = {
  usernameOrEmailRequired: '10001',
  emailWrong: '10002',
  passwordWrong: '10004',
  statusAbnormal: '10005',
  emailExists: '10007',
  codeWrong: '10091',
  codeExpired: '10092',
  codesExhausted: '10093',
  walletSignatureBad: '10094',
  walletRequestSpent: '10095',
  providerFailed: '10096',
  /** The address was taken between the check and the insert (a sign-up race). */
  emailTaken: '19999',
} as const;

/**
 * SPEC §7 success codes: a call that succeeds answers one of these (or `SUCCESS_CODE`) as its `code`,
 * and the client shows the code's message.
 */
export const SUCCESS_CODES = {
  submittedForReview: '20001',
  rechargeSubmitted: '20002',
  withdrawalSubmitted: '20003',
  purchaseSuccessful: '20004',
  modified: '20005',
} as const;
export type SuccessCode = (typeof SUCCESS_CODES)[keyof typeof SUCCESS_CODES];

/** True for `SUCCESS_CODE` and the SPEC §7 success codes. */
export function isSuccessCode(code: string): boolean {
  return code === SUCCESS_CODE || (Object.values(SUCCESS_CODES) as string[]).includes(code);
}

/** Named codes of the account mode (SPEC §4): the server's stored mode decides, never the header. */
export const MODE_CODES = {
  /** A request for the other account than the stored mode; its result is `{ mode }`, the mode in use. */
  accountModeChanged: '10110',
} as const;

/** The message of `MODE_CODES.accountModeChanged` naming the account now in use (common namespace). */
export const MODE_CHANGED_KEYS = { demo: 'errors.modeChangedDemo', real: 'errors.modeChangedReal' } as const;

/** Named codes of the currency table (ARCHITECTURE "Money"). */
export const CURRENCY_CODES = {
  /** More decimal places than the currency accepts; `result` is `{ currency, places, key }`. */
  tooManyPlaces: '10111',
} as const;

/** Named codes of funding (issue 25). */
export const FUNDING_CODES = {
  realOnly: '10120',
  networkClosed: '10121',
  hashUsed: '10122',
  /** SPEC §7 "receiving address missing": no linked address of the caller on the network's chain. */
  addressMissing: '10021',
  /** SPEC §7 "select a withdrawal method". */
  methodMissing: '10025',
  addressOnHold: '10130',
  authorizationMissing: '10131',
  emailNeeded: '10132',
  linkUnknown: '10133',
  feeChanged: '10134',
  /** Flash exchange: the quote expired (30 s). */
  quoteExpired: '10123',
  /** Flash exchange: no live price for a currency of the pair. */
  noPrice: '10124',
  /** Flash exchange: the quote was used already. */
  quoteUsed: '10125',
} as const;

/** Named codes of identity verification and loans (issue 26). */
export const LOAN_CODES = {
  /** SPEC §7 10019 "authentication status wrong": a verification is pending, or the caller is verified already. */
  kycStatusWrong: '10019',
  /** SPEC §7 10023: the loan products are misconfigured, or the term/terms sent are not a product's now. */
  periodMisconfigured: '10023',
  kycFirst: '10140',
  loanOpen: '10141',
  repayNotOwed: '10142',
  amountOutOfRange: '10143',
} as const;

export const SMART_CODES = {
  /** SPEC §7 10010: no such product. */
  productWrong: '10010',
  /** SPEC §7 10012: the term sent is not the product's now. */
  daysNotFound: '10012',
  /** SPEC §7 10013: the amount is outside the product's range. */
  amountWrong: '10013',
  /** SPEC §7 10024: a plan of this product is running. */
  alreadyBought: '10024',
  notEnabled: '10150',
  notRunning: '10151',
  previewChanged: '10152',
} as const;

export const NFT_CODES = {
  /** SPEC §7 10016 "purchase amount wrong": a bid under the minimum; `result.minimum` is the minimum now. */
  bidTooLow: '10016',
  notLive: '10160',
  leading: '10161',
  noBuyNow: '10162',
  priceChanged: '10163',
} as const;

/** Client-side failure codes that never come from the server. */
export const CLIENT_ERROR_CODES = { timeout: 'errors.timeout', network: 'errors.network', badResponse: 'errors.unknown' } as const;

/** The translation key for a server code. */
export function messageKeyForCode(code: string): string {
  return (ERROR_CODES as Record<string, string>)[code] ?? 'errors.unknown';
}
