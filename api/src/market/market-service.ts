import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CANDLE_INTERVALS, MARKET_TYPES } from '@meridian/contracts';
import type { CandleInterval, ParamKey } from '@meridian/contracts';
import type { CandlesResult, HomeStatistics, ListMarketResult, MarketInfo, MarketItem, MarketSort } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { scheduleMarketJobs } from '../jobs/register.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { InProcessFabric } from '../live/live-fabric.ts';
import type { LiveFabric } from '../live/live-fabric.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import { Catalogue, decimalsOf, seedCatalogue } from './catalogue/catalogue.ts';
import type { Instrument } from './catalogue/catalogue.ts';
import { bucketStart, generateHistory } from './candles/candle-math.ts';
import type { CandleBar } from './candles/candle-math.ts';
import { CandleStore } from './candles/candle-store.ts';
import { MarketBook, SERIES_LENGTH } from './market-book.ts';
import type { FeedTick, MarketFeed } from './market-feed.ts';
import { MarketSimulator } from './market-simulator.ts';
import { FeedLease, prunePricePoints, storePricePoints } from './price-points.ts';
import { isTradingOpen, nextSessionChange } from './trading-hours.ts';

const FEED_ROLE = 'market-feed';
const TICKS_CHANNEL = 'market-ticks';
const SNAPSHOT_KEY = 'market:snapshot';

/** What travels between nodes: checked on arrival like anything else that crosses a wire. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const ticksMessage = z.object({
  time: z.number().int(),
  simulated: z.boolean(),
  ticks: z.array(z.object({ id: z.number().int().positive(), price: decimal, volume: decimal })),
});
const snapshotMessage = z.array(z.tuple([z.number().int().positive(), decimal, z.array(decimal).max(SERIES_LENGTH)]));

function parse<T>(schema: z.ZodType<T>, payload: string | null): T | null {
  if (payload === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface MarketServiceOptions {
  db: Database;
  settings: SettingsCache;
  /** The feed; the built-in simulator over the catalogue by default. */
  feed?: (catalogue: Catalogue) => MarketFeed;
  fabric?: LiveFabric;
  /** How often the feed is polled (the simulator's step). */
  tickMs?: number;
  /** How often the leader writes the candles built since the last write. */
  flushMs?: number;
  /** The simulator's and back-fill's seed: one seed replays one market. */
  seed?: number;
  now?: () => number;
  log?: { warn: (obj: object, msg: string) => void };
  /**
   * The node's scheduler, where jobs/register.ts registers the tick, the candle writes and the prunes.
   * Without one (a bench using the market alone) the service schedules them on a scheduler of its own.
   */
  scheduler?: Scheduler;
}

export interface TickEvent {
  time: number;
  ids: number[];
}

/**
 * The markets of one API node: the catalogue, the feed (polled by the node that leads it), the book
 * every node keeps from the published ticks, candles (written by the leader) and the calls' answers,
 * all served from memory but the candle history.
 */
export class MarketService {
  private readonly events = new EventEmitter();
  private ownScheduler: Scheduler | null = null;
  private horizonTime = 0;
  private leading = false;
  private polling = false;
  private tickCount = 0;
  private lastCandlePrune = 0;
  /** The feed leader's lease in the database: its token fences the stored price series. */
  readonly lease: FeedLease;
  private userCount: { value: number; at: number } | null = null;
  simulated: boolean;

  private constructor(
    readonly catalogue: Catalogue,
    readonly book: MarketBook,
    readonly candles: CandleStore,
    private readonly feed: MarketFeed,
    private readonly fabric: LiveFabric,
    private readonly options: MarketServiceOptions & { now: () => number; tickMs: number; seed: number },
  ) {
    this.simulated = feed.simulated;
    this.events.setMaxListeners(0);
    this.lease = new FeedLease(options.db);
  }

