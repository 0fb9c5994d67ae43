import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_CODES, ONCE_PER_EVENT_TRANSFER_TYPES, money } from '@meridian/contracts';
import type { AccountModeName, Money } from '@meridian/contracts';
import { notify } from '../../src/accounts/notifications.ts';
import { createUser } from '../../src/accounts/users.ts';
import { DatabaseUsedInTransaction } from '../../src/db/database.ts';
import type { Transaction } from '../../src/db/database.ts';
import { notifications, settings } from '../../src/db/schema.ts';
import { InsufficientFunds, Ledger } from '../../src/ledger/ledger.ts';
import type { Leg } from '../../src/ledger/ledger.ts';
import { checkLedger, HOLD_RECONCILERS } from '../../src/ledger/ledger-check.ts';
import { isRetryable, withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { ApiFailure } from '../../src/plugins/envelope.ts';
import { SettingsCache } from '../../src/settings/settings-cache.ts';
import { databaseKind } from '../helpers.ts';
import { postLocked } from '../ledger-helpers.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';

// Its own database (PGlite in memory, or a PostgreSQL database of its own with TEST_DATABASE_URL).
// Every test leaves a ledger that sums and agrees with the business rows.
const database = withOwnDatabase({ systemAccounts: true, ledgerCheck: true });
let ledger: Ledger;
beforeAll(() => {
  ledger = Ledger.of(database.db);
});

let users = 0;
/** A user whose cash (of `mode`) starts at `cash`, funded by an opening balance. */
async function userWith(cash: string, mode: AccountModeName = 'real') {
  const user = await createUser(database.db, { email: `core-${++users}-${Date.now()}@example.com`, passwordHash: null });
  await postLocked(database.db, {
    userId: user.id,
    mode,
    reference: { kind: 'opening', id: user.id },
    legs: [{ type: 'opening_balance', from: { system: 'opening' }, to: { user: 'cash' }, amount: money(cash) }],
  });
  return user.id;
}

const balances = (userId: string, mode: AccountModeName = 'real') => ledger.balancesOf(database.db, userId, mode);
const text = (b: Record<string, Money>) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.toFixed()]));

/** Posts inside the caller's transaction and catches the refusal there: the caller then commits. */
async function postAndCatch(userId: string, legs: Leg[]) {
  return database.db.transaction(async (tx) => {
    await ledger.lockOwner(tx, userId, 'real');
    try {
      await ledger.post(tx, { userId, mode: 'real', reference: { kind: 'test', id: 'refused' }, legs });
      return 'posted';
    } catch (error) {
      if (error instanceof InsufficientFunds) return error.code;
      throw error;
    }
  });
}

