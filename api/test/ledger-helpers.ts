import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { money, moneyString } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import type { Database } from '../src/db/database.ts';
import { Ledger } from '../src/ledger/ledger.ts';
import { checkLedger } from '../src/ledger/ledger-check.ts';

/**
 * Test helper standing in for deposits and withdrawals until funding exists: moves `delta` (a signed
 * decimal string) into or out of a user's cash through the ledger, as a `correction` against the
 * platform's corrections account — never by writing a balance.
 */
export async function moveCash(db: Database, userId: string, mode: AccountModeName, delta: string): Promise<void> {
  const amount = money(delta);
  if (amount.isZero()) return;
  const ledger = Ledger.of(db);
  await db.transaction(async (tx) => {
    await ledger.lockOwner(tx, userId, mode);
    await ledger.post(tx, {
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
