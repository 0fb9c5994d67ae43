import Decimal from 'decimal.js';
import type { CandleBar } from '../../src/market/candles/candle-math.ts';
import type { Instrument } from '../../src/market/catalogue/catalogue.ts';
import { catalogueSpecs } from '../../src/market/catalogue/catalogue.ts';

/** Monday 2026-11-23 05:00 UTC: crypto, forex and futures trade, US equities do not. */
export const MONDAY_MORNING = Date.UTC(2026, 10, 23, 5, 0);

/** One instrument built by hand (no database), with realistic defaults. */
export function instrument(fields: Partial<Instrument> & Pick<Instrument, 'id' | 'code'>): Instrument {
  return {
    type: 2,
    name: fields.code,
    logo: null,
    tickSize: new Decimal('0.01'),
    contractSize: new Decimal(1),
    leverages: [1, 2, 5],
    session: 'always',
    volatility: 0.8,
    dailyVolumeUsd: new Decimal('1000000000'),
    rank: fields.id,
    anchorPrice: new Decimal('65000.00'),
    anchorAt: MONDAY_MORNING,
    ...fields,
  };
}

/** The whole seeded catalogue as in-memory instruments (ids from 1 in listing order), without a database. */
export function catalogueInstruments(anchorAt = MONDAY_MORNING): Instrument[] {
  return catalogueSpecs().map((spec, rank) => ({
    id: rank + 1,
    code: spec.code,
    type: spec.type,
    name: spec.name,
    logo: null,
    tickSize: new Decimal(spec.tickSize),
    contractSize: new Decimal(spec.contractSize),
    leverages: spec.leverages,
    session: spec.session,
    volatility: new Decimal(spec.volatility).toNumber(),
    dailyVolumeUsd: new Decimal(spec.dailyVolumeUsd),
    rank,
    anchorPrice: new Decimal(spec.referencePrice),
    anchorAt,
  }));
}

/** Whether a decimal string is a whole number of ticks. */
export const onTick = (price: string, tickSize: Decimal) => new Decimal(price).mod(tickSize).isZero();

/** A candle as plain text, so exact decimals compare as written (`3.6`, never `3.6000000000000005`). */
export const plainCandle = (bar: CandleBar) => ({
  openTime: new Date(bar.openTime).toISOString(),
  open: bar.open.toFixed(),
  high: bar.high.toFixed(),
  low: bar.low.toFixed(),
  close: bar.close.toFixed(),
  volume: bar.volume.toFixed(),
});
