import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MODES, CURRENCIES, CURRENCY_CODES, SYSTEM_ACCOUNT_KINDS, money, moneyString } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { createUser } from '../../src/accounts/users.ts';
import { SYSTEM_OWNER } from '../../src/db/schema.ts';
import { Ledger, SYSTEM_SHARDS } from '../../src/ledger/ledger.ts';
import { TooManyPlaces } from '../../src/ledger/currency.ts';
import { databaseKind } from '../helpers.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';
import { creditDeposit, expectLedgerBalanced, postLocked } from '../ledger-helpers.ts';

// Movements in every currency of the table, in both modes, on the suite's database (PGlite, or a
// PostgreSQL database of its own when TEST_DATABASE_URL is set).
const database = withOwnDatabase({ systemAccounts: true });
let ledger: Ledger;
beforeAll(() => {
  ledger = Ledger.of(database.db);
});

const count = async (query: ReturnType<typeof sql>) => Number(((await database.db.execute(query)).rows[0] as { n: string | number }).n);

async function user(email: string) {
  const row = await createUser(database.db, { email, passwordHash: null });
  return row.id;
}

/** Moves `amount` of `currency` between the user's cash and the platform (deposit clearing / withdrawal clearing). */
const move = (userId: string, mode: AccountModeName, currency: string, amount: string, direction: 'in' | 'out') => {
  const reference = { kind: 'test', id: `${currency}-${direction}-${mode}-${userId}` };
  return direction === 'in'
    ? creditDeposit(database.db, userId, mode, currency, amount, reference)
    : postLocked(database.db, {
        userId,
        mode,
        currency,
        reference,
        legs: [{ type: 'withdrawal_paid', from: { user: 'cash' }, to: { system: 'withdrawal_clearing' }, amount: money(amount) }],
      });
};

describe(`ledger movements in every currency (${databaseKind})`, () => {
  it('opens the platform accounts of every currency, mode and kind', async () => {
    for (const { code } of CURRENCIES)
      expect(
        await count(sql`select count(*) as n from ledger_accounts where owner_id = ${SYSTEM_OWNER} and currency = ${code}`),
        code,
      ).toBe(ACCOUNT_MODES.length * SYSTEM_ACCOUNT_KINDS.length * SYSTEM_SHARDS);
  });

  for (const mode of ACCOUNT_MODES)
    it(`moves BTC and ETH between a user and the platform in ${mode}, opening the user's accounts on first use`, async () => {
      const id = await user(`coins-${mode}@example.com`);
      const usd = moneyString((await ledger.balancesOf(database.db, id, mode, 'USD')).cash);
      await move(id, mode, 'BTC', '0.015', 'in');
      await move(id, mode, 'ETH', '0.20000001', 'in');
      await move(id, mode, 'BTC', '0.005', 'out');
      await move(id, mode, 'ETH', '0.1', 'out');
      expect(moneyString((await ledger.balancesOf(database.db, id, mode, 'BTC')).cash)).toBe('0.01');
      expect(moneyString((await ledger.balancesOf(database.db, id, mode, 'ETH')).cash)).toBe('0.10000001');
      // USD is untouched; the other mode too.
      expect(moneyString((await ledger.balancesOf(database.db, id, mode, 'USD')).cash)).toBe(usd);
      const other = mode === 'demo' ? 'real' : 'demo';
      expect(moneyString((await ledger.balancesOf(database.db, id, other, 'BTC')).cash)).toBe('0');
      await expectLedgerBalanced(database.db);
    });

  it('refuses an amount with more places than its currency accepts (10111, naming it), and nothing changes', async () => {
    const id = await user('places@example.com');
    await move(id, 'real', 'USDT', '150', 'in');
    const before = await count(sql`select count(*) as n from ledger_transfers`);
    const failure = await move(id, 'real', 'USDT', '1.0000001', 'out').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TooManyPlaces);
    expect(failure).toMatchObject({
      code: CURRENCY_CODES.tooManyPlaces,
      result: { currency: 'USDT', places: 6, key: 'validation.amountPlaces.USDT' },
    });
    // A caller that catches the refusal and commits leaves no trace either.
    await database.db.transaction(async (tx) => {
      await ledger.lockOwner(tx, id, 'real');
      await expect(
        ledger.post(tx, {
          userId: id,
          mode: 'real',
          currency: 'BTC',
          reference: { kind: 'test', id: 'caught' },
          legs: [{ type: 'deposit_credit', from: { system: 'deposit_clearing' }, to: { user: 'cash' }, amount: money('0.000000001') }],
        }),
      ).rejects.toMatchObject({ code: '10111', result: { currency: 'BTC', places: 8 } });
    });
    expect(await count(sql`select count(*) as n from ledger_transfers`)).toBe(before);
    expect(moneyString((await ledger.balancesOf(database.db, id, 'real', 'USDT')).cash)).toBe('150');
    expect(moneyString((await ledger.balancesOf(database.db, id, 'real', 'BTC')).cash)).toBe('0');
    await expectLedgerBalanced(database.db);
  });
});
