import type { z } from 'zod';

/** A fabric message checked against its schema; null when it is not JSON or does not fit. */
export function parseMessage<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
