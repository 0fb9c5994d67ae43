import Decimal from 'decimal.js';
import WebSocket from 'ws';
import { z } from 'zod';
import type { Instrument } from './catalogue/catalogue.ts';
import { decimalsOf } from './catalogue/catalogue.ts';
import type { FeedTick, MarketFeed } from './market-feed.ts';

/**
 * One entry of a provider's all-market mini-ticker stream (the format of Binance's
 * `!miniTicker@arr`): symbol, close price and 24 h quote volume, with event time.
 */
const miniTicker = z.object({
  e: z.literal('24hrMiniTicker'),
  E: z.number(),
  s: z.string().regex(/^[A-Z0-9]{2,20}$/),
  // Prices and volumes that fit the database's numeric(38,18).
  c: z.string().regex(/^\d{1,19}(\.\d{1,18})?$/),
  q: z.string().regex(/^\d{1,19}(\.\d{1,18})?$/),
});
const message = z.union([z.array(z.unknown()), z.object({ stream: z.string(), data: z.array(z.unknown()) })]);

export interface TickerFeedOptions {
  /** The provider's WebSocket URL (`MERIDIAN_FEED_URL`). */
  url: string;
  instruments: readonly Instrument[];
  /** Reconnect delay after the provider drops the connection. */
  retryMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * A feed that follows a real provider over WebSocket. Instruments quoted `X/USDT` are matched to the
 * provider's `XUSDT` symbols; what the provider does not quote stays where it is. Prices are rounded to
 * the instrument's tick size; volume is the growth of the provider's 24 h quote volume between updates.
 */
export class TickerFeed implements MarketFeed {
  readonly simulated = false;
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly pending = new Map<number, FeedTick>();
  private readonly lastQuoteVolume = new Map<number, Decimal>();
  private readonly lastPrice = new Map<number, string>();
  private socket: WebSocket | null = null;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: TickerFeedOptions) {
    for (const instrument of options.instruments) {
      this.bySymbol.set(instrument.code.replace('/', '').toUpperCase(), instrument);
    }
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.on('message', (raw) => this.receive(String(raw)));
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      if (!this.closed) this.retry = setTimeout(() => this.connect(), this.options.retryMs ?? 5000);
    });
  }

  /** Takes one provider message; malformed entries are skipped, never trusted. */
  receive(text: string): void {
    let parsed;
    try {
      parsed = message.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.data;
    for (const entry of entries) {
      const ticker = miniTicker.safeParse(entry);
      if (!ticker.success) continue;
      const instrument = this.bySymbol.get(ticker.data.s);
      if (!instrument) continue;
      const price = new Decimal(ticker.data.c).toDecimalPlaces(decimalsOf(instrument), Decimal.ROUND_HALF_UP);
      if (price.lte(0)) continue;
      const text = price.toFixed(decimalsOf(instrument));
      const quote = new Decimal(ticker.data.q);
      const before = this.lastQuoteVolume.get(instrument.id);
      this.lastQuoteVolume.set(instrument.id, quote);
      // The 24 h volume rolls: when it shrinks, no volume is counted for that update.
      const volume = before && quote.gt(before) ? quote.minus(before) : new Decimal(0);
      const earlier = this.pending.get(instrument.id);
      const total = earlier ? volume.plus(earlier.volume) : volume;
      if (text === this.lastPrice.get(instrument.id) && total.isZero()) continue;
      this.lastPrice.set(instrument.id, text);
      this.pending.set(instrument.id, { id: instrument.id, price: text, volume: total.toFixed(2) });
    }
  }

  resume(prices: ReadonlyMap<number, string>): void {
    for (const [id, price] of prices) if (!this.lastPrice.has(id)) this.lastPrice.set(id, price);
  }

  poll(): FeedTick[] {
    const ticks = [...this.pending.values()];
    this.pending.clear();
    return ticks;
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }
}