describe(`ledger post, owners, retries, once-per-event transfers (${databaseKind})`, () => {
  it('a refusal (10011) caught inside the transaction, which then commits, leaves no trace', async () => {
    const userId = await userWith('100');
    const before = text(await balances(userId));
    // The platform's account (opened first, lower id) would be written before the user's refusal.
    expect(
      await postAndCatch(userId, [{ type: 'contract_fee', from: { user: 'cash' }, to: { system: 'fees_income' }, amount: money('1000') }]),
    ).toBe(MONEY_CODES.insufficientBalance);
    // Two user accounts taken down, the second one refusing: the first must not stay changed.
    await postLocked(database.db, {
      userId,
      mode: 'real',
      reference: { kind: 'test', id: 'hold' },
      legs: [{ type: 'contract_hold', from: { user: 'cash' }, to: { user: 'order_hold' }, amount: money('10') }],
    });
    const funded = text(await balances(userId));
    expect(funded).toMatchObject({ cash: '90', order_hold: '10' });
    expect(
      await postAndCatch(userId, [
        { type: 'contract_hold_margin', from: { user: 'cash' }, to: { user: 'margin' }, amount: money('50') },
        { type: 'contract_hold_fee', from: { user: 'order_hold' }, to: { system: 'fees_income' }, amount: money('30') },
      ]),
    ).toBe(MONEY_CODES.insufficientBalance);
    expect(text(await balances(userId))).toEqual(funded);
    expect(before).toMatchObject({ cash: '100' });
    // The transfers and balances agree (the hold above has no order, so only the balance checks apply).
    const check = await checkLedger(database.db);
    expect(check.mismatches).toEqual([]);
    expect(check.unbalanced).toEqual([]);
    expect(check.overdrawn).toEqual([]);
    // End the test hold so the final check's reconciliation holds too.
    await postLocked(database.db, {
      userId,
      mode: 'real',
      reference: { kind: 'test', id: 'hold' },
      legs: [{ type: 'contract_hold_release', from: { user: 'order_hold' }, to: { user: 'cash' }, amount: money('10') }],
    });
  });

  it('lockOwners locks every owner of a mode in one statement and names a missing one', async () => {
    const a = await userWith('1');
    const b = await userWith('1');
    const locked = await database.db.transaction((tx) => ledger.lockOwners(tx, [b, a, b], 'real'));
    expect([...locked.keys()]).toEqual([a, b].sort());
    await expect(
      database.db.transaction((tx) => ledger.lockOwners(tx, [a, '00000000-0000-0000-0000-0000000000aa'], 'real')),
    ).rejects.toThrow(/missing/);
  });

  it('lockOwners refuses to lock out of order when the transaction already holds a later owner (that could deadlock), and skips owners it holds', async () => {
    const [first, second] = [await userWith('1'), await userWith('1')].sort();
    await expect(
      database.db.transaction(async (tx) => {
        await ledger.lockOwner(tx, second!, 'real');
        await ledger.lockOwners(tx, [first!, second!], 'real');
      }),
    ).rejects.toThrow(/already locked, before/);
    // Holding the earliest one is in order.
    const locked = await database.db.transaction(async (tx) => {
      await ledger.lockOwner(tx, first!, 'real');
      return ledger.lockOwners(tx, [first!, second!], 'real');
    });
    expect([...locked.keys()]).toEqual([first, second]);
  });

  it('a money transaction runs again on a deadlock or serialization failure, and answers "try again" (503), not a 500, when they persist', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    // drizzle wraps the driver's error: the SQLSTATE is found on its cause.
    const serialization = Object.assign(new Error('Failed query'), { cause: { code: '40001' } });
    expect(isRetryable(deadlock) && isRetryable(serialization)).toBe(true);
    expect(isRetryable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    let runs = 0;
    const wait = () => Promise.resolve();
    const value = await withMoneyTransaction(
      database.db,
      async () => {
        runs++;
        if (runs === 1) throw deadlock;
        if (runs === 2) throw serialization;
        return 'done';
      },
      { wait },
    );
    expect({ value, runs }).toEqual({ value: 'done', runs: 3 });
    const persistent = withMoneyTransaction(database.db, () => Promise.reject(deadlock), { wait, attempts: 3 });
    await expect(persistent).rejects.toBeInstanceOf(ApiFailure);
    await expect(persistent).rejects.toMatchObject({ code: '429', httpStatus: 503 });
    const other = new Error('not retried');
    runs = 0;
    await expect(
      withMoneyTransaction(
        database.db,
        () => {
          runs++;
          return Promise.reject(other);
        },
        { wait },
      ),
    ).rejects.toBe(other);
    expect(runs).toBe(1);
  });

  it('200 crossing movements between two users, both directions at once: every one completes and the ledger sums', async () => {
    const a = await userWith('1000');
    const b = await userWith('1000');
    const move = (from: string, to: string, i: number) =>
      withMoneyTransaction(database.db, async (tx) => {
        await ledger.lockOwners(tx, [from, to], 'real');
        const reference = { kind: 'crossing', id: `${i}` };
        await ledger.post(tx, {
          userId: from,
          mode: 'real',
          reference,
          legs: [{ type: 'opening_balance', from: { user: 'cash' }, to: { system: 'opening' }, amount: money('1.5') }],
        });
        await ledger.post(tx, {
          userId: to,
          mode: 'real',
          reference,
          legs: [{ type: 'opening_balance', from: { system: 'opening' }, to: { user: 'cash' }, amount: money('1.5') }],
        });
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? move(a, b, i) : move(b, a, i))));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await balances(a)).cash.toFixed()).toBe('1000');
    expect((await balances(b)).cash.toFixed()).toBe('1000');
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });

  it.runIf(databaseKind === 'postgres')(
    'owners locked one at a time in crossing order deadlock on PostgreSQL: the retry completes every movement',
    async () => {
      const a = await userWith('100');
      const b = await userWith('100');
      let retries = 0;
      let arrived = 0;
      let release!: () => void;
      const bothHoldTheirFirstLock = new Promise<void>((resolve) => (release = resolve));
      const move = (from: string, to: string, i: number) =>
        withMoneyTransaction(
          database.db,
          async (tx: Transaction) => {
            await ledger.lockOwner(tx, from, 'real');
            // The first attempts of the two wait for each other, so each holds one lock and wants the other's.
            if (++arrived <= 2) {
              if (arrived === 2) release();
              await bothHoldTheirFirstLock;
            }
            await ledger.lockOwner(tx, to, 'real');
            for (const [userId, side] of [
              [from, 'from'],
              [to, 'to'],
            ] as const) {
              await ledger.post(tx, {
                userId,
                mode: 'real',
                reference: { kind: 'crossing-deadlock', id: `${i}` },
                legs: [
                  side === 'from'
                    ? { type: 'opening_balance', from: { user: 'cash' }, to: { system: 'opening' }, amount: money('2') }
                    : { type: 'opening_balance', from: { system: 'opening' }, to: { user: 'cash' }, amount: money('2') },
                ],
              });
            }
          },
          { onRetry: () => retries++ },
        );
      const outcomes = await Promise.allSettled([move(a, b, 1), move(b, a, 2)]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(retries).toBeGreaterThanOrEqual(1);
      expect((await balances(a)).cash.toFixed()).toBe('100');
      expect((await balances(b)).cash.toFixed()).toBe('100');
    },
    30_000,
  );

  it('a second credit for the same deposit is refused by the database; another deposit or day is not', async () => {
    expect(ONCE_PER_EVENT_TRANSFER_TYPES).toEqual(
      expect.arrayContaining([
        'deposit_credit',
        'withdrawal_paid',
        'plan_income',
        'loan_disbursement',
        'loan_interest',
        'nft_sale',
        'invite_reward',
        'correction',
      ]),
    );
    const userId = await userWith('0');
    const credit = (kind: string, id: string) =>
      postLocked(database.db, {
        userId,
        mode: 'real',
        reference: { kind, id },
        legs: [
          {
            type: kind === 'deposit' ? 'deposit_credit' : 'plan_income',
            from: { system: kind === 'deposit' ? 'deposit_clearing' : 'plan_income' },
            to: { user: 'cash' },
            amount: money('25'),
          },
        ],
      });
    await credit('deposit', 'd-1');
    const second = await credit('deposit', 'd-1').then(
      () => 'applied',
      (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
    );
    expect(second).toBe('23505');
    await credit('deposit', 'd-2');
    await credit('plan_day', 'p-1:2026-11-25');
    await credit('plan_day', 'p-1:2026-11-26');
    await expect(credit('plan_day', 'p-1:2026-11-26')).rejects.toThrow();
    expect((await balances(userId)).cash.toFixed()).toBe('100');
  });

  it('the check reconciles each registered hold kind with its business rows', async () => {
    expect([...HOLD_RECONCILERS.keys()].sort()).toEqual([
      'loan_interest_due',
      'loan_principal',
      'margin',
      'nft_bid_hold',
      'options_escrow',
      'order_hold',
      'plan_accrued',
      'plan_principal',
      'withdrawal_hold',
    ]);
    // A margin with no holding position behind it is named, by account.
    const userId = await userWith('10');
    const move = (legs: Leg[]) =>
      postLocked(database.db, { userId, mode: 'real', reference: { kind: 'test', id: `m-${legs[0]!.type}` }, legs });
    await move([{ type: 'options_stake', from: { user: 'cash' }, to: { user: 'margin' }, amount: money('4') }]);
    const check = await checkLedger(database.db);
    expect(check.unreconciled).toContainEqual({ what: 'margin', ref: `${userId}:real:USD`, expected: '0', actual: '4.000000000000000000' });
    await move([{ type: 'options_stake_return', from: { user: 'margin' }, to: { user: 'cash' }, amount: money('4') }]);
    expect((await checkLedger(database.db)).unreconciled).toEqual([]);
  });

  it('using db inside its own open transaction fails at once instead of waiting forever; the settings cache and notify() take the transaction', async () => {
    const { db } = database;
    const refusal = async (work: () => Promise<unknown>) => {
      try {
        await work();
        return 'ran';
      } catch (error) {
        return error;
      }
    };
    expect(await db.transaction(() => refusal(() => db.select().from(settings)))).toBeInstanceOf(DatabaseUsedInTransaction);
    expect(await db.transaction(() => refusal(() => db.transaction(async () => 'inner')))).toBeInstanceOf(DatabaseUsedInTransaction);
    // The transaction's own handle works, and so does db outside any transaction.
    expect(await db.transaction((tx) => refusal(() => tx.select().from(settings)))).toBe('ran');
    // Once the transaction is over, work it left running may use db again.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((resolve) => setImmediate(resolve)).then(() => db.select().from(settings));
    });
    await expect(later).resolves.toBeInstanceOf(Array);

    await db.insert(settings).values({ key: 'core_test_key', value: 'v1' }).onConflictDoNothing();
    const cache = new SettingsCache(db, 0);
    expect(await db.transaction(() => refusal(() => cache.get('core_test_key')))).toBeInstanceOf(DatabaseUsedInTransaction);
    expect(await db.transaction((tx) => cache.get('core_test_key', tx))).toBe('v1');

    const userId = await userWith('0');
    const notices = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'passwordChanged')));
    await db
      .transaction(async (tx) => {
        await notify(tx, userId, 'passwordChanged');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await notices()).toEqual([]);
    await db.transaction((tx) => notify(tx, userId, 'passwordChanged'));
    expect(await notices()).toHaveLength(1);
  });
});
