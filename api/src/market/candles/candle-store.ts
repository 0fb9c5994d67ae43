import Decimal from 'decimal.js';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { CandleInterval } from '@meridian/contracts';
import type { Database } from '../../db/database.ts';
import { candleBackfills, candles } from '../../db/schema.ts';
import type { Instrument } from '../catalogue/catalogue.ts';
import { INTERVAL_MS, generateHistory } from './candle-math.ts';
import type { CandleBar } from './candle-math.ts';

/** How many candles a back-fill generates per interval: enough for a full chart, and more to scroll. */
const BACKFILL_COUNT: Record<CandleInterval, number> = {
  '1m': 600,
  '5m': 500,
  '15m': 500,
  '1h': 500,
  '4h': 400,
  '1d': 365,
  '1w': 156,
};

/** How long candles are kept per interval (null: for ever). */
const RETENTION_MS: Record<CandleInterval, number | null> = {
  '1m': 3 * 24 * 3600_000,
  '5m': 14 * 24 * 3600_000,
  '15m': 45 * 24 * 3600_000,
  '1h': 400 * 24 * 3600_000,
  '4h': 3 * 365 * 24 * 3600_000,
  '1d': null,
  '1w': null,
};

export interface CandleKey {
  instrumentId: number;
  interval: CandleInterval;
}

type Row = typeof candles.$inferSelect;

function toBar(row: Pick<Row, 'openTime' | 'open' | 'high' | 'low' | 'close' | 'volume'>): CandleBar {
  return {
    openTime: row.openTime.getTime(),
    open: new Decimal(row.open),
    high: new Decimal(row.high),
    low: new Decimal(row.low),
    close: new Decimal(row.close),
    volume: new Decimal(row.volume),
  };
}

function toRow(instrumentId: number, interval: CandleInterval, bar: CandleBar): typeof candles.$inferInsert {
  return {
    instrumentId,
    interval,
    openTime: new Date(bar.openTime),
    open: bar.open.toFixed(),
    high: bar.high.toFixed(),
    low: bar.low.toFixed(),
    close: bar.close.toFixed(),
    volume: bar.volume.toFixed(),
  };
}

/** Candles in the database: batched writes from the feed's leader, reads for charts, back-fill, retention. */
export class CandleStore {
  private readonly backfilling = new Map<string, Promise<void>>();
  private readonly backfilled = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly seed = 0,
  ) {}

  /** Writes candles (new or grown), one statement per 500. */
  async upsert(rows: readonly (CandleKey & { bar: CandleBar })[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(candles)
        .values(rows.slice(i, i + 500).map(({ instrumentId, interval, bar }) => toRow(instrumentId, interval, bar)))
        .onConflictDoUpdate({
          target: [candles.instrumentId, candles.interval, candles.openTime],
          set: {
            high: sql`greatest(${candles.high}, excluded.high)`,
            low: sql`least(${candles.low}, excluded.low)`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
          },
        });
    }
  }

  /** The stored candles of one key in `[from, to]`, newest `limit`, returned oldest first. */
  async read(key: CandleKey, range: { from?: number | undefined; to?: number | undefined; limit: number }): Promise<CandleBar[]> {
    const where = [eq(candles.instrumentId, key.instrumentId), eq(candles.interval, key.interval)];
    if (range.from !== undefined) where.push(gte(candles.openTime, new Date(range.from)));
    if (range.to !== undefined) where.push(lte(candles.openTime, new Date(range.to)));
    const rows = await this.db
      .select()
      .from(candles)
      .where(and(...where))
      .orderBy(desc(candles.openTime))
      .limit(range.limit);
    return rows.reverse().map(toBar);
  }

  /** The newest stored candles of one interval for many instruments at once (start-up). */
  async latest(interval: CandleInterval, since: number): Promise<Map<number, CandleBar[]>> {
    const rows = await this.db
      .select()
      .from(candles)
      .where(and(eq(candles.interval, interval), gte(candles.openTime, new Date(since))))
      .orderBy(candles.instrumentId, candles.openTime);
    const out = new Map<number, CandleBar[]>();
    for (const row of rows) {
      const list = out.get(row.instrumentId) ?? [];
      list.push(toBar(row));
      out.set(row.instrumentId, list);
    }
    return out;
  }

  /**
   * Writes the instrument's simulated history before its anchor, once per (instrument, interval):
   * deterministic, so nodes that race write the same rows, and live candles already stored win.
   */
  ensureBackfilled(instrument: Instrument, interval: CandleInterval): Promise<void> {
    const name = `${instrument.id}|${interval}`;
    if (this.backfilled.has(name)) return Promise.resolve();
    let running = this.backfilling.get(name);
    if (!running) {
      running = this.backfill(instrument, interval)
        .then(() => void this.backfilled.add(name))
        .finally(() => this.backfilling.delete(name));
      this.backfilling.set(name, running);
    }
    return running;
  }

  private async backfill(instrument: Instrument, interval: CandleInterval): Promise<void> {
    const key = and(eq(candleBackfills.instrumentId, instrument.id), eq(candleBackfills.interval, interval));
    const [done] = await this.db.select().from(candleBackfills).where(key);
    if (done) return;
    const bars = generateHistory(instrument, interval, BACKFILL_COUNT[interval], this.seed);
    const rows = bars.map((bar) => toRow(instrument.id, interval, bar));
    for (let i = 0; i < rows.length; i += 500) {
      await this.db
        .insert(candles)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await this.db.insert(candleBackfills).values({ instrumentId: instrument.id, interval }).onConflictDoNothing();
  }

  /** Deletes candles past their interval's retention. */
  async prune(now: number): Promise<void> {
    for (const [interval, keep] of Object.entries(RETENTION_MS) as [CandleInterval, number | null][]) {
      if (keep === null) continue;
      // Keep at least a back-fill's worth of history, whatever the age.
      const cutoff = now - Math.max(keep, BACKFILL_COUNT[interval] * INTERVAL_MS[interval] * 2);
      await this.db.delete(candles).where(and(eq(candles.interval, interval), lt(candles.openTime, new Date(cutoff))));
    }
  }

  /** The last `count` closes of one interval per instrument, oldest first (start-up: the 100-price series). */
  async lastCloses(interval: CandleInterval, count: number): Promise<Map<number, string[]>> {
    const result = await this.db.execute<{ instrument_id: number; close: string }>(sql`
      select instrument_id, close from (
        select instrument_id, close, open_time,
               row_number() over (partition by instrument_id order by open_time desc) as rn
        from ${candles} where ${candles.interval} = ${interval}
      ) recent where rn <= ${count} order by instrument_id, open_time`);
    const out = new Map<number, string[]>();
    for (const row of result.rows) {
      const list = out.get(row.instrument_id) ?? [];
      list.push(new Decimal(row.close).toFixed());
      out.set(row.instrument_id, list);
    }
    return out;
  }
}
