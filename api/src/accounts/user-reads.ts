import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AccountFigures, AccountModeName } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { figuresOf, readAccountMoney } from '../ledger/account-figures.ts';
import type { AccountMoney } from '../ledger/account-figures.ts';
import type { UsdPrices } from '../ledger/currency.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MarketService } from '../market/market-service.ts';
import { floatingOf, holdingPositions } from '../trading/positions/positions.ts';
import type { HoldingPosition } from '../trading/positions/positions.ts';
import { authenticateUncached, tokenHashOf } from './sessions.ts';
import type { Authenticated } from './sessions.ts';
import { onUserChanged } from './user-changes.ts';
import { findUserById } from './users.ts';
import type { UserRow } from './users.ts';

// ─── Generations ─────────────────────────────────────────────────────────────────────────────────

/**
 * A counter per user that every committed change moves on: what a cache holds of a user is served only
 * while it was read under the user's current generation.
 */
export interface Generations {
  read(userId: string): Promise<string>;
  bump(userId: string): Promise<void>;
}

/** One node (the embedded database has one process): the counters in memory. */
export class LocalGenerations implements Generations {
  private readonly counters = new Map<string, number>();

  read(userId: string): Promise<string> {
    return Promise.resolve(String(this.counters.get(userId) ?? 0));
  }

  bump(userId: string): Promise<void> {
    this.counters.set(userId, (this.counters.get(userId) ?? 0) + 1);
    return Promise.resolve();
  }
}

/**
 * Several nodes: the counters in the Redis they share. A writer's bump is done before it answers, and a
 * reader reads the counter on every call (one round trip to Redis instead of several to the database),
 * so no node serves what was true before an answer another node gave.
 */
export class SharedGenerations implements Generations {
  private unavailable = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'meridian:user-gen:',
  ) {}

  /** A generation no entry has: while Redis does not answer (or was emptied), every read goes to the database. */
  private none(): string {
    this.unavailable += 1;
    return `unavailable:${this.unavailable}`;
  }

  /**
   * The user's generation: the Redis's epoch (a random value set once) and the user's counter. A Redis that lost its
   * keys (a restart without persistence, a flush) starts a new epoch, so counters starting again at 0 never make an
   * older entry current again.
   */
  async read(userId: string): Promise<string> {
    try {
      const [epoch, counter] = await this.redis.mget(`${this.prefix}epoch`, this.prefix + userId);
      if (!epoch) {
        await this.redis.set(`${this.prefix}epoch`, randomUUID(), 'NX');
        return this.none();
      }
      return `${epoch}:${counter ?? '0'}`;
    } catch {
      return this.none();
    }
  }

  /** Moves the user's counter on; tried twice (a change's answer waits for it). */
  async bump(userId: string): Promise<void> {
    try {
      await this.redis.incr(this.prefix + userId);
    } catch {
      await this.redis.incr(this.prefix + userId);
    }
  }
}

// ─── The cache ───────────────────────────────────────────────────────────────────────────────────

/** A bounded map that forgets the least recently used entry first. */
class Recent<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}

/**
 * The longest any entry is served: a backstop for a change no writer told (an operator's SQL, a bump lost while Redis
 * failed). Each user's reads go to the database about once a minute at most.
 */
const MAX_ENTRY_AGE_MS = 60_000;

interface Stamped {
  generation: string;
  /** When it was read from the database (`Date.now()`). */
  at: number;
}

/** Whether an entry may still be served under `generation`. */
const current = (entry: Stamped | undefined, generation: string): boolean =>
  entry !== undefined && entry.generation === generation && Date.now() - entry.at < MAX_ENTRY_AGE_MS;

