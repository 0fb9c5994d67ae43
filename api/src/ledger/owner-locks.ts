import type { AccountModeName } from '@meridian/contracts';
import { userChangedLater } from '../accounts/user-changes.ts';
import type { Transaction } from '../db/database.ts';

/**
 * The owners (user and mode) whose account row a transaction already holds `FOR UPDATE`, per transaction
 * object (a savepoint is its own object): `Ledger.lockOwner` skips the statement for them. A lock taken
 * inside a savepoint is noted on the savepoint only, since rolling it back releases the lock.
 */
const held = new WeakMap<Transaction, Set<string>>();
const keyOf = (userId: string, mode: AccountModeName) => `${mode}:${userId}`;

export function noteOwnerLocked(tx: Transaction, userId: string, mode: AccountModeName): void {
  // Whatever the transaction does under the lock (money, positions) is the owner's change once it commits.
  userChangedLater(userId);
  const owners = held.get(tx) ?? new Set<string>();
  owners.add(keyOf(userId, mode));
  held.set(tx, owners);
}

export function holdsOwner(tx: Transaction, userId: string, mode: AccountModeName): boolean {
  return held.get(tx)?.has(keyOf(userId, mode)) === true;
}
