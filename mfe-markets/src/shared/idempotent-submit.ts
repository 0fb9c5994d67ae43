import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { createIntentKeys } from '@meridian/platform/data';
import type { IntentKeys } from '@meridian/platform/data';

/**
 * The keys of one submit and what counts as an uncertain failure are the platform's (`@meridian/platform/data`):
 * a success or a definite refusal ends the submit, an uncertain failure keeps its key for the retry.
 */
export { isUncertainFailure } from '@meridian/platform/data';
export type SubmitKeys = IntentKeys;
export const createSubmitKeys: (makeKey?: () => string) => SubmitKeys = createIntentKeys;

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
