import { z } from 'zod';

/** Every HTTP response body: `{ code, message, result }`. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ code: z.string(), message: z.string(), result: result.nullable() });
}

export type Envelope<T> = { code: string; message: string; result: T | null };

/** An exact decimal carried as a string (money is never a JS float). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal');
