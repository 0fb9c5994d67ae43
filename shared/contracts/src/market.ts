import { z } from 'zod';
import { decimalString } from './envelope.ts';

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
