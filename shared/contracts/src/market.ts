import { z } from 'zod';
import { decimalString } from './envelope.ts';

/** Market types of SPEC §3. */
export const MARKET_TYPES = { forex: 1, crypto: 2, stocks: 3, futures: 4, metals: 5, etfs: 6 } as const;
export const marketType = z.number().int().min(1).max(6);

/** One instrument as the live connection and the market calls carry it. */
export const marketItem = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  type: marketType,
  name: z.string(),
  logo: z.string().nullable(),
  nowPrice: decimalString,
  /** Change % over the session, as a decimal string ("-1.23"). */
  zdf: decimalString,
  /** The last prices, oldest first (at most 100). */
  hundred: z.array(decimalString).max(100),
});
export type MarketItem = z.infer<typeof marketItem>;
