import { and, count, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetCell } from '../csv/spreadsheet-cell.ts';
import type { AuditAction } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

/** Who acted: a signed-in operator, the break-glass token of automation, or the platform itself. */
export interface Actor {
  id: string | null;
  email: string;
  ip: string;
}

/** What an operator changed, recorded in the same transaction as the change (append-only table). */
export async function audit(
  db: Database | Transaction,
  actor: Actor,
  action: AuditAction,
  target: { kind: string; id: string },
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.id,
    actor: actor.email,
    action,
    targetKind: target.kind,
    targetId: target.id,
    before: before ?? null,
    after: after ?? null,
    ip: actor.ip.slice(0, 64),
  });
}

/** Search of the audit log: words in actor, action, target or values; an action; a time range. Newest first. */
export function auditFilter(query: { q?: string; action?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  const parts = [];
  const term = query.q?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        ilike(auditLog.actor, like),
        ilike(auditLog.action, like),
        ilike(auditLog.targetId, like),
        ilike(auditLog.targetKind, like),
        ilike(auditLog.ip, like),
        sql`${auditLog.before}::text ilike ${like}`,
        sql`${auditLog.after}::text ilike ${like}`,
      ),
    );
  }
  if (query.action) parts.push(eq(auditLog.action, query.action));
  if (query.from) parts.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) parts.push(lte(auditLog.at, new Date(query.to)));
  return parts.length ? and(...parts) : undefined;
}

const entry = (r: typeof auditLog.$inferSelect) => ({
  id: r.id,
  at: r.at.toISOString(),
  operator: r.actor,
  action: r.action as AuditAction,
  targetKind: r.targetKind,
  targetId: r.targetId,
  before: r.before,
  after: r.after,
  ip: r.ip,
});

export async function searchAudit(db: Database, query: Parameters<typeof auditFilter>[0] & { page: number }) {
  const where = auditFilter(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(50)
    .offset((query.page - 1) * 50);
  return { items: rows.map(entry), total };
}

/** The matching entries as CSV (at most 100,000 rows, newest first). */
export async function exportAudit(db: Database, query: Parameters<typeof auditFilter>[0]): Promise<string> {
  const rows = await db.select().from(auditLog).where(auditFilter(query)).orderBy(desc(auditLog.id)).limit(100_000);
  return stringify(
    rows.map((r) => {
      const e = entry(r);
      return [e.id, e.at, e.operator, e.action, e.targetKind, e.targetId, JSON.stringify(e.before), JSON.stringify(e.after), e.ip].map(
        spreadsheetCell,
      );
    }),
    { header: true, columns: ['id', 'at', 'operator', 'action', 'target_kind', 'target_id', 'before', 'after', 'ip'] },
  );
}
