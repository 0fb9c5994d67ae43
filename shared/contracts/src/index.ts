export { SUCCESS_CODE, envelope, decimalString } from './envelope.ts';
export type { Envelope } from './envelope.ts';
export { ERROR_CODES, CLIENT_ERROR_CODES, messageKeyForCode } from './error-codes.ts';
export type { ErrorCode } from './error-codes.ts';
export { LANGUAGES, LANGUAGE_CODES, DEFAULT_LANGUAGE, isLanguageCode, contentLanguageId } from './languages.ts';
export type { LanguageCode } from './languages.ts';
export {
  CONTENT_TYPES,
  contentType,
  contentSummary,
  contentItem,
  listContentsParams,
  listContentsQuery,
  listContentsResult,
  getContentByIdParams,
} from './content.ts';
export type { ContentType, ContentSummary, ContentItem } from './content.ts';
export { PARAM_KEYS, getParamParams, paramResult } from './settings.ts';
export type { ParamKey, ParamResult } from './settings.ts';
export { MARKET_TYPES, marketType, marketItem } from './market.ts';
export type { MarketItem } from './market.ts';
export { clientFrame, serverFrame, pnlEntry } from './live.ts';
export type { ClientFrame, ServerFrame, MarketsFrame, BalanceUpdate } from './live.ts';
export { CUSTOMER_API, API_PATHS, LIVE_PATH, RELEASE_PATHS } from './api-paths.ts';
export { REMOTE_NAMES, containerName, semverString, rolloutRemote, rolloutDocument } from './release.ts';
export type { RemoteName, RolloutRemote, RolloutDocument } from './release.ts';
