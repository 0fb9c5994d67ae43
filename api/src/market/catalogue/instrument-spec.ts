import type { MarketTypeId } from '@meridian/contracts';

/**
 * When an instrument trades (UTC; daylight saving is not modelled):
 * - `always`: crypto, every minute of every day;
 * - `forex`: Sunday 22:00 to Friday 22:00;
 * - `us-equity`: stocks and ETFs, Monday to Friday 13:30 to 20:00;
 * - `futures`: Sunday 23:00 to Friday 22:00, with a daily pause 22:00 to 23:00;
 * - `metals`: like forex, with a daily pause 22:00 to 23:00.
 */
export type TradingSession = 'always' | 'forex' | 'us-equity' | 'futures' | 'metals';

/** One instrument of the catalogue: what the simulator quotes and what the order forms will trade. */
export interface InstrumentSpec {
  /** Unique, as shown: `BTC/USDT`, `EUR/USD`, `AAPL`, `XAU/USD`, `CL`. */
  code: string;
  name: string;
  type: MarketTypeId;
  /** A realistic price the simulated series starts from (decimal string). */
  referencePrice: string;
  /** The smallest price step (decimal string, a power of ten: `0.01`, `0.00001`). */
  tickSize: string;
  /** Units of the underlying in one lot (decimal string: `1`, `100`, `100000`). */
  contractSize: string;
  /** The leverages an order may choose, ascending. */
  leverages: number[];
  session: TradingSession;
  /** Yearly volatility the simulator uses (decimal string: `0.8` = 80 %). */
  volatility: string;
  /** A typical day's traded value in USD, the scale of the simulated volume (decimal string). */
  dailyVolumeUsd: string;
  /** The symbol of its icon in `cryptocurrency-icons` (crypto only). */
  icon?: string;
}
