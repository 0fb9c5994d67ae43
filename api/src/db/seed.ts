import { sql } from 'drizzle-orm';
import { sanitizeContent } from '../content/sanitize-content.ts';
import type { Database } from './database.ts';
import { contents, settings } from './schema.ts';
import { SEED_CONTENT_EN, SEED_CONTENT_ZH, SEED_SETTINGS } from './seed-data.ts';

/** Seeds the demo content and the default settings once (an empty table only). */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(SEED_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contents);
  if ((row?.n ?? 0) > 0) return;
  const rows = [
    ...SEED_CONTENT_EN.map((c, i) => ({ ...c, languageId: 2, sortOrder: i })),
    ...SEED_CONTENT_ZH.map((c, i) => ({ ...c, languageId: 1, sortOrder: i })),
  ].map((c) => ({ ...c, body: sanitizeContent(c.body) }));
  await db.insert(contents).values(rows);
}
