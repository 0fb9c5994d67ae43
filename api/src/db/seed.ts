import { sql } from 'drizzle-orm';
import { insertContent } from '../content/insert-content.ts';
import { sanitizeContent } from '../content/sanitize-content.ts';
import type { Database } from './database.ts';
import { contents, faqs, notices, settings } from './schema.ts';
import { SEED_FAQ_EN, SEED_FAQ_ZH, SEED_NOTICES_EN, SEED_NOTICES_ZH } from './seed-help.ts';
import { SEED_CONTENT_EN, SEED_CONTENT_ZH, SEED_SETTINGS } from './seed-data.ts';

/** Seeds the demo content and the default settings once (an empty table only). */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(SEED_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const [faqCount] = await db.select({ n: sql<number>`count(*)::int` }).from(faqs);
  if ((faqCount?.n ?? 0) === 0) {
    await db
      .insert(faqs)
      .values(
        [
          ...SEED_FAQ_EN.map((f, i) => ({ ...f, languageId: 2, sortOrder: i })),
          ...SEED_FAQ_ZH.map((f, i) => ({ ...f, languageId: 1, sortOrder: i })),
        ].map((f) => ({ ...f, answer: sanitizeContent(f.answer) })),
      );
    await db.insert(notices).values(
      [...SEED_NOTICES_EN.map((n) => ({ ...n, languageId: 2 })), ...SEED_NOTICES_ZH.map((n) => ({ ...n, languageId: 1 }))].map((n) => ({
        ...n,
        body: sanitizeContent(n.body),
        publishedAt: new Date(n.publishedAt),
      })),
    );
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contents);
  if ((row?.n ?? 0) > 0) return;
  await insertContent(db, [
    ...SEED_CONTENT_EN.map((c, i) => ({ ...c, languageId: 2 as const, sortOrder: i })),
    ...SEED_CONTENT_ZH.map((c, i) => ({ ...c, languageId: 1 as const, sortOrder: i })),
  ]);
}
