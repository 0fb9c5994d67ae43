import { and, asc, eq } from 'drizzle-orm';
import { contentItem, listContentsResult } from '@meridian/contracts/schemas';
import type { ContentItem, ContentSummary, ContentType } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { contents } from '../db/schema.ts';

/** The content pages of a language (optionally of one type), by type then their order, without bodies. */
export async function listContentPages(db: Database, lang: 1 | 2, type: ContentType | undefined): Promise<ContentSummary[]> {
  const where = type ? and(eq(contents.languageId, lang), eq(contents.type, type)) : eq(contents.languageId, lang);
  const rows = await db
    .select({ id: contents.id, title: contents.title, type: contents.type, languageId: contents.languageId })
    .from(contents)
    .where(where)
    .orderBy(asc(contents.type), asc(contents.sortOrder), asc(contents.id));
  return listContentsResult.parse(rows);
}

/** One content page with its (sanitized on the way in) body, or undefined. */
export async function findContentPage(db: Database, id: number): Promise<ContentItem | undefined> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id));
  if (!row) return undefined;
  return contentItem.parse({
    id: row.id,
    title: row.title,
    type: row.type,
    languageId: row.languageId,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  });
}
