import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath, money } from '@meridian/contracts';
import { smartEndpoints as smartApi } from '@meridian/contracts/endpoints/smart';
import { buildApi } from '../../src/app.ts';
import { auditLog, ledgerTransfers, smartOrders, smartProducts, users } from '../../src/db/schema.ts';
import { PLAN_ACCRUAL_JOB } from '../../src/jobs/plan-accrual.ts';
import { auth, signUp, userInfo } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { cashOf, expectLedgerBalanced, moveCash } from '../ledger-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { manualJobs } from '../trading/trading-fixture.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Smart plans (issue 27, SPEC §3–§4, ADR 008): real customers buy a product's plan on the terms shown
 * (20004, the principal into `plan_principal`); the job credits each day's income once at its next-profit
 * time (twice run or on two nodes: once; missed days caught up exactly), released from the profit-sharing
 * day; the term's end returns everything; leaving early costs the stated penalty, from the accrued income
 * first. Figures are checked against cases worked out by hand.
 */
// 1 December 2026, 10:30 UTC.
let clock = Date.UTC(2026, 11, 1, 10, 30, 0);
const DAY = 86_400_000;
const api = withTestApi(
  { rateLimits: false, now: () => clock, jobClock: { ...manualJobs, now: () => clock } },
  { ownDatabase: true, timeout: 120_000 },
);

const db = () => api.database.db;
const runJob = () => api.app.scheduler.runNow(PLAN_ACCRUAL_JOB);
const figures = async (me: SignedUp) => (await userInfo(api.app, me.token, 'real')).json().result.account;
const productNamed = async (name: string) => (await db().select().from(smartProducts).where(eq(smartProducts.name, name)))[0]!;

async function customer(cash = '5000', mode: 'real' | 'demo' = 'real'): Promise<SignedUp> {
  const me = await signUp(api.app);
  if (mode === 'real') {
    await db().update(users).set({ accountMode: 'real' }).where(eq(users.id, me.userId));
    await userChanged(me.userId);
  }
  await moveCash(db(), me.userId, 'real', cash);
  return me;
}

type Product = typeof smartProducts.$inferSelect;
const termsOf = (p: Product, amount: string) => ({
  productId: p.id,
  amount,
  termDays: p.termDays,
  dailyYieldPercent: p.dailyYieldPercent.replace(/\.?0+$/, ''),
  profitSharingDays: p.profitSharingDays,
  earlyExitPenaltyPercent: p.earlyExitPenaltyPercent.replace(/\.?0+$/, ''),
});

const buy = (me: SignedUp, body: object, key: string = randomUUID(), mode: 'real' | 'demo' = 'real') =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(smartApi.buySmart),
    payload: body,
    headers: { ...auth(me.token, mode), 'idempotency-key': key },
  });
const get = (me: SignedUp, url: string) => api.app.inject({ method: 'GET', url, headers: auth(me.token, 'real') });
const exit = (me: SignedUp, id: number, receive: string, key: string = randomUUID()) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(smartApi.earlyExitSmart, { id }),
    payload: { receive },
    headers: { ...auth(me.token, 'real'), 'idempotency-key': key },
  });
const incomeDays = async (id: number) =>
  (
    await db()
      .select({ ref: ledgerTransfers.referenceId, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'plan_income'), like(ledgerTransfers.referenceId, `${id}:%`)))
      .orderBy(ledgerTransfers.id)
  ).map((r) => [r.ref.split(':')[1], money(r.amount).toFixed(2)]);
const orderRow = async (id: number) => (await db().select().from(smartOrders).where(eq(smartOrders.id, id)))[0]!;

