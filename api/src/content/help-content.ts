import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { FaqItem, NoticeItem, NoticeSummary, SearchHelpResult } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { faqs, notices } from '../db/schema.ts';

const faqColumns = { id: faqs.id, category: faqs.category, question: faqs.question, answer: faqs.answer };
const noticeColumns = { id: notices.id, title: notices.title, publishedAt: notices.publishedAt };
const noticeSummary = (n: { id: number; title: string; publishedAt: Date }): NoticeSummary => ({
  id: n.id,
  title: n.title,
  publishedAt: n.publishedAt.toISOString(),
});

/** The FAQ of a language, in their order. */
export async function listFaq(db: Database, lang: 1 | 2): Promise<FaqItem[]> {
  return db.select(faqColumns).from(faqs).where(eq(faqs.languageId, lang)).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

/** The notices of a language, newest first, without bodies. */
export async function listNotices(db: Database, lang: 1 | 2): Promise<NoticeSummary[]> {
  const rows = await db
    .select(noticeColumns)
    .from(notices)
    .where(eq(notices.languageId, lang))
    .orderBy(desc(notices.publishedAt), desc(notices.id));
  return rows.map(noticeSummary);
}

/** One notice with its body, or undefined. */
export async function findNotice(db: Database, id: number): Promise<NoticeItem | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  return row ? { ...noticeSummary(row), body: row.body } : undefined;
}

/** Up to 20 questions and 20 notices of a language whose text contains `q`, taken literally. */
export async function searchHelp(db: Database, lang: 1 | 2, q: string): Promise<SearchHelpResult> {
  // The query is a literal: LIKE wildcards typed by the user are escaped.
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [faqRows, noticeRows] = await Promise.all([
    db
      .select(faqColumns)
      .from(faqs)
      .where(and(eq(faqs.languageId, lang), or(ilike(faqs.question, pattern), ilike(faqs.answer, pattern), ilike(faqs.category, pattern))))
      .orderBy(asc(faqs.sortOrder))
      .limit(20),
    db
      .select(noticeColumns)
      .from(notices)
      .where(and(eq(notices.languageId, lang), or(ilike(notices.title, pattern), ilike(notices.body, pattern))))
      .orderBy(desc(notices.publishedAt))
      .limit(20),
  ]);
  return { faqs: faqRows, notices: noticeRows.map(noticeSummary) };
}
