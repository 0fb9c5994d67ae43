import { and, asc, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MODES, MONEY_CODES, SYSTEM_ACCOUNT_KINDS, TRADING_CURRENCY, money } from '@meridian/contracts';
import type { AccountModeName, Money, SystemAccountKind, TransferType, UserAccountKind } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { accounts, ledgerAccounts, ledgerTransfers, SYSTEM_OWNER } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';

/** Either a database or an open transaction: reads work on both. */
export type Reader = Database | Transaction;

/** A ledger account named by its role: one of the user's (of the movement's user) or the platform's. */
export type AccountRef = { user: UserAccountKind } | { system: SystemAccountKind };

/** One transfer of a movement: `amount` (> 0) from one account to another. */
export interface Leg {
  type: TransferType;
  from: AccountRef;
  to: AccountRef;
  amount: Money;
}

/** One business event's transfers, all in one mode and currency, about one user (or none). */
export interface Movement {
  userId: string | null;
  mode: AccountModeName;
  currency?: string;
  /** The business object, e.g. `{ kind: 'contract', id: '42' }`. */
  reference: { kind: string; id: string };
  legs: Leg[];
}

/** Platform accounts are split in this many rows, chosen per user, so users' movements do not queue on one row. */
export const SYSTEM_SHARDS = 16;

/** A user account the movement would take below zero: the business answer is "insufficient balance". */
export class InsufficientFunds extends ApiFailure {
  constructor(readonly kind: UserAccountKind) {
    super(MONEY_CODES.insufficientBalance, `insufficient ${kind} balance`);
  }
}

const shardOf = (userId: string | null): number => {
  if (!userId) return 0;
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return hash % SYSTEM_SHARDS;
};

/**
 * The double-entry ledger: the only code that changes a balance. Every change is a `Movement` posted
 * inside the caller's transaction, after the caller locked the owner (`lockOwner`), so that the
 * business change and its transfers commit or fail together and one user's movements queue.
 */
export class Ledger {
  private static readonly instances = new WeakMap<Database, Ledger>();

  /** The ledger of one database (its platform account ids are cached per database). */
  static of(db: Database): Ledger {
    let ledger = Ledger.instances.get(db);
    if (!ledger) {
      ledger = new Ledger();
      Ledger.instances.set(db, ledger);
    }
    return ledger;
  }

  /** Ids of the platform's accounts, which never change once made. */
  private readonly systemIds = new Map<string, number>();