describe('smart plans', () => {
  it('lists the seeded products publicly with their stated terms', async () => {
    const res = await api.app.inject({ method: 'GET', url: endpointPath(smartApi.listSmartProducts) });
    expect(res.json().result.currency).toBe('USD');
    expect(
      res
        .json()
        .result.products.map((p: { name: string; termDays: number; dailyYieldPercent: string }) => [
          p.name,
          p.termDays,
          p.dailyYieldPercent,
        ]),
    ).toEqual([
      ['Steady 7', 7, '0.05'],
      ['Balanced 30', 30, '0.08'],
      ['Long 90', 90, '0.1'],
    ]);
  });

  it('refuses every wrong purchase with its code and changes nothing; buys once per key; one running plan per product', async () => {
    const balanced = await productNamed('Balanced 30');
    const me = await customer('5000');
    const demo = await customer('0', 'demo');
    const refusals: [object, string, SignedUp?, 'demo'?][] = [
      [termsOf(balanced, '1000'), '10120', demo, 'demo'],
      [{ ...termsOf(balanced, '1000'), productId: 999_999 }, '10010'],
      [{ ...termsOf(balanced, '1000'), termDays: 31 }, '10012'],
      [{ ...termsOf(balanced, '1000'), dailyYieldPercent: '0.09' }, '10010'],
      [{ ...termsOf(balanced, '1000'), profitSharingDays: 8 }, '10010'],
      [termsOf(balanced, '499.99'), '10013'],
      [termsOf(balanced, '50000.01'), '10013'],
      [termsOf(balanced, '6000'), '10011'],
    ];
    for (const [body, code, who, mode] of refusals) {
      const res = await buy(who ?? me, body, randomUUID(), mode ?? 'real');
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await buy(me, termsOf(balanced, '499.99'))).json().result).toEqual({ min: '500.00', max: '50000.00' });
    // Bad input is refused by the schema (400) with the field's message.
    const bad = await buy(me, { ...termsOf(balanced, '10.123') });
    expect(bad.statusCode).toBe(400);
    expect(await cashOf(db(), me.userId, 'real')).toBe('5000');
    expect(await db().select().from(smartOrders).where(eq(smartOrders.userId, me.userId))).toEqual([]);

    // A product switched off: "smart trading not enabled" for new plans; a running plan of it goes on.
    const long = await productNamed('Long 90');
    const owner = await customer('3000');
    const runningLong = (await buy(owner, termsOf(long, '1000'))).json().result;
    await db().update(smartProducts).set({ enabled: false }).where(eq(smartProducts.id, long.id));
    expect((await buy(me, termsOf(long, '1000'))).json().code).toBe('10150');
    clock += DAY;
    await runJob();
    expect(await incomeDays(runningLong.id)).toHaveLength(1);
    const offPreview = (await get(owner, endpointPath(smartApi.previewEarlyExit, { id: runningLong.id }))).json().result;
    expect((await exit(owner, runningLong.id, offPreview.receive)).json().result.state).toBe('ended_early');
    await db().update(smartProducts).set({ enabled: true }).where(eq(smartProducts.id, long.id));

    // Bought: 20004, the principal in the plan account; a retry of the key answers the same plan once.
    const key = randomUUID();
    const first = await buy(me, termsOf(balanced, '1000'), key);
    expect(first.json()).toMatchObject({
      code: '20004',
      result: {
        state: 'earning',
        amount: '1000.00',
        dailyIncome: '0.80',
        totalIncome: '24.00',
        totalAtTerm: '1024.00',
        daysRun: 0,
        nextProfitAt: new Date(clock + DAY).toISOString(),
      },
    });
    expect((await buy(me, termsOf(balanced, '1000'), key)).json().result.id).toBe(first.json().result.id);
    expect(await cashOf(db(), me.userId, 'real')).toBe('4000');
    expect(await figures(me)).toMatchObject({ baseBalance: '4000', totalAssets: '5000' });
    // A second plan of the same product while one is earning: 10024. Two at once: one of each.
    expect((await buy(me, termsOf(balanced, '1000'))).json().code).toBe('10024');
    const other = await customer('5000');
    const codes = (await Promise.all([buy(other, termsOf(balanced, '600')), buy(other, termsOf(balanced, '700'))])).map(
      (r) => r.json().code,
    );
    expect(codes.sort()).toEqual(['10024', '20004']);
    expect(await cashOf(db(), other.userId, 'real')).toMatch(/^4[34]00$/);
    await expectLedgerBalanced(db());
  });

  it('credits each day once at its next-profit time (twice run, two nodes, missed days), releases from the profit-sharing day, completes', async () => {
    clock = Date.UTC(2026, 11, 1, 10, 30, 0);
    const balanced = await productNamed('Balanced 30');
    const me = await customer('2000');
    const plan = (await buy(me, termsOf(balanced, '1000'))).json().result;
    // Just before the first next-profit time: nothing.
    clock += DAY - 1;
    await runJob();
    expect(await incomeDays(plan.id)).toEqual([]);
    // Day 1 due: 0.80 credited, not withdrawable (total assets up, cash not). Run twice: once.
    clock += 1;
    await runJob();
    await runJob();
    expect(await incomeDays(plan.id)).toEqual([['2026-12-02', '0.80']]);
    expect(await figures(me)).toMatchObject({ baseBalance: '1000', totalAssets: '2000.8', profit: '0.8' });
    // Three missed days catch up exactly, each dated on its day; two API nodes at the same moment book them once.
    clock += 3 * DAY + 60_000;
    const second = await buildApi({ db: db(), now: () => clock, jobClock: { ...manualJobs, now: () => clock }, rateLimits: false });
    try {
      await Promise.all([runJob(), second.scheduler.runNow(PLAN_ACCRUAL_JOB), runJob()]);
    } finally {
      await second.close();
    }
    expect(await incomeDays(plan.id)).toEqual([
      ['2026-12-02', '0.80'],
      ['2026-12-03', '0.80'],
      ['2026-12-04', '0.80'],
      ['2026-12-05', '0.80'],
    ]);
    expect(await orderRow(plan.id)).toMatchObject({ daysRun: 4, status: 'earning' });
    // Day 7 is the profit-sharing day: the 5.60 accrued is the customer's cash; day 8's 0.80 too.
    clock += 4 * DAY;
    await runJob();
    const shared = (await get(me, endpointPath(smartApi.getSmartOrder, { id: plan.id }))).json().result;
    expect(shared.order).toMatchObject({ state: 'profit_shared', daysRun: 8, accrued: '0.00', totalProfit: '6.40' });
    expect(shared.accruals).toHaveLength(8);
    expect(shared.accruals[7]).toEqual({ day: 8, at: new Date(Date.UTC(2026, 11, 9, 10, 30)).toISOString(), amount: '0.80' });
    expect(await cashOf(db(), me.userId, 'real')).toBe('1006.4');
    // The term's end falls on a missed day: days 9–30 caught up, then principal and income returned.
    clock = Date.UTC(2027, 0, 15);
    await runJob();
    const done = await orderRow(plan.id);
    expect(done).toMatchObject({ status: 'completed', daysRun: 30, nextProfitAt: null });
    expect(done.endedAt!.toISOString()).toBe(new Date(Date.UTC(2026, 11, 31, 10, 30)).toISOString());
    expect(await incomeDays(plan.id)).toHaveLength(30);
    expect(await cashOf(db(), me.userId, 'real')).toBe('2024');
    expect(await figures(me)).toMatchObject({ baseBalance: '2024', totalAssets: '2024', profit: '24' });
    // Completed: a plan of the product can be bought again.
    expect((await buy(me, termsOf(balanced, '1000'))).json().code).toBe('20004');
    await expectLedgerBalanced(db());
  });

  it('previews and applies an early exit (penalty from income first, then principal); refuses a stale preview and an ended plan', async () => {
    clock = Date.UTC(2027, 1, 1, 8, 0, 0);
    const balanced = await productNamed('Balanced 30');
    const me = await customer('1000');
    const plan = (await buy(me, termsOf(balanced, '1000'))).json().result;
    clock += 3 * DAY;
    await runJob();
    // 3 days: 2.40 accrued; the 100.00 penalty takes it all and 97.60 of principal; 902.40 back.
    const preview = (await get(me, endpointPath(smartApi.previewEarlyExit, { id: plan.id }))).json().result;
    expect(preview).toEqual({
      orderId: plan.id,
      principal: '1000.00',
      accrued: '2.40',
      earlyExitPenaltyPercent: '10',
      penalty: '100.00',
      fromIncome: '2.40',
      fromPrincipal: '97.60',
      incomeReturned: '0.00',
      principalReturned: '902.40',
      receive: '902.40',
    });
    // Another customer cannot see or leave it.
    const stranger = await customer('0');
    expect((await get(stranger, endpointPath(smartApi.previewEarlyExit, { id: plan.id }))).statusCode).toBe(404);
    expect((await exit(stranger, plan.id, '902.40')).statusCode).toBe(404);
    // A day passes unseen (the job is late): the preview shown is stale, refused with the new one.
    clock += DAY;
    const stale = await exit(me, plan.id, '902.40');
    expect(stale.json()).toMatchObject({ code: '10152', result: { preview: { accrued: '3.20', receive: '903.20' } } });
    expect(await orderRow(plan.id)).toMatchObject({ status: 'earning', daysRun: 3 });
    const key = randomUUID();
    const left = await exit(me, plan.id, '903.20', key);
    expect(left.json()).toMatchObject({
      code: '200',
      result: { state: 'ended_early', penalty: '100.00', returned: '903.20', nextProfitAt: null },
    });
    expect((await exit(me, plan.id, '903.20', key)).json().result.state).toBe('ended_early');
    expect(await cashOf(db(), me.userId, 'real')).toBe('903.2');
    // 4 days of income (3.20) less the 100.00 penalty.
    expect(await figures(me)).toMatchObject({ baseBalance: '903.2', totalAssets: '903.2', profit: '-96.8' });
    expect((await exit(me, plan.id, '903.20')).json().code).toBe('10151');
    expect((await get(me, endpointPath(smartApi.previewEarlyExit, { id: plan.id }))).json().code).toBe('10151');
    await expectLedgerBalanced(db());
  });

  it('leaving a profit-shared plan takes the penalty from principal only; released income stays', async () => {
    clock = Date.UTC(2027, 4, 1, 9, 0, 0);
    const balanced = await productNamed('Balanced 30');
    const me = await customer('1000');
    const plan = (await buy(me, termsOf(balanced, '1000'))).json().result;
    clock += 8 * DAY;
    await runJob();
    // Day 7 shared 5.60 and day 8 0.80: 6.40 is cash, nothing accrued.
    expect(await cashOf(db(), me.userId, 'real')).toBe('6.4');
    const preview = (await get(me, endpointPath(smartApi.previewEarlyExit, { id: plan.id }))).json().result;
    expect(preview).toMatchObject({ accrued: '0.00', penalty: '100.00', fromIncome: '0.00', fromPrincipal: '100.00', receive: '900.00' });
    expect((await exit(me, plan.id, '900.00')).json().result).toMatchObject({ state: 'ended_early', returned: '900.00' });
    expect(await cashOf(db(), me.userId, 'real')).toBe('906.4');
    expect(await figures(me)).toMatchObject({ profit: '-93.6' });
    await expectLedgerBalanced(db());
  });

  it('a term reached while the job was down: leaving is refused (10151) and changes nothing; the job then completes it', async () => {
    clock = Date.UTC(2027, 5, 1, 9, 0, 0);
    const steady = await productNamed('Steady 7');
    const me = await customer('500');
    const plan = (await buy(me, termsOf(steady, '500'))).json().result;
    clock += 7 * DAY + 1000;
    const refused = await exit(me, plan.id, '450.00');
    expect(refused.json().code).toBe('10151');
    expect(await orderRow(plan.id)).toMatchObject({ status: 'earning', daysRun: 0 });
    expect(await incomeDays(plan.id)).toEqual([]);
    expect(await cashOf(db(), me.userId, 'real')).toBe('0');
    await runJob();
    // 500 × 0.05 % = 0.25 a day × 7 = 1.75, shared on the last day with the principal.
    expect(await orderRow(plan.id)).toMatchObject({ status: 'completed', daysRun: 7 });
    expect(await cashOf(db(), me.userId, 'real')).toBe('501.75');
    await expectLedgerBalanced(db());
  });

  it('books a backlog longer than a month in several transactions, exactly: a Long 90 plan missed entirely completes', async () => {
    clock = Date.UTC(2027, 6, 1, 9, 0, 0);
    const long = await productNamed('Long 90');
    const me = await customer('1000');
    const plan = (await buy(me, termsOf(long, '1000'))).json().result;
    clock += 100 * DAY;
    await runJob();
    const detail = (await get(me, endpointPath(smartApi.getSmartOrder, { id: plan.id }))).json().result;
    expect(detail.order).toMatchObject({ state: 'completed', daysRun: 90, totalProfit: '90.00', accrued: '0.00' });
    expect(detail.accruals.map((a: { day: number }) => a.day)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(detail.now).toBe(new Date(clock).toISOString());
    expect(await cashOf(db(), me.userId, 'real')).toBe('1090');
    await expectLedgerBalanced(db());
  });

  it('serves no test clock on a site that did not ask for one', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 86_400_000 } });
    expect(res.statusCode).toBe(404);
  });

  it('lists only the caller’s plans, filtered by state', async () => {
    clock = Date.UTC(2027, 2, 1);
    const [steady, balanced] = [await productNamed('Steady 7'), await productNamed('Balanced 30')];
    const me = await customer('5000');
    const a = (await buy(me, termsOf(steady, '100'))).json().result;
    const b = (await buy(me, termsOf(balanced, '500'))).json().result;
    await exit(me, a.id, (await get(me, endpointPath(smartApi.previewEarlyExit, { id: a.id }))).json().result.receive);
    const list = async (status?: string) =>
      (await get(me, `${endpointPath(smartApi.listSmartOrder)}${status ? `?status=${status}` : ''}`)).json().result;
    expect((await list()).items.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect((await list('running')).items.map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await list('ended_early')).items.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const stranger = await customer('0');
    expect((await get(stranger, endpointPath(smartApi.listSmartOrder))).json().result).toMatchObject({ items: [], total: 0 });
    expect((await get(stranger, endpointPath(smartApi.getSmartOrder, { id: b.id }))).statusCode).toBe(404);
  });

  it('lets operators edit a product for new plans only, audited; running plans keep their terms', async () => {
    clock = Date.UTC(2027, 3, 1, 12, 0, 0);
    const long = await productNamed('Long 90');
    const me = await customer('3000');
    const before = (await buy(me, termsOf(long, '1000'))).json().result;
    const admin = await makeOperator(api.app, db(), ['admin'], undefined, clock);
    const auditor = await makeOperator(api.app, db(), ['auditor'], undefined, clock);
    const body = {
      name: 'Long 90',
      termDays: 90,
      minAmount: '1000',
      maxAmount: '100000',
      dailyYieldPercent: '0.2',
      profitSharingDays: 30,
      earlyExitPenaltyPercent: '5',
      enabled: true,
    };
    const put = (token: string, payload: object) =>
      api.app.inject({
        method: 'PUT',
        url: endpointPath(smartApi.updateSmartProduct, { id: long.id }),
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await put(auditor.token, body)).statusCode).toBe(403);
    // Profit sharing after the term: refused with its message.
    const wrong = await put(admin.token, { ...body, profitSharingDays: 91 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('validation.smartSharingInvalid');
    expect((await put(admin.token, body)).json().result).toMatchObject({ dailyYieldPercent: '0.2', earlyExitPenaltyPercent: '5' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.change'), eq(auditLog.targetId, String(long.id))));
    expect(entry).toMatchObject({ before: { dailyYieldPercent: '0.1' }, after: { dailyYieldPercent: '0.2' } });
    // The old terms sent now are refused (changed since shown); the running plan keeps 0.1 % and 10 %.
    expect((await buy(await customer('2000'), termsOf(long, '1000'))).json().code).toBe('10010');
    clock += DAY;
    await runJob();
    expect(await incomeDays(before.id)).toEqual([['2027-04-02', '1.00']]);
    const kept = (await get(me, endpointPath(smartApi.getSmartOrder, { id: before.id }))).json().result.order;
    expect(kept).toMatchObject({ dailyYieldPercent: '0.1', earlyExitPenaltyPercent: '10', dailyIncome: '1.00' });
    const fresh = await customer('2000');
    const updated = (await db().select().from(smartProducts).where(eq(smartProducts.id, long.id)))[0]!;
    expect((await buy(fresh, termsOf(updated, '1000'))).json().result).toMatchObject({ dailyIncome: '2.00', earlyExitPenaltyPercent: '5' });
    // A new product (audited) whose smallest plan would pay 0.00 a day: that amount is refused (10013).
    const later = await makeOperator(api.app, db(), ['admin'], undefined, clock);
    const created = await api.app.inject({
      method: 'POST',
      url: endpointPath(smartApi.createSmartProduct),
      payload: { ...body, name: 'Tiny', minAmount: '1', maxAmount: '100000', dailyYieldPercent: '0.01', earlyExitPenaltyPercent: '0' },
      headers: { authorization: `Bearer ${later.token}` },
    });
    expect(created.json(), created.body).toMatchObject({ code: '200' });
    const tiny = (await db().select().from(smartProducts).where(eq(smartProducts.id, created.json().result.id)))[0]!;
    expect((await buy(fresh, termsOf(tiny, '1'))).json().code).toBe('10013');
    expect((await buy(fresh, termsOf(tiny, '100'))).json().result).toMatchObject({ dailyIncome: '0.01', earlyExitPenaltyPercent: '0' });
    await expectLedgerBalanced(db());
  });
});
