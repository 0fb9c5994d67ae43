import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_MODES, MONEY_CODES, SYSTEM_ACCOUNT_KINDS, TRADING_CURRENCY, money } from '@meridian/contracts';
import type { AccountModeName, Money, SystemAccountKind, TransferType, UserAccountKind } from '@meridian/contracts';
import { userChanged } from '../accounts/user-changes.ts';
import { databaseEngine, rowsOf } from '../db/database.ts';
import type { Database, DatabaseEngine, Transaction } from '../db/database.ts';
import { accounts, ledgerAccounts, ledgerTransfers, SYSTEM_OWNER } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { CURRENCY_LIST, checkPlaces } from './currency.ts';
import { holdsOwner, noteOwnerLocked } from './owner-locks.ts';

/** Either a database or an open transaction: reads work on both. */
export type Reader = Database | Transaction;

/** A ledger account named by its role: one of the user's (of the movement's user) or the platform's. */
type AccountRef = { user: UserAccountKind } | { system: SystemAccountKind };

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

/** Every user account kind at 0 (an account not opened yet holds nothing). */
export const noBalances = (): Record<UserAccountKind, Money> => ({
  cash: money('0'),
  margin: money('0'),
  options_escrow: money('0'),
  withdrawal_hold: money('0'),
  plan_principal: money('0'),
  plan_accrued: money('0'),
  loan_principal: money('0'),
  loan_interest_due: money('0'),
  nft_bid_hold: money('0'),
  order_hold: money('0'),
});

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
      ledger = new Ledger(databaseEngine(db));
      Ledger.instances.set(db, ledger);
    }
    return ledger;
  }

  /**
   * @param engine decides how several balances that cannot refuse change: on PGlite (one process, each
   *   statement a trip through its WebAssembly engine) in one statement; on PostgreSQL one update per row,
   *   in id order, which its server runs in a third of the time the one statement's join and locking
   *   subquery take (bench/orders-bench.ts, the server's statement log).
   */
  private constructor(private readonly engine: DatabaseEngine) {}

  /** Ids of the platform's accounts, which never change once made. */
  private readonly systemIds = new Map<string, number>();

  /**
   * Locks the user's account row of this mode for the rest of the transaction: every money operation
   * of a user and mode takes this lock first (then ledger rows in id order), so they cannot deadlock.
   */
  async lockOwner(tx: Transaction, userId: string, mode: AccountModeName): Promise<void> {
    if (holdsOwner(tx, userId, mode)) return; // already locked in this transaction: no second statement
    const [row] = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)))
      .for('update');
    if (!row) throw new Error(`account ${mode} of ${userId} is missing`);
    noteOwnerLocked(tx, userId, mode);
  }

  /**
   * Locks the account rows of several users of one mode (an outbid, a reward to the inviter, an auction
   * paying the charity) in user id order, one statement: two transactions that lock the same owners
   * always take them in the same order. Call it once, before any ledger row; run the transaction in
   * `withMoneyTransaction`, which runs it again on a deadlock the platform's rows may still cause.
   */
  async lockOwners(tx: Transaction, userIds: readonly string[], mode: AccountModeName): Promise<Map<string, { profit: string }>> {
    const wanted = [...new Set(userIds)].sort();
    if (wanted.length === 0) return new Map();
    // An owner already locked before one that sorts earlier breaks the order, and two such transactions can
    // deadlock: a money call that locks several owners asks `idempotent` not to lock the caller first.
    const firstFree = wanted.find((id) => !holdsOwner(tx, id, mode));
    const heldLater = wanted.find((id) => firstFree !== undefined && id > firstFree && holdsOwner(tx, id, mode));
    if (heldLater)
      throw new Error(`lockOwners: ${heldLater} is already locked, before ${firstFree!}; lock several owners in one call, first`);
    const rows = await tx
      .select({ userId: accounts.userId, profit: accounts.profit })
      .from(accounts)
      .where(and(inArray(accounts.userId, wanted), eq(accounts.mode, mode)))
      .orderBy(asc(accounts.userId))
      .for('update');
    const locked = new Map(rows.map((row) => [row.userId, { profit: row.profit }]));
    const missing = wanted.find((id) => !locked.has(id));
    if (missing) throw new Error(`account ${mode} of ${missing} is missing`);
    for (const userId of wanted) noteOwnerLocked(tx, userId, mode);
    return locked;
  }

  /** Adds realized profit (or loss) to the account's profit figure; the caller holds the owner lock. */
  async addProfit(tx: Transaction, userId: string, mode: AccountModeName, amount: Money): Promise<void> {
    if (amount.isZero()) return;
    await tx
      .update(accounts)
      .set({ profit: sql`${accounts.profit} + ${amount.toFixed()}`, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)));
    await userChanged(userId);
  }

  /** Posts a movement. Throws `InsufficientFunds` (code 10011) when a user account would go below zero. */
  async post(tx: Transaction, movement: Movement): Promise<void> {
    const currency = movement.currency ?? TRADING_CURRENCY;
    const legs = movement.legs.filter((leg) => !leg.amount.isZero());
    if (legs.length === 0) return;
    checkPlaces(
      currency,
      legs.map((leg) => leg.amount),
    ); // 10111 before anything is written
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
      const debit = deltas.get(from.id) ?? { delta: money('0'), kind: from.kind };
      deltas.set(from.id, { ...debit, delta: debit.delta.minus(leg.amount) });
      const credit = deltas.get(to.id) ?? { delta: money('0'), kind: to.kind };
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
    // All or nothing: a refusal (10011) must leave no trace, even when the caller catches it and commits.
    // Only a user account taken down can refuse, so those updates run first, each conditional (a user
    // account that would go below zero updates nothing): when the first refuses, nothing is written yet.
    // When two or more can refuse, they run in a savepoint, so a later refusal undoes the earlier ones.
    // User rows are the locked owner's, so their order cannot deadlock; the platform's rows follow in id
    // order, unconditional (they may go negative).
    const changes = [...deltas].filter(([, { delta }]) => !delta.isZero()).sort((a, b) => a[0] - b[0]);
    const refusable = changes.filter(([, { delta, kind }]) => kind !== null && delta.isNegative());
    const rest = changes.filter((change) => !refusable.includes(change));
    const apply = async (db: Transaction, id: number, delta: Money, kind: UserAccountKind | null) => {
      const updated = await db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toFixed()}`, updatedAt: new Date() })
        .where(
          and(eq(ledgerAccounts.id, id), sql`(${ledgerAccounts.allowNegative} OR ${ledgerAccounts.balance} + ${delta.toFixed()} >= 0)`),
        )
        .returning();
      if (updated.length > 0) return;
      // Only a debit of a user account refuses (10011); a change that cannot refuse and updated nothing is
      // a missing account — an error that ends the transaction, never a refusal a caller could commit after.
      if (kind !== null && delta.isNegative()) throw new InsufficientFunds(kind);
      throw new Error(`ledger account ${id}: the change of ${delta.toFixed()} updated nothing`);
    };
    if (refusable.length === 1) {
      const [id, { delta, kind }] = refusable[0]!;
      await apply(tx, id, delta, kind);
    } else if (refusable.length > 1) {
      await tx.transaction(async (savepoint) => {
        for (const [id, { delta, kind }] of refusable) await apply(savepoint, id, delta, kind);
      });
    }
    if (rest.length === 1 || this.engine === 'postgres') for (const [id, { delta, kind }] of rest) await apply(tx, id, delta, kind);
    else if (rest.length > 1)
      await this.credit(
        tx,
        rest.map(([id, { delta }]) => ({ id, delta })),
      );
    await tx.insert(ledgerTransfers).values(rows);
    // After the writes (the cache's generation moves on once they commit: ADR 009).
    if (movement.userId) await userChanged(movement.userId);
  }

  /**
   * Changes several balances that cannot refuse (credits, and the platform's accounts, which may go below
   * zero) in one statement. Its rows are locked in id order first, as one-at-a-time updates would lock them,
   * so two movements touching the same platform rows cannot deadlock.
   */
  private async credit(tx: Transaction, changes: readonly { id: number; delta: Money }[]): Promise<void> {
    const ids = changes.map((change) => change.id);
    const values = sql.join(
      changes.map(({ id, delta }) => sql`(${id}::integer, ${delta.toFixed()}::numeric)`),
      sql`, `,
    );
    const updated = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update ${ledgerAccounts} set balance = ${ledgerAccounts.balance} + change.delta, updated_at = ${new Date()}
        from (values ${values}) as change (id, delta)
        where ${ledgerAccounts.id} = change.id
          and ${ledgerAccounts.id} in (
            select ${ledgerAccounts.id} from ${ledgerAccounts}
            where ${ledgerAccounts.id} in (${sql.join(
              ids.map((id) => sql`${id}::integer`),
              sql`, `,
            )})
            order by ${ledgerAccounts.id} for update)
        returning ${ledgerAccounts.id}`),
    );
    if (updated.length !== changes.length)
      throw new Error(`ledger accounts ${ids.join(', ')}: ${updated.length} of ${changes.length} updated`);
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
    const result = noBalances();
    for (const row of rows) if (row.kind in result) result[row.kind as UserAccountKind] = money(row.balance);
    return result;
  }

  /** The balances of a user's accounts of one mode in every currency they have one in, in one read. */
  async balancesByCurrency(db: Reader, userId: string, mode: AccountModeName): Promise<Map<string, Record<UserAccountKind, Money>>> {
    const rows = await db
      .select({ currency: ledgerAccounts.currency, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.mode, mode)));
    const result = new Map<string, Record<UserAccountKind, Money>>();
    for (const row of rows) {
      const balances = result.get(row.currency) ?? noBalances();
      if (row.kind in balances) balances[row.kind as UserAccountKind] = money(row.balance);
      result.set(row.currency, balances);
    }
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
  async openSystemAccounts(db: Database, currencies: readonly string[] = CURRENCY_LIST): Promise<void> {
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
