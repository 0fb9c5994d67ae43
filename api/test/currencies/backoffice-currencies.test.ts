import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { Ledger } from '../../src/ledger/ledger.ts';
import { createTestApi, databaseKind } from '../helpers.ts';
import { signUp } from '../accounts-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';

// The back-office reads a customer's balances and transfers in their own currencies.
let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

async function credit(userId: string, mode: AccountModeName, currency: string, amount: string) {
  const ledger = Ledger.of(api.database.db);
  await api.database.db.transaction(async (tx) => {
    await ledger.lockOwner(tx, userId, mode);
    await ledger.post(tx, {
      userId,
      mode,
      currency,
      reference: { kind: 'deposit', id: `bo-${currency}-${userId}` },
      legs: [{ type: 'deposit_credit', from: { system: 'deposit_clearing' }, to: { user: 'cash' }, amount: money(amount) }],
    });
  });
}

describe(`the back-office in every currency (${databaseKind})`, () => {
  it("lists a customer's BTC balance and transfer with their currency, USD still first", async () => {
    const customer = await signUp(api.app);
    await credit(customer.userId, 'real', 'BTC', '0.015');
    const operator = await makeOperator(api.app, api.database.db, ['support', 'finance']);
    const get = (url: string) => api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${operator.token}` } });
    const detail = (await get(`/api/admin/users/${customer.userId}`)).json().result;
    expect(detail.balances.map((b: { mode: string; currency: string }) => `${b.mode}:${b.currency}`)).toEqual([
      'demo:USD',
      'real:USD',
      'real:BTC',
    ]);
    expect(detail.balances[2].accounts.cash).toBe('0.015');
    const transfers = (await get(`/api/admin/users/${customer.userId}/transfers?mode=real`)).json().result.items;
    expect(transfers).toEqual([expect.objectContaining({ type: 'deposit_credit', amount: '0.015', currency: 'BTC', direction: 'in' })]);
  });
});
