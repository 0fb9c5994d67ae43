import { z } from 'zod';

export const contentType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type ContentType = z.infer<typeof contentType>;

/** A content page as listed (no body). */
export const contentSummary = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  type: contentType,
  languageId: z.union([z.literal(1), z.literal(2)]),
});
export type ContentSummary = z.infer<typeof contentSummary>;

/** A content page with its sanitized HTML body. */
export const contentItem = contentSummary.extend({ body: z.string(), updatedAt: z.string() });
export type ContentItem = z.infer<typeof contentItem>;

export const listContentsParams = z.object({
  lang: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)])),
});
export const listContentsQuery = z.object({ type: z.coerce.number().int().pipe(contentType).optional() });
export const listContentsResult = z.array(contentSummary);
export const getContentByIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
