import { useRef } from 'react';
import { newIdempotencyKey } from '@meridian/platform';

const UNCERTAIN = new Set(['timeout', 'network', 'badResponse']);

/**
 * True when the server may have applied the submit though no definite answer came (timeout, lost
 * connection, unreadable answer, 5xx): the same submit must then be sent again with the same key.
 */
function isUncertain(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: string; status?: number };
  return (code !== undefined && UNCERTAIN.has(code)) || (status !== undefined && status >= 500);
}

/**
 * The `Idempotency-Key` of one submit: a new key per submit, the same key when the same submit (same
 * signature) is retried after an uncertain failure; a success or a definite refusal ends it.
 */
export function useSubmitKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  return {
    keyFor(signature: string): string {
      if (current.current?.signature !== signature) current.current = { signature, key: newIdempotencyKey() };
      return current.current.key;
    },
    settle(error?: unknown): void {
      if (error === undefined || !isUncertain(error)) current.current = null;
    },
  };
}
