/** The message key of a failed call (a `common` namespace key: `errors.<code>`, or "unknown error"). */
export function failureKey(error: unknown): string {
  return (error as { messageKey?: string })?.messageKey ?? 'errors.unknown';
}
