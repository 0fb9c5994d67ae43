import { describe, expect, it } from 'vitest';
import type { AccountModeName } from '@meridian/contracts';
import { databaseKind } from '../helpers.ts';
import { creditDeposit } from '../ledger-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { signUp } from '../accounts-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';

// The back-office reads a customer's balances and transfers in their own currencies.
const api = withTestApi();

const credit = (userId: string, mode: AccountModeName, currency: string, amount: string) =>
  creditDeposit(api.database.db, userId, mode, currency, amount, { kind: 'deposit', id: `bo-${currency}-${userId}` });

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
