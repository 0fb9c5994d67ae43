import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { newIdempotencyKey } from '@meridian/platform';

const UNCERTAIN_CODES = new Set(['timeout', 'network', 'badResponse']);

/**
 * True when the server may have applied the submit although no definite answer arrived: a timeout, a
 * dropped connection, an answer that could not be read, or a gateway failure (5xx). A coded refusal
 * (10011, 10015, 429, …) is definite: nothing was applied.
 */
export function isUncertainFailure(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: string; status?: number };
  return (code !== undefined && UNCERTAIN_CODES.has(code)) || (status !== undefined && status >= 500);
}

/** The `Idempotency-Key` of one submit, kept until the server gives a definite answer. */
export interface SubmitKeys {
  /** The key for a submit: the pending one when the same submit is sent again, else a new one. */
  keyFor(signature: string): string;
  /** Records the outcome: a success or a definite refusal ends the submit; an uncertain failure keeps its key. */
  settle(error?: unknown): void;
  /** The signature of a submit still waiting for a definite answer, if any. */
  pending(): string | null;
}

export function createSubmitKeys(makeKey: () => string = newIdempotencyKey): SubmitKeys {
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

/** Sends one submit with its key: the same submit retried after an uncertain failure reuses the key. */
export async function submitOnce<T>(keys: SubmitKeys, signature: string, send: (key: string) => Promise<T>): Promise<T> {
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

/**
 * A money-moving mutation (SPEC: every money POST carries an `Idempotency-Key`): one key per submit,
 * reused when the user sends the same submit again after a timeout or a network failure.
 * `signature` names what makes two submits the same (the body and the account mode).
 */
export function useIdempotentMutation<TVariables, TResult>({
  signature,
  send,
  ...options
}: {
  signature: (variables: TVariables) => string;
  send: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
} & Pick<UseMutationOptions<TResult, Error, TVariables>, 'onSuccess' | 'onError' | 'onSettled'>) {
  const [keys] = useState(() => createSubmitKeys());
  const mutation = useMutation<TResult, Error, TVariables>({
    mutationFn: (variables) => submitOnce(keys, signature(variables), (key) => send(variables, key)),
    ...options,
  });
  return { ...mutation, pendingSignature: mutation.isPending ? null : keys.pending() };
}
