import { z } from 'zod';
import { V } from './validation.ts';

export const faqItem = z.object({
  id: z.number().int().positive(),
  category: z.string(),
  question: z.string(),
  /** Sanitized HTML. */
  answer: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

export const noticeSummary = z.object({ id: z.number().int().positive(), title: z.string(), publishedAt: z.string() });
export type NoticeSummary = z.infer<typeof noticeSummary>;
export const noticeItem = noticeSummary.extend({ body: z.string() });
export type NoticeItem = z.infer<typeof noticeItem>;

export const langParams = z.object({
  lang: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)])),
});
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const listFaqResult = z.array(faqItem);
export const listNoticesResult = z.array(noticeSummary);

export const searchHelpQuery = z.object({
  q: z.string({ error: V.searchTooShort }).trim().min(2, { error: V.searchTooShort }).max(100, { error: V.searchTooLong }),
});
export const searchHelpResult = z.object({ faqs: z.array(faqItem), notices: z.array(noticeSummary) });
export type SearchHelpResult = z.infer<typeof searchHelpResult>;
