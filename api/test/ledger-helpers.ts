import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { money, moneyString } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import type { Database } from '../src/db/database.ts';
import { ledgerTransfers } from '../src/db/schema.ts';
import { Ledger } from '../src/ledger/ledger.ts';
import type { Movement } from '../src/ledger/ledger.ts';
import { checkLedger } from '../src/ledger/ledger-check.ts';

/** Posts one movement of a user in a transaction of its own, the owner locked first (as the services do). */
export async function postLocked(db: Database, movement: Movement & { userId: string }): Promise<void> {
  const ledger = Ledger.of(db);
  await db.transaction(async (tx) => {
    await ledger.lockOwner(tx, movement.userId, movement.mode);
    await ledger.post(tx, movement);
  });
}

/** Credits `amount` of `currency` to the user's cash as an approved deposit would (deposit clearing → cash). */
export const creditDeposit = (
  db: Database,
  userId: string,
  mode: AccountModeName,
  currency: string,
  amount: string,
  reference: Movement['reference'],
) =>
  postLocked(db, {
    userId,
    mode,
    currency,
    reference,
    legs: [{ type: 'deposit_credit', from: { system: 'deposit_clearing' }, to: { user: 'cash' }, amount: money(amount) }],
  });

/**
 * Test helper standing in for deposits and withdrawals until funding exists: moves `delta` (a signed
 * decimal string) into or out of a user's cash through the ledger, as a `correction` against the
 * platform's corrections account — never by writing a balance.
 */
export async function moveCash(db: Database, userId: string, mode: AccountModeName, delta: string): Promise<void> {
  const amount = money(delta);
  if (amount.isZero()) return;
  await postLocked(db, {
    userId,
    mode,
    // Its own reference: a correction is once per reference (ONCE_PER_EVENT_TRANSFER_TYPES).
    reference: { kind: 'test', id: `moveCash:${randomUUID()}` },
    legs: [
      amount.gt(0)
        ? { type: 'correction', from: { system: 'corrections' }, to: { user: 'cash' }, amount }
        : { type: 'correction', from: { user: 'cash' }, to: { system: 'corrections' }, amount: amount.neg() },
    ],
  });
}

/** The user's cash of one mode, as a plain decimal string. */
export async function cashOf(db: Database, userId: string, mode: AccountModeName): Promise<string> {
  return moneyString((await Ledger.of(db).balancesOf(db, userId, mode)).cash);
}

/** Asserts the ledger check passes now. */
export async function expectLedgerBalanced(db: Database): Promise<void> {
  const check = await checkLedger(db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
}

/** The transfers of one business reference (a contract, an option…), as [type, amount] sorted. */
export async function transfersOf(db: Database, referenceKind: string, referenceId: string): Promise<string[][]> {
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.referenceKind, referenceKind), eq(ledgerTransfers.referenceId, referenceId)));
  return rows.map((r) => [r.type, moneyString(r.amount)]).sort();
}
