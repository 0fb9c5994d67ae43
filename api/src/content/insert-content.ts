import type { Database } from '../db/database.ts';
import { contents } from '../db/schema.ts';
import { sanitizeContent } from './sanitize-content.ts';

export interface NewContent {
  title: string;
  body: string;
  type: 1 | 2 | 3 | 4;
  languageId: 1 | 2;
  sortOrder?: number;
}

/** The one way content enters the database: its body is sanitized on the way in. */
export async function insertContent(db: Database, items: NewContent[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(contents)
    .values(items.map((c) => ({ ...c, sortOrder: c.sortOrder ?? 0, body: sanitizeContent(c.body) })))
    .returning();
  return rows.map((r) => r.id);
}