  static async start(options: MarketServiceOptions): Promise<MarketService> {
    const now = options.now ?? Date.now;
    const tickMs = options.tickMs ?? 1000;
    const seed = options.seed ?? 20_261_123;
    const fabric = options.fabric ?? new InProcessFabric();
    await seedCatalogue(options.db, now());
    const catalogue = await Catalogue.load(options.db);
    const candles = new CandleStore(options.db, seed);
    const book = new MarketBook(catalogue, await MarketService.startingPoint(catalogue, candles, fabric, now(), seed));
    // The walk's own randomness: unpredictable unless a seed is configured (tests, a replay), so nobody who
    // reads the source can foresee the simulated prices that orders settle on. History stays seeded (every
    // node back-fills the same candles).
    const walkSeed = options.seed ?? randomInt(2 ** 31);
    const feed = options.feed?.(catalogue) ?? new MarketSimulator(catalogue.all, { seed: walkSeed, stepMs: tickMs });
    feed.resume(book.prices());
    const service = new MarketService(catalogue, book, candles, feed, fabric, { ...options, now, tickMs, seed });
    await fabric.subscribe(TICKS_CHANNEL, (payload) => service.receive(payload));
    if (!options.scheduler) {
      service.ownScheduler = new Scheduler();
      scheduleMarketJobs(service.ownScheduler, service, { tickMs, flushMs: options.flushMs ?? 15_000 });
    }
    return service;
  }

  /**
   * Where the book starts: the prices another node shares, else the last stored candles, else the
   * simulated history before each instrument's anchor (the same one the charts back-fill).
   */
  private static async startingPoint(catalogue: Catalogue, candles: CandleStore, fabric: LiveFabric, now: number, seed: number) {
    const closes = await candles.lastCloses('1m', SERIES_LENGTH);
    const storedHours = await candles.latest('1h', bucketStart('1h', now) - 24 * 3600_000);
    // The candles under way (a restart, a node joining): their volume so far is kept, not started over.
    const current = new Map<number, Map<CandleInterval, CandleBar>>();
    for (const interval of CANDLE_INTERVALS) {
      for (const [id, bars] of await candles.latest(interval, bucketStart(interval, now))) {
        const bar = bars[bars.length - 1];
        if (bar?.openTime !== bucketStart(interval, now)) continue;
        const map = current.get(id) ?? new Map<CandleInterval, CandleBar>();
        map.set(interval, bar);
        current.set(id, map);
      }
    }
    const prices = new Map<number, string>();
    const hundred = new Map<number, string[]>();
    const hours = new Map<number, CandleBar[]>();
    for (const instrument of catalogue.all) {
      const stored = closes.get(instrument.id) ?? [];
      const series =
        stored.length >= SERIES_LENGTH
          ? stored
          : [...generateHistory(instrument, '1m', SERIES_LENGTH - stored.length, seed).map((b) => b.close.toFixed()), ...stored];
      hundred.set(instrument.id, series);
      if (stored.length > 0) prices.set(instrument.id, stored[stored.length - 1]!);
      const ownHours = storedHours.get(instrument.id) ?? [];
      const anchorHour = bucketStart('1h', instrument.anchorAt);
      const generated = anchorHour > now - 25 * 3600_000 ? generateHistory(instrument, '1h', 25, seed) : [];
      // A chart's back-fill stores the same generated hours: one candle per hour, the stored one winning.
      const byHour = new Map([...generated, ...ownHours].map((b) => [b.openTime, b]));
      hours.set(
        instrument.id,
        [...byHour.values()].filter((b) => b.openTime < bucketStart('1h', now)).sort((a, b) => a.openTime - b.openTime),
      );
    }
    const shared = parse(snapshotMessage, fabric.shared ? await fabric.read(SNAPSHOT_KEY) : null);
    for (const [id, price, series] of shared ?? []) {
      prices.set(id, price);
      hundred.set(id, series);
    }
    return { prices, hundred, hours, current, time: now };
  }

  /** Logs a failure of the market's work. */
  warn(error: unknown, msg: string): void {
    this.options.log?.warn({ err: error }, msg);
  }

  /**
   * The stored prices no open option can settle on, every run; the candles past their retention, once an
   * hour. The leader only.
   */
  async prune(): Promise<void> {
    if (!this.leading) return;
    const now = this.options.now();
    await prunePricePoints(this.options.db, now);
    if (now - this.lastCandlePrune >= 60 * 60_000) {
      this.lastCandlePrune = now;
      await this.candles.prune(now);
    }
  }

