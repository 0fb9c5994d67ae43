import { z } from 'zod';

import { V } from './validation-keys.ts';

export { V };

/** An email address as users type it (trimmed, lower-cased), with the SPEC §7 messages. */
export const emailField = z
  .string({ error: V.emailRequired })
  .trim()
  .min(1, { error: V.emailRequired })
  .max(254, { error: V.emailInvalid })
  .pipe(z.email({ error: V.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** The body of a 400 answer: one message key per refused field. */
export const validationIssues = z.object({ issues: z.array(z.object({ path: z.string(), key: z.string() })) });
export type ValidationIssues = z.infer<typeof validationIssues>;