interface TokenEntry extends Stamped {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

interface UserEntry extends Stamped {
  row: UserRow;
}

interface MoneyEntry extends Stamped {
  money: AccountMoney;
  positions: HoldingPosition[];
}

/** A signed-in request's identity, with the user's generation it was checked under. */
export type CheckedAuth = Authenticated & { generation: string };

/**
 * The hot reads of signed-in calls served from memory (issue 29): the access token's session, the user's
 * row and each account's stored money and holding positions. An entry is served only under the user's
 * current generation; every committed change of the user moves it on (`userChanged`). An entry read
 * while a change commits keeps the generation read before it, so it is never served after that change.
 * What depends on prices (the floating PnL, the USD estimates) is computed on each call from the book.
 */
export class UserReads {
  private readonly tokens: Recent<string, TokenEntry>;
  private readonly users: Recent<string, UserEntry>;
  private readonly money: Recent<string, MoneyEntry>;
  private readonly stopListening: () => void;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly generations: Generations,
    options: { maxUsers?: number } = {},
  ) {
    const max = options.maxUsers ?? 100_000;
    this.tokens = new Recent(max * 2);
    this.users = new Recent(max);
    this.money = new Recent(max * 2);
    // A bump that fails is told, not thrown: the change is committed, and its writer must still hear so.
    this.stopListening = onUserChanged((userId) =>
      generations.bump(userId).catch((error: unknown) => {
        process.emitWarning(`the cached reads of ${userId} could not be made old on every node: ${String(error)}`);
      }),
    );
  }

  close(): void {
    this.stopListening();
  }

  /** The identity of an access token (`Authorization`), or null when unknown, expired or revoked. */
  async authenticate(header: string | undefined): Promise<CheckedAuth | null> {
    const hash = tokenHashOf(header);
    if (!hash) return null;
    const now = Date.now();
    const cached = this.tokens.get(hash);
    if (cached && cached.expiresAt > now) {
      const generation = await this.generations.read(cached.userId);
      const user = this.users.get(cached.userId);
      if (current(cached, generation) && user && current(user, generation)) {
        return {
          userId: cached.userId,
          sessionId: cached.sessionId,
          status: user.row.status,
          accountMode: user.row.accountMode,
          generation,
        };
      }
    }
    // The token's user first (a token always names the same session), then everything under their generation.
    let userId = cached?.userId;
    if (!userId) {
      const found = await authenticateUncached(this.db, hash);
      if (!found) return null;
      userId = found.userId;
    }
    const generation = await this.generations.read(userId);
    const at = Date.now();
    const again = await authenticateUncached(this.db, hash);
    const row = again && (await findUserById(this.db, again.userId));
    if (!again || !row) {
      this.tokens.delete(hash);
      return null;
    }
    this.tokens.set(hash, { generation, at, userId: again.userId, sessionId: again.sessionId, expiresAt: again.expiresAt.getTime() });
    this.users.set(again.userId, { generation, at, row });
    return { userId: again.userId, sessionId: again.sessionId, status: row.status, accountMode: row.accountMode, generation };
  }

  /** The user's row under the generation the request was checked under. */
  async user(auth: CheckedAuth): Promise<UserRow | undefined> {
    const cached = this.users.get(auth.userId);
    if (current(cached, auth.generation)) return cached!.row;
    const at = Date.now();
    const row = await findUserById(this.db, auth.userId);
    if (row) this.users.set(auth.userId, { generation: auth.generation, at, row });
    return row;
  }

  /** An account's figures: its stored money from memory, its floating PnL and USD estimates at the current prices. */
  async figures(auth: CheckedAuth, mode: AccountModeName, market: MarketService, prices: UsdPrices): Promise<AccountFigures> {
    const key = `${mode}:${auth.userId}`;
    let entry = this.money.get(key);
    if (!entry || !current(entry, auth.generation)) {
      const at = Date.now();
      const [money, positions] = [
        await readAccountMoney(this.db, this.ledger, auth.userId, mode),
        await holdingPositions(this.db, auth.userId, mode),
      ];
      entry = { generation: auth.generation, at, money, positions };
      this.money.set(key, entry);
    }
    return figuresOf(entry.money, mode, floatingOf({ market }, entry.positions), prices);
  }
}

/** The cache of each database's API (one per node; the guard of every user route finds it through its database). */
const servedBy = new WeakMap<Database, UserReads>();

/** Serves `db`'s signed-in reads from `reads` until the returned function is called. */
export function serveUserReads(db: Database, reads: UserReads): () => void {
  servedBy.set(db, reads);
  return () => {
    if (servedBy.get(db) === reads) servedBy.delete(db);
    reads.close();
  };
}

/** The cache serving `db`'s signed-in reads, if there is one (PostgreSQL without Redis has none: see app.ts). */
export function userReadsOf(db: Database): UserReads | undefined {
  return servedBy.get(db);
}
