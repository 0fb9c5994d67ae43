import { and, asc, desc, eq } from 'drizzle-orm';
import type { ContentEntry, ContentKind, SaveContentBody } from '@meridian/contracts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { contents, faqs, notices } from '../db/schema.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { sanitizeContent } from './sanitize-content.ts';

type PageRow = typeof contents.$inferSelect;
type FaqRow = typeof faqs.$inferSelect;
type NoticeRow = typeof notices.$inferSelect;

const fromPage = (r: PageRow): ContentEntry => ({
  kind: 'page',
  id: r.id,
  languageId: r.languageId,
  title: r.title,
  body: r.body,
  category: null,
  type: r.type,
  at: r.updatedAt.toISOString(),
});
const fromFaq = (r: FaqRow): ContentEntry => ({
  kind: 'faq',
  id: r.id,
  languageId: r.languageId,
  title: r.question,
  body: r.answer,
  category: r.category,
  type: null,
  at: r.updatedAt.toISOString(),
});
const fromNotice = (r: NoticeRow): ContentEntry => ({
  kind: 'notice',
  id: r.id,
  languageId: r.languageId,
  title: r.title,
  body: r.body,
  category: null,
  type: null,
  at: r.publishedAt.toISOString(),
});

/**
 * Content as operators edit it, per content language: company pages, FAQ entries and notices. Bodies
 * are sanitized on the way in (the same rules as the seed), and each change is audited before/after.
 */
export class ContentAdmin {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async list(kind: ContentKind, lang: number): Promise<ContentEntry[]> {
    if (kind === 'page')
      return (
        await this.db
          .select()
          .from(contents)
          .where(eq(contents.languageId, lang))
          .orderBy(asc(contents.type), asc(contents.sortOrder), asc(contents.id))
      ).map(fromPage);
    if (kind === 'faq')
      return (await this.db.select().from(faqs).where(eq(faqs.languageId, lang)).orderBy(asc(faqs.sortOrder), asc(faqs.id))).map(fromFaq);
    return (
      await this.db.select().from(notices).where(eq(notices.languageId, lang)).orderBy(desc(notices.publishedAt), desc(notices.id))
    ).map(fromNotice);
  }

  async create(actor: OperatorIdentity, kind: ContentKind, body: SaveContentBody): Promise<ContentEntry> {
    const clean = sanitizeContent(body.body);
    const at = new Date(this.now());
    return this.db.transaction(async (tx) => {
      let entry: ContentEntry;
      if (kind === 'page') {
        const [row] = await tx
          .insert(contents)
          .values({ title: body.title, body: clean, type: body.type ?? 1, languageId: body.languageId, updatedAt: at })
          .returning();
        entry = fromPage(row!);
      } else if (kind === 'faq') {
        const [row] = await tx
          .insert(faqs)
          .values({ category: body.category ?? 'general', question: body.title, answer: clean, languageId: body.languageId, updatedAt: at })
          .returning();
        entry = fromFaq(row!);
      } else {
        const [row] = await tx
          .insert(notices)
          .values({ title: body.title, body: clean, languageId: body.languageId, publishedAt: at })
          .returning();
        entry = fromNotice(row!);
      }
      await audit(tx, actor, 'content.create', { kind, id: String(entry.id) }, null, entry);
      return entry;
    });
  }

  async update(actor: OperatorIdentity, kind: ContentKind, id: number, body: SaveContentBody): Promise<ContentEntry> {
    const clean = sanitizeContent(body.body);
    const at = new Date(this.now());
    return this.db.transaction(async (tx) => {
      let before: ContentEntry | undefined;
      let after: ContentEntry | undefined;
      if (kind === 'page') {
        const [row] = await tx.select().from(contents).where(eq(contents.id, id)).for('update');
        before = row && fromPage(row);
        const [next] = row
          ? await tx
              .update(contents)
              .set({ title: body.title, body: clean, type: body.type ?? row.type, languageId: body.languageId, updatedAt: at })
              .where(eq(contents.id, id))
              .returning()
          : [];
        after = next && fromPage(next);
      } else if (kind === 'faq') {
        const [row] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
        before = row && fromFaq(row);
        const [next] = row
          ? await tx
              .update(faqs)
              .set({
                question: body.title,
                answer: clean,
                category: body.category ?? row.category,
                languageId: body.languageId,
                updatedAt: at,
              })
              .where(eq(faqs.id, id))
              .returning()
          : [];
        after = next && fromFaq(next);
      } else {
        const [row] = await tx
          .select()
          .from(notices)
          .where(and(eq(notices.id, id)))
          .for('update');
        before = row && fromNotice(row);
        const [next] = row
          ? await tx
              .update(notices)
              .set({ title: body.title, body: clean, languageId: body.languageId })
              .where(eq(notices.id, id))
              .returning()
          : [];
        after = next && fromNotice(next);
      }
      if (!before || !after) throw new ApiFailure('404', 'content not found', 404);
      await audit(tx, actor, 'content.change', { kind, id: String(id) }, before, after);
      return after;
    });
  }
}
