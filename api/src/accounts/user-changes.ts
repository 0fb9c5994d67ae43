import { afterCommit, afterCommitLater } from '../db/commit-hooks.ts';

const listeners = new Set<(userId: string) => unknown>();

/**
 * A user's row, sessions or money changed: once the change is committed (before the writer answers), every
 * `UserReads` of this process stops serving what it holds of them, and through Redis those of every node.
 * Writers call it after their write (inside a transaction it waits for the commit). The ledger and the
 * owner lock call it for every money change; `users`, `sessions` and `access_tokens` writers call it
 * themselves (a test fails on a writer of those tables that does not).
 */
export async function userChanged(userId: string): Promise<void> {
  await afterCommit(() => Promise.all([...listeners].map((listener) => listener(userId))));
}

/** `userChanged` where the caller cannot await (a lock noted inside a transaction). */
export function userChangedLater(userId: string): void {
  afterCommitLater(
    () => Promise.all([...listeners].map((listener) => listener(userId))),
    (error) => process.emitWarning(`a user's cached reads were not refreshed: ${String(error)}`),
  );
}

/** Listens to every user change of this process (a cache bumps the user's generation); returns the way to stop. */
export function onUserChanged(listener: (userId: string) => unknown): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
