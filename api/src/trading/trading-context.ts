import { MONEY_CODES, money, HALTED_INSTRUMENTS_KEY } from '@meridian/contracts';
import type { Money } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Instrument } from '../market/catalogue/catalogue.ts';
import type { Quote } from '../market/market-book.ts';
import { isTradingOpen } from '../market/trading-hours.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import { ApiFailure } from '../plugins/envelope.ts';

/** What the order code needs: the database, the ledger, the markets, the settings and a clock. */
export interface TradingContext {
  db: Database;
  ledger: Ledger;
  market: MarketService;
  settings: SettingsCache;
  now: () => number;
}

/** An instrument that exists and is listed, else the same answer as for an id that does not exist. */
export function instrumentOf(ctx: TradingContext, id: number): Instrument {
  const instrument = ctx.market.catalogue.byId(id);
  if (!instrument) throw new ApiFailure('404', 'no such instrument', 404);
  return instrument;
}

/**
 * The instruments an operator halted for everyone (the `halted_instruments` setting, a JSON list of
 * ids). Read before the order's transaction, like every setting.
 */
export async function haltedInstruments(ctx: Pick<TradingContext, 'settings'>): Promise<ReadonlySet<number>> {
  const raw = await ctx.settings.get(HALTED_INSTRUMENTS_KEY);
  try {
    const ids = JSON.parse(raw ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/**
 * The instrument's current price and its tick, refusing (10015) outside its trading session and while
 * an operator has halted new orders on it (closing a position stays possible).
 */
export function tradableQuote(ctx: TradingContext, instrument: Instrument, halted: ReadonlySet<number> = new Set()): Quote {
  if (halted.has(instrument.id)) throw new ApiFailure(MONEY_CODES.notTradingNow, `${instrument.code} is halted`);
  const quote = ctx.market.book.quote(instrument.id);
  if (!quote || !isTradingOpen(instrument.session, ctx.now())) {
    throw new ApiFailure(MONEY_CODES.notTradingNow, `${instrument.code} is not available for trading now`);
  }
  return quote;
}

/** A percentage setting (SPEC §5.9), refusing to trade on a missing or malformed one (10018). */
export async function percentSetting(ctx: TradingContext, key: string): Promise<Money> {
  const value = await ctx.settings.get(key);
  if (value === undefined || !/^\d{1,3}(\.\d{1,8})?$/.test(value)) throw new ApiFailure('10018', `setting ${key} is unavailable`);
  return money(value);
}
