import { useMemo } from 'react';
import { candleOpenTime } from '@meridian/contracts';
import type { Candle, CandleInterval } from '@meridian/contracts';
import { chartNumber } from '@meridian/ui';

/**
 * The candles with the live price folded into the last one: the current candle grows with every tick,
 * and a new one opens when the interval rolls over (its volume comes with the next load).
 */
function foldLivePrice(candles: readonly Candle[], interval: CandleInterval, price: string | undefined, now: number): Candle[] {
  if (!price || candles.length === 0) return [...candles];
  const last = candles[candles.length - 1]!;
  const openTime = candleOpenTime(interval, now);
  if (openTime > last[0]) return [...candles, [openTime, price, price, price, price, '0']];
  const [time, open, high, low, , volume] = last;
  const p = chartNumber(price);
  return [...candles.slice(0, -1), [time, open, p > chartNumber(high) ? price : high, p < chartNumber(low) ? price : low, price, volume]];
}

export function useLiveCandles(candles: readonly Candle[] | undefined, interval: CandleInterval, price: string | undefined): Candle[] {
  return useMemo(() => foldLivePrice(candles ?? [], interval, price, Date.now()), [candles, interval, price]);
}
