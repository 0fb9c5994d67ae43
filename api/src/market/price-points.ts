import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import type { Database, Transaction } from '../db/database.ts';
import type { Quote } from './market-book.ts';
import type { FeedTick } from './market-feed.ts';

/** How long price points are kept when no open option needs older ones. */
export const PRICE_POINTS_KEPT_MS = 10 * 60_000;

/**
 * The feed leader's lease in the database, with a fencing token: a node that takes the feed over (from
 * another holder) raises the token, and the writes the leader guards (the stored price series) carry
 * the token they were made under and are refused once a newer one exists, so a stale leader (paused,
 * cut off from Redis) cannot write prices after another took over.
 */
export class FeedLease {
  readonly holder = randomUUID();
  private held: number | null = null;

  constructor(
    private readonly db: Database,
    readonly name = 'market-feed',
  ) {}

  /** The token this node writes under (null until it took the lease). */
  get token(): number | null {
    return this.held;
  }

  /** Takes the lease (raising the token when another node held it); answers the token. */
  async take(now: number, ttlMs: number): Promise<number> {
    const [row] = rowsOf<{ token: string | number }>(
      await this.db.execute(sql`
        insert into job_leases (name, holder, token, expires_at) values (${this.name}, ${this.holder}, 1, ${now + ttlMs})
        on conflict (name) do update set
          token = case when job_leases.holder = excluded.holder then job_leases.token else job_leases.token + 1 end,
          holder = excluded.holder, expires_at = excluded.expires_at
        returning token`),
    );
    this.held = Number(row!.token);
    return this.held;
  }

  /** Forgets the lease (this node stopped leading). */
  drop(): void {
    this.held = null;
  }
}

/**
 * Stores the prices of one feed poll under the lease's token (every changed instrument, at the poll's
 * time): what options settle on when their due-time price is no longer in any node's memory. Answers
 * false when the token is stale (another node leads now): nothing was written.
 */
export async function storePricePoints(db: Database, lease: FeedLease, ticks: readonly FeedTick[], time: number): Promise<boolean> {
  const token = lease.token;
  if (token === null) return false;
  const fenced = sql`exists (select 1 from job_leases where name = ${lease.name} and token = ${token})`;
  // Nothing moved: nothing to store, but a stale leader still must not publish (its frame moves every
  // node's horizon, which options settlement waits for).
  if (ticks.length === 0) return rowsOf<{ ok: boolean }>(await db.execute(sql`select ${fenced} as ok`))[0]?.ok === true;
  const values = sql.join(
    ticks.map((t) => sql`(${t.id}::int, ${time}::bigint, ${t.price}::numeric)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with fence as (select ${fenced} as ok), written as (
      insert into price_points (instrument_id, time, price)
      select v.id, v.time, v.price from (values ${values}) as v(id, time, price), fence where fence.ok
      on conflict (instrument_id, time) do update set price = excluded.price
      returning 1)
    select (select ok from fence) as ok`);
  return rowsOf<{ ok: boolean }>(result)[0]?.ok === true;
}

/**
 * The price in effect at `time` from the stored series: the last stored point at or before it, if that
 * point is not older than `notBefore` (an option's open time: before it, its open price is the answer).
 */
export async function storedQuoteAt(
  db: Database | Transaction,
  instrumentId: number,
  time: number,
  notBefore: number,
): Promise<Quote | null> {
  const [row] = rowsOf<{ price: string; time: string | number }>(
    await db.execute(sql`
      select price::text as price, time from price_points
      where instrument_id = ${instrumentId} and time <= ${time} and time >= ${notBefore}
      order by time desc limit 1`),
  );
  return row ? { price: row.price.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''), time: Number(row.time) } : null;
}

/**
 * Deletes the points no open option can settle on: older than every open option's open time and than
 * `PRICE_POINTS_KEPT_MS`. Answers the number deleted.
 */
export async function prunePricePoints(db: Database, now: number): Promise<number> {
  const result = await db.execute(sql`
    delete from price_points
    where time < ${now - PRICE_POINTS_KEPT_MS}
      and time < coalesce((select min(open_time) from options_orders where status = 'open'), ${now})
    returning 1`);
  return rowsOf(result).length;
}
