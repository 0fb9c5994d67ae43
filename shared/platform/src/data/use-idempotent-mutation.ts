import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
import { newIdempotencyKey } from '../api/api-client.ts';

const UNCERTAIN_CODES = new Set(['timeout', 'network', 'badResponse']);

/**
 * True when the server may have applied a call although no definite answer arrived: a timeout, a
 * dropped connection, an answer that could not be read, or a gateway failure (5xx). A coded refusal is
 * definite: nothing was applied.
 */
export function isUncertainFailure(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: string; status?: number };
  return (code !== undefined && UNCERTAIN_CODES.has(code)) || (status !== undefined && status >= 500);
}

/** The `Idempotency-Key` of one user intent, kept until the server gives a definite answer. */
export interface IntentKeys {
  /** The key of an intent: the pending one when the same intent is sent again, else a new one. */
  keyFor(signature: string): string;
  /** A success or a definite refusal ends the intent; an uncertain failure keeps its key for the retry. */
  settle(error?: unknown): void;
  /** The signature of an intent still waiting for a definite answer, if any. */
  pending(): string | null;
}

export function createIntentKeys(makeKey: () => string = newIdempotencyKey): IntentKeys {
  let current: { signature: string; key: string } | null = null;
  return {
    keyFor(signature) {
      if (current?.signature !== signature) current = { signature, key: makeKey() };
      return current.key;
    },
    settle(error) {
      if (error === undefined || !isUncertainFailure(error)) current = null;
    },
    pending: () => current?.signature ?? null,
  };
}

/**
 * Sends one intent with its key: the same intent sent again after an uncertain failure carries the same
 * key; a success or a definite refusal ends it (what `useIdempotentMutation` does on each send).
 */
export async function sendWithIntentKey<T>(keys: IntentKeys, signature: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = keys.keyFor(signature);
  try {
    const result = await send(key);
    keys.settle();
    return result;
  } catch (error) {
    keys.settle(error);
    throw error;
  }
}

export type IdempotentMutationOptions<TVariables, TResult> = {
  /** What makes two sends the same intent (the body, the account mode); by default the variables as JSON. */
  signature?: (variables: TVariables) => string;
  /** Sends the call with the intent's key (the api client's `idempotencyKey` option). */
  send: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
  /** Makes a key (tests pass a counter); `newIdempotencyKey` otherwise. */
  makeKey?: () => string;
} & Omit<UseMutationOptions<TResult, Error, TVariables>, 'mutationFn'>;

/**
 * A mutation that must not run twice (every money POST and every operator decision carries an
 * `Idempotency-Key`): one key per user intent, the same key when the same intent is sent again after a
 * timeout or a lost connection, a new one after a success or a definite refusal.
 */
export function useIdempotentMutation<TVariables, TResult>({
  signature = (variables) => JSON.stringify(variables) ?? '',
  send,
  makeKey,
  ...options
}: IdempotentMutationOptions<TVariables, TResult>): UseMutationResult<TResult, Error, TVariables> & {
  /** The signature of the intent whose key is kept for a retry (null while it is being sent). */
  pendingSignature: string | null;
} {
  const [keys] = useState(() => createIntentKeys(makeKey));
  const mutation = useMutation<TResult, Error, TVariables>({
    ...options,
    mutationFn: (variables) => sendWithIntentKey(keys, signature(variables), (key) => send(variables, key)),
  });
  return { ...mutation, pendingSignature: mutation.isPending ? null : keys.pending() };
}