  /**
   * Locks the user's account row of this mode for the rest of the transaction: every money operation
   * of a user and mode takes this lock first (then ledger rows in id order), so they cannot deadlock.
   */
  async lockOwner(tx: Transaction, userId: string, mode: AccountModeName): Promise<{ profit: string }> {
    const [row] = await tx
      .select({ profit: accounts.profit })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)))
      .for('update');
    if (!row) throw new Error(`account ${mode} of ${userId} is missing`);
    return row;
  }

  /** Adds realized profit (or loss) to the account's profit figure; the caller holds the owner lock. */
  async addProfit(tx: Transaction, userId: string, mode: AccountModeName, amount: Money): Promise<void> {
    if (amount.isZero()) return;
    await tx
      .update(accounts)
      .set({ profit: sql`${accounts.profit} + ${amount.toFixed()}`, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)));
  }

  /** Posts a movement. Throws `InsufficientFunds` (code 10011) when a user account would go below zero. */
  async post(tx: Transaction, movement: Movement): Promise<void> {
    const currency = movement.currency ?? TRADING_CURRENCY;
    const legs = movement.legs.filter((leg) => !leg.amount.isZero());
    if (legs.length === 0) return;
    for (const leg of legs) {
      if (leg.amount.isNegative()) throw new Error(`a ${leg.type} transfer of ${leg.amount.toFixed()} is negative`);
      if (('user' in leg.from || 'user' in leg.to) && !movement.userId) throw new Error('a user account needs the movement user');
    }
    // The user's accounts of this mode and currency in one read (most movements touch two or three).
    const userKinds = new Set(legs.flatMap((leg) => [leg.from, leg.to]).flatMap((ref) => ('user' in ref ? [ref.user] : [])));
    const userIds =
      userKinds.size > 0 ? await this.userAccountIds(tx, movement.userId!, movement.mode, currency, [...userKinds]) : new Map();
    const idOf = (ref: AccountRef): { id: number; kind: UserAccountKind | null } =>
      'user' in ref
        ? { id: userIds.get(ref.user)!, kind: ref.user }
        : { id: this.systemAccountId(movement.mode, ref.system, currency, shardOf(movement.userId)), kind: null };
    const deltas = new Map<number, { delta: Money; kind: UserAccountKind | null }>();
    const rows: (typeof ledgerTransfers.$inferInsert)[] = [];
    for (const leg of legs) {
      const from = idOf(leg.from);
      const to = idOf(leg.to);
      const debit = deltas.get(from.id) ?? { delta: money(0), kind: from.kind };
      deltas.set(from.id, { ...debit, delta: debit.delta.minus(leg.amount) });
      const credit = deltas.get(to.id) ?? { delta: money(0), kind: to.kind };
      deltas.set(to.id, { ...credit, delta: credit.delta.plus(leg.amount) });
      rows.push({
        type: leg.type,
        mode: movement.mode,
        currency,
        debitAccountId: from.id,
        creditAccountId: to.id,
        amount: leg.amount.toFixed(),
        userId: movement.userId,
        referenceKind: movement.reference.kind,
        referenceId: movement.reference.id,
      });
    }
    // Rows in id order, each a conditional update: a user account that would go below zero updates nothing.
    for (const [id, { delta, kind }] of [...deltas].sort((a, b) => a[0] - b[0])) {
      if (delta.isZero()) continue;
      const updated = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toFixed()}`, updatedAt: new Date() })
        .where(
          and(eq(ledgerAccounts.id, id), sql`(${ledgerAccounts.allowNegative} OR ${ledgerAccounts.balance} + ${delta.toFixed()} >= 0)`),
        )
        .returning();
      if (updated.length === 0) throw new InsufficientFunds(kind ?? 'cash');
    }
    await tx.insert(ledgerTransfers).values(rows);
  }

  /** The balances of a user's accounts of one mode and currency (0 for those not opened yet). */
  async balancesOf(
    db: Reader,
    userId: string,
    mode: AccountModeName,
    currency = TRADING_CURRENCY,
  ): Promise<Record<UserAccountKind, Money>> {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.mode, mode), eq(ledgerAccounts.currency, currency)));
    const result = {
      cash: money(0),
      margin: money(0),
      options_escrow: money(0),
      withdrawal_hold: money(0),
      plan_principal: money(0),
      loan_principal: money(0),
      nft_bid_hold: money(0),
      order_hold: money(0),
    } satisfies Record<UserAccountKind, Money>;
    for (const row of rows) if (row.kind in result) result[row.kind as UserAccountKind] = money(row.balance);
    return result;
  }

  /** A user's transfers of one mode, newest first (their records). */
  async transfersOf(db: Reader, userId: string, mode: AccountModeName, limit = 50) {
    return db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, userId), eq(ledgerTransfers.mode, mode)))
      .orderBy(sql`${ledgerTransfers.id} desc`)
      .limit(limit);
  }

  /** The ids of a user's accounts of these kinds (one read; the missing ones are opened first). */
  private async userAccountIds(tx: Transaction, userId: string, mode: AccountModeName, currency: string, kinds: UserAccountKind[]) {
    const read = async () => {
      const rows = await tx
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.mode, mode), eq(ledgerAccounts.currency, currency)));
      return new Map(rows.map((r) => [r.kind as UserAccountKind, r.id]));
    };
    let ids = await read();
    const missing = kinds.filter((kind) => !ids.has(kind));
    if (missing.length > 0) {
      await tx
        .insert(ledgerAccounts)
        .values(missing.map((kind) => ({ ownerId: userId, mode, kind, currency, shard: 0, allowNegative: false })))
        .onConflictDoNothing();
      ids = await read();
    }
    return ids;
  }

  /**
   * Opens every platform account of these currencies (modes × kinds × shards) in its own committed
   * transaction and keeps their ids: postings then never create a platform account of their own.
   */
  async openSystemAccounts(db: Database, currencies: readonly string[] = [TRADING_CURRENCY]): Promise<void> {
    const values = [];
    for (const currency of currencies)
      for (const mode of ACCOUNT_MODES)
        for (const kind of SYSTEM_ACCOUNT_KINDS)
          for (let shard = 0; shard < SYSTEM_SHARDS; shard++)
            values.push({ ownerId: SYSTEM_OWNER, mode, kind, currency, shard, allowNegative: true });
    await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
    const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, SYSTEM_OWNER));
    for (const row of rows) this.systemIds.set(`${row.mode}:${row.kind}:${row.currency}:${row.shard}`, row.id);
  }

  private systemAccountId(mode: AccountModeName, kind: SystemAccountKind, currency: string, shard: number) {
    const id = this.systemIds.get(`${mode}:${kind}:${currency}:${shard}`);
    if (id === undefined) throw new Error(`platform account ${mode}/${kind}/${currency} is not open (openSystemAccounts)`);
    return id;
  }
}

/** Every user account of one mode, ordered (the back-office and the check read them). */
export async function accountsOfUser(db: Reader, userId: string) {
  return db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, userId)).orderBy(asc(ledgerAccounts.id));
}
