import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractOrders, ledgerTransfers } from '../../src/db/schema.ts';
import { databaseKind } from '../helpers.ts';
import { expectLedgerBalanced } from '../ledger-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

const t = withTradingApi();

describe(`lot bounds (issue 31, ${databaseKind})`, () => {
  it('states each instrument’s minimum, step and maximum in its trading terms', async () => {
    const me = await t.user();
    // BTC's reference price is 62,000: its smallest order worth ≥ 1 USD is 0.0001 (6.2 USD), 10^7 steps at most.
    expect((await t.get(`getTradingTerms/${t.btc.id}`, me)).json().result.lots).toEqual({ min: '0.0001', step: '0.0001', max: '1000' });
    const eurUsd = t.app.market.catalogue.byCode('EUR/USD')!;
    expect((await t.get(`getTradingTerms/${eurUsd.id}`, me)).json().result.lots).toEqual({ min: '0.01', step: '0.01', max: '100' });
  });

  it('refuses below the minimum, off the step and above the maximum with 10016, and nothing changes', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '60000.00');
    const before = await t.info(me);
    // The order: 0.0000001 lots opened a position with a margin of 0.0006.
    for (const lots of ['0.0000001', '0.00009', '0.00015', '1.00001', '1000.0001', '1000001']) {
      const res = await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots, leverage: 10 });
      expect(res.json().code, lots).toBe('10016');
      expect(res.json().message, lots).toContain('0.0001 to 1000 lots in steps of 0.0001');
    }
    expect(await t.info(me)).toMatchObject({ baseBalance: before.baseBalance, bondAmount: '0' });
    expect(await t.database.db.select().from(contractOrders).where(eq(contractOrders.userId, me.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, me.userId))).toHaveLength(1); // the demo grant
  });

  it('opens on the bounds: the minimum, a whole number of steps, the maximum', async () => {
    const me = await t.user();
    await t.tick(t.btc.id, '60000.00');
    const min = (await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '0.0001', leverage: 10 })).json();
    // 60,000 × 0.0001 = 6 notional: margin 0.6, fee 0.006.
    expect(min).toMatchObject({ code: '200', result: { lots: '0.0001', margin: '0.6', fee: '0.006' } });
    expect((await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'sell', lots: '0.1234', leverage: 10 })).json().code).toBe(
      '200',
    );
    // The maximum, 1000 lots at 60,000 and 100×: margin 600,000 is more than the demo balance (10011), not a lot refusal.
    expect((await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '1000', leverage: 100 })).json().code).toBe(
      '10011',
    );
    // 1 lot at 100× fits the balance.
    expect((await t.post('buyContracts', me, { instrumentId: t.btc.id, side: 'buy', lots: '1', leverage: 100 })).json().code).toBe('200');
    await expectLedgerBalanced(t.database.db);
  });
});
