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

/** The first message key of each field path that `schema` refuses in `values` (`{}` when it accepts them): what a form shows under each field. */
export function firstProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}
