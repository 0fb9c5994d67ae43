/** What a contract schema's `safeParse` answers (kept structural: the remote does not import zod itself). */
interface SafeParser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Client-side validation with the same contract schema the server uses: the parsed value, or the
 * first message key (of `common`, e.g. `validation.enterEmail`) per field path.
 */
export function validate<T>(
  schema: SafeParser<T>,
  values: unknown,
): { data: T; errors: null } | { data: null; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { data: null, errors };
}
