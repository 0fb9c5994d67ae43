import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_MODES, CURRENCIES, OPERATOR_CODES, TRADING_CURRENCY, moneyString, money } from '@meridian/contracts';
import type { AccountModeName, ReviewKind, UserDetail } from '@meridian/contracts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { ledgerAccounts, ledgerTransfers, operators, sessions, userNotes, users } from '../db/schema.ts';
import { Ledger, accountsOfUser } from '../ledger/ledger.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import type { OperatorIdentity } from './operators.ts';

const PAGE = 50;
type UserRow = typeof users.$inferSelect;

const userRow = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  phone: u.phone ? `${u.areaCode ?? ''} ${u.phone}`.trim() : null,
  wallet: u.walletAddress ? `${u.walletChain}:${u.walletAddress}` : null,
  status: u.status,
  kycStatus: u.kycStatus,
  accountMode: u.accountMode,
  createdAt: u.createdAt.toISOString(),
});

/** Customers as operators read them: search, profile, read-only balances and transfers, notes. */
export class CustomerDirectory {
  constructor(
    private readonly db: Database,
    private readonly reviews: ReviewService,
  ) {}

  async search(q: string, page: number) {
    const term = q.trim();
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = term
      ? or(ilike(users.email, like), ilike(users.phone, like), ilike(users.walletAddress, like), sql`${users.id}::text = ${term}`)
      : undefined;
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(users).where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(PAGE)
      .offset((page - 1) * PAGE);
    return { items: rows.map(userRow), total };
  }

  private async user(id: string): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new ApiFailure(OPERATOR_CODES.userNotFound, 'user not found', 404);
    return row;
  }

  /** A customer's profile; `kinds`: the review kinds the reading operator may see (their items only). */
  async detail(id: string, kinds: readonly ReviewKind[]): Promise<UserDetail> {
    const user = await this.user(id);
    const ledger = Ledger.of(this.db);
    // USD of each mode always; every other currency the user has an account in, in table order.
    const held = new Set((await accountsOfUser(this.db, id)).map((a) => `${a.mode}:${a.currency}`));
    const pairs = ACCOUNT_MODES.flatMap((mode) =>
      CURRENCIES.filter((c) => c.code === TRADING_CURRENCY || held.has(`${mode}:${c.code}`)).map((c) => ({ mode, currency: c.code })),
    );
    const balances = await Promise.all(
      pairs.map(async ({ mode, currency }) => {
        const b = await ledger.balancesOf(this.db, id, mode, currency);
        return { mode, currency, accounts: Object.fromEntries(Object.entries(b).map(([k, v]) => [k, moneyString(v)])) };
      }),
    );
    const sessionRows = await this.db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.lastUsedAt)).limit(20);
    const notes = await this.db
      .select({ id: userNotes.id, author: operators.email, body: userNotes.body, createdAt: userNotes.createdAt })
      .from(userNotes)
      .leftJoin(operators, eq(operators.id, userNotes.operatorId))
      .where(eq(userNotes.userId, id))
      .orderBy(desc(userNotes.id))
      .limit(100);
    return {
      user: userRow(user),
      balances,
      sessions: sessionRows.map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        revoked: s.revokedAt !== null,
      })),
      notes: notes.map((n) => ({ id: n.id, author: n.author ?? '', body: n.body, createdAt: n.createdAt.toISOString() })),
      reviews: await this.reviews.ofUser(id, kinds),
    };
  }

  /** The user's transfers of one mode, newest first, each seen from the user's side (in or out of which account). */
  async transfers(id: string, mode: AccountModeName, page: number) {
    await this.user(id);
    const debit = alias(ledgerAccounts, 'debit');
    const credit = alias(ledgerAccounts, 'credit');
    const where = and(eq(ledgerTransfers.userId, id), eq(ledgerTransfers.mode, mode));
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(ledgerTransfers).where(where);
    const rows = await this.db
      .select({
        t: ledgerTransfers,
        debitOwner: debit.ownerId,
        debitKind: debit.kind,
        creditOwner: credit.ownerId,
        creditKind: credit.kind,
      })
      .from(ledgerTransfers)
      .innerJoin(debit, eq(debit.id, ledgerTransfers.debitAccountId))
      .innerJoin(credit, eq(credit.id, ledgerTransfers.creditAccountId))
      .where(where)
      .orderBy(desc(ledgerTransfers.id))
      .limit(PAGE)
      .offset((page - 1) * PAGE);
    return {
      total,
      items: rows.map((r) => {
        const into = r.creditOwner === id;
        return {
          id: r.t.id,
          type: r.t.type,
          amount: moneyString(money(r.t.amount)),
          currency: r.t.currency,
          account: into ? r.creditKind : r.debitKind,
          direction: into ? ('in' as const) : ('out' as const),
          reference: `${r.t.referenceKind}:${r.t.referenceId}`,
          createdAt: r.t.createdAt.toISOString(),
        };
      }),
    };
  }

  async addNote(actor: OperatorIdentity, id: string, body: string): Promise<void> {
    await this.user(id);
    if (!actor.id) throw new ApiFailure(OPERATOR_CODES.forbidden, 'a note needs a named operator', 403);
    await this.db.transaction(async (tx) => {
      const [note] = await tx.insert(userNotes).values({ userId: id, operatorId: actor.id!, body: body.trim() }).returning();
      await audit(tx, actor, 'user.note', { kind: 'user', id }, null, { note: note!.id, body: body.trim() });
    });
  }
}
