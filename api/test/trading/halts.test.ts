import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

const t = withTradingApi();

describe(`an operator halts an instrument for everyone (${databaseKind})`, () => {
  it('no new contracts or options while halted; open positions still close; resuming lets orders in; audited with a notice', async () => {
    const admin = await makeOperator(t.app, t.database.db, ['admin'], undefined, t.now());
    const me = await t.user();
    await t.tick(t.btc.id, '50000.00');
    const open = (await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10 })).json().result;
    const halt = (halted: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/products/instruments/${t.btc.id}`, headers: admin.headers, payload: { halted } });
    expect((await halt(true)).json().result).toMatchObject({ id: t.btc.id, halted: true });

    expect((await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10 })).json().code).toBe(
      '10015',
    );
    expect((await t.post('buyOptions', me, { instrumentId: t.btc.id, direction: 'up', amount: '100', period: 30 })).json().code).toBe(
      '10015',
    );
    // Another instrument trades on.
    await t.tick(t.eth.id, '3000.00');
    expect((await t.post('buyContracts', me, { instrumentId: t.eth.id, side: 'buy', lots: '0.1', leverage: 10 })).json().code).toBe('200');
    expect((await t.post(`closeContracts/${open.id}`, me, undefined)).json().code).toBe('200');

    expect((await halt(false)).json().result.halted).toBe(false);
    expect((await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '0.1', leverage: 10 })).json().code).toBe('200');

    const audit = (await t.app.inject({ url: '/api/admin/audit?action=product.change', headers: admin.headers })).json().result.items;
    expect(audit.map((e: { after: { halted: boolean } }) => e.after.halted)).toEqual([false, true]);
    const notices = (await t.app.inject({ url: '/api/swx/customer/index/listNotices/2' })).json().result;
    expect(JSON.stringify(notices)).toContain('BTC/USDT: new orders paused');
  });
});