  /** One step of the feed, on the node that leads it: poll, then publish to every node. */
  async poll(): Promise<void> {
    // Three ticks, and never under a second: a node whose event loop stalls briefly (a busy machine, a GC)
    // keeps the feed instead of handing it over mid-walk.
    const leaseMs = Math.max(this.options.tickMs * 3, 1000);
    if (!(await this.fabric.lead(FEED_ROLE, leaseMs))) {
      this.leading = false;
      this.lease.drop();
      return;
    }
    // Taking the feed over: a new fencing token, and go on from the prices every node has seen.
    if (!this.leading) {
      await this.lease.take(this.options.now(), leaseMs);
      this.feed.resume(this.book.prices());
    }
    this.leading = true;
    const time = this.options.now();
    const ticks = this.feed.poll(time);
    // The prices are stored (what options settle on after a restart) before any node sees them; under a
    // stale token (another node took the feed over) nothing is stored or published, and this node stops leading.
    let stored = false;
    try {
      stored = await storePricePoints(this.options.db, this.lease, ticks, time);
    } catch (error) {
      this.warn(error, 'market: prices not stored; the tick is not published');
    }
    if (!stored) {
      this.leading = false;
      this.lease.drop();
      this.feed.resume(this.book.prices());
      return;
    }
    // Published even when nothing moved: every node learns how far the feed has got (options settle only up to it).
    await this.fabric.publish(TICKS_CHANNEL, JSON.stringify({ time, simulated: this.feed.simulated, ticks }));
    if (this.fabric.shared && ++this.tickCount % 5 === 0) {
      await this.fabric.write(SNAPSHOT_KEY, JSON.stringify(this.book.snapshot()), this.options.tickMs * 60);
    }
  }

  private receive(payload: string): void {
    const message = parse(ticksMessage, payload);
    if (!message) return;
    this.simulated = message.simulated;
    this.apply(message.ticks, message.time);
  }

  private apply(ticks: FeedTick[], time: number): void {
    if (time > this.horizonTime) this.horizonTime = time;
    const ids = this.book.apply(ticks, time);
    if (ids.length > 0) this.events.emit('ticks', { time, ids } satisfies TickEvent);
  }

  /** Writes the candles built since the last write (the leader only; other nodes drop theirs). */
  async flush(): Promise<void> {
    const rows = this.book.takeDirty();
    if (!this.leading || rows.length === 0) return;
    await this.candles.upsert(rows).catch((error: unknown) => this.options.log?.warn({ err: error }, 'market: candles not written'));
  }

  /** The time of the last feed poll this node applied: every price up to it is known here. */
  get horizon(): number {
    return this.horizonTime;
  }

  /** Whether this node leads the feed (it also runs the work each tick triggers: order triggers, settlement). */
  get leader(): boolean {
    return this.leading;
  }

  onTicks(listener: (event: TickEvent) => void): () => void {
    this.events.on('ticks', listener);
    return () => this.events.off('ticks', listener);
  }

