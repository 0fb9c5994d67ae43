import { z } from 'zod';
import { IMAGE_TYPES } from './image-limits.ts';
import { V, emailField } from './validation.ts';
import { SUPPORT_MESSAGE_MAX } from './message-limits.ts';
import { REVIEW_REASONS, REVIEW_STATES } from './operators.ts';

export const supportMessageText = z
  .string({ error: V.messageRequired })
  .trim()
  .min(1, { error: V.messageRequired })
  .max(SUPPORT_MESSAGE_MAX, { error: V.messageTooLong });

export const openTicketBody = z.object({
  email: emailField,
  message: supportMessageText,
  imageId: z.uuid({ error: V.invalid }).optional(),
});
export type OpenTicketBody = z.input<typeof openTicketBody>;

/** What the visitor keeps: the conversation id and its secret key (only a hash is stored). */
export const ticketAccess = z.object({
  ticket: z.uuid({ error: V.invalid }),
  key: z.string({ error: V.invalid }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: V.invalid }),
});
export type TicketAccess = z.infer<typeof ticketAccess>;

export const replyTicketBody = ticketAccess.extend({ message: supportMessageText, imageId: z.uuid({ error: V.invalid }).optional() });

export const supportMessage = z.object({
  id: z.number().int().positive(),
  author: z.enum(['visitor', 'operator']),
  body: z.string(),
  imageId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const ticketView = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  createdAt: z.string(),
  messages: z.array(supportMessage),
  /** The conversation's place in the support queue: state, reason code, time waited against the limit. */
  review: z
    .object({
      state: z.enum(REVIEW_STATES),
      reasonCode: z.string().nullable(),
      enqueuedAt: z.string(),
      decidedAt: z.string().nullable(),
      waitedSeconds: z.number().int(),
      limitSeconds: z.number().int(),
    })
    .nullable(),
});
export type TicketView = z.infer<typeof ticketView>;

export const openTicketResult = ticketAccess;
/** The image of a support message, by its upload id. */
export const supportImageParams = z.object({ imageId: z.uuid() });
export const uploadResult = z.object({ id: z.uuid(), mime: z.enum(IMAGE_TYPES), size: z.number().int().positive() });
export type UploadResult = z.infer<typeof uploadResult>;

export const ticketSummary = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessage: z.string(),
  messageCount: z.number().int(),
});
export const listTicketsResult = z.array(ticketSummary);
export const operatorReplyBody = z.object({ message: supportMessageText });
export const ticketIdParams = z.object({ id: z.uuid({ error: V.invalid }) });
/** An operator closes a conversation with a support reason (`resolved` unless one is named). */
export const closeTicketBody = z.object({ reasonCode: z.enum(REVIEW_REASONS.support).default('resolved') });
/** An image of a conversation's message, by the conversation and the image. */
export const ticketImageParams = ticketIdParams.extend({ imageId: z.uuid() });
