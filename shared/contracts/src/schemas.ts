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
export { marketType, marketItem } from './market.ts';
export { clientFrame, serverFrame, pnlEntry } from './live.ts';
export { semverString, rolloutRemote, rolloutDocument } from './release.ts';
export { emailField, validationIssues } from './validation.ts';
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