  /** `listMarketByType`. */
  list(query: {
    type?: number | undefined;
    search?: string | undefined;
    sort: MarketSort;
    order?: 'asc' | 'desc' | undefined;
    page: number;
    pageSize: number;
    series: boolean;
  }): ListMarketResult {
    let rows: readonly Instrument[] = query.type ? this.catalogue.ofType(query.type) : this.catalogue.all;
    const needle = query.search?.trim().toLowerCase();
    if (needle) rows = rows.filter((i) => i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle));
    const order = query.order ?? (query.sort === 'rank' || query.sort === 'name' ? 'asc' : 'desc');
    const sign = order === 'asc' ? 1 : -1;
    const key: Record<MarketSort, (a: Instrument, b: Instrument) => number> = {
      rank: (a, b) => a.rank - b.rank,
      name: (a, b) => a.code.localeCompare(b.code),
      price: (a, b) => this.book.price(a.id)!.cmp(this.book.price(b.id)!),
      change: (a, b) => new Decimal(this.book.zdf(a.id)).cmp(this.book.zdf(b.id)),
      volume: (a, b) => this.book.day(a.id)!.volume.cmp(this.book.day(b.id)!.volume),
    };
    const sorted = [...rows].sort((a, b) => sign * key[query.sort](a, b) || a.rank - b.rank);
    const start = (query.page - 1) * query.pageSize;
    return {
      total: sorted.length,
      page: query.page,
      pageSize: query.pageSize,
      simulated: this.simulated,
      items: sorted.slice(start, start + query.pageSize).map((i) => this.book.item(i.id, query.series)!),
    };
  }

  /** `getMarketInfo/{id}`; undefined for an unknown instrument. */
  info(id: number): MarketInfo | undefined {
    const instrument = this.catalogue.byId(id);
    const item = this.book.item(id, true);
    const day = this.book.day(id);
    if (!instrument || !item || !day) return undefined;
    const places = decimalsOf(instrument);
    const now = this.options.now();
    return {
      ...item,
      open24h: day.open.toFixed(places),
      high24h: day.high.toFixed(places),
      low24h: day.low.toFixed(places),
      volume24h: day.volume.toFixed(2),
      tickSize: instrument.tickSize.toFixed(),
      contractSize: instrument.contractSize.toFixed(),
      leverages: [...instrument.leverages],
      session: instrument.session,
      tradingOpen: isTradingOpen(instrument.session, now),
      nextSessionChange: nextSessionChange(instrument.session, now),
      simulated: this.simulated,
    };
  }

  /** The items of instruments by id (a live snapshot), with or without their series. */
  items(ids: Iterable<number>, series: boolean): MarketItem[] {
    const out: MarketItem[] = [];
    for (const id of ids) {
      const item = this.book.item(id, series);
      if (item) out.push(item);
    }
    return out;
  }

  /** `getKValueByCodeAndDate`; undefined for an unknown code. */
  async candleSeries(query: {
    code: string;
    interval: CandlesResult['interval'];
    from?: number | undefined;
    to?: number | undefined;
    limit: number;
  }): Promise<CandlesResult | undefined> {
    const instrument = this.catalogue.byCode(query.code);
    if (!instrument) return undefined;
    const key = { instrumentId: instrument.id, interval: query.interval };
    await this.candles.ensureBackfilled(instrument, query.interval);
    const stored = await this.candles.read(key, query);
    const merged = new Map(stored.map((b) => [b.openTime, b]));
    for (const bar of this.book.unwritten(key)) {
      if ((query.from === undefined || bar.openTime >= query.from) && (query.to === undefined || bar.openTime <= query.to)) {
        merged.set(bar.openTime, bar);
      }
    }
    const places = decimalsOf(instrument);
    const bars = [...merged.values()].sort((a, b) => a.openTime - b.openTime).slice(-query.limit);
    return {
      code: instrument.code,
      interval: query.interval,
      simulated: this.simulated,
      candles: bars.map((b) => [
        b.openTime,
        b.open.toFixed(places),
        b.high.toFixed(places),
        b.low.toFixed(places),
        b.close.toFixed(places),
        b.volume.toFixed(2),
      ]),
    };
  }

  /** Home page figures, from the catalogue, the users table and the settings (SPEC §0 rule 2). */
  async homeStatistics(): Promise<HomeStatistics> {
    const now = this.options.now();
    if (!this.userCount || now - this.userCount.at > 30_000) {
      const [row] = await this.options.db.select({ n: sql<number>`count(*)::int` }).from(users);
      this.userCount = { value: row?.n ?? 0, at: now };
    }
    const volume = this.catalogue
      .ofType(MARKET_TYPES.crypto)
      .reduce((sum, i) => sum.plus(this.book.day(i.id)?.volume ?? 0), new Decimal(0));
    const fee = (await this.options.settings.get('trading_fee_percent' satisfies ParamKey)) ?? '0';
    return {
      listedCrypto: this.catalogue.ofType(MARKET_TYPES.crypto).length,
      listedInstruments: this.catalogue.all.length,
      registeredUsers: this.userCount.value,
      volume24h: volume.toFixed(0),
      tradingFeePercent: new Decimal(fee).toFixed(),
      simulated: this.simulated,
    };
  }

  async close(): Promise<void> {
    await this.ownScheduler?.close();
    await this.flush();
    this.feed.close?.();
  }
}
