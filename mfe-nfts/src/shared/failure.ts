/** The message key of a failed call (a `common` namespace key: `errors.<code>`, or "unknown error"). */
export function failureKey(error: unknown): string {
  return (error as { messageKey?: string })?.messageKey ?? 'errors.unknown';
}

/** The server's code of a failed call, if it has one. */
export function failureCode(error: unknown): string | undefined {
  return (error as { code?: string })?.code;
}
