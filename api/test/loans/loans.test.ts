import { createHash, randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath, loanQuote } from '@meridian/contracts';
import { loanEndpoints } from '@meridian/contracts/endpoints/loans';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { settingsEndpoints } from '@meridian/contracts/endpoints/settings';
import { buildApi } from '../../src/app.ts';
import { LOAN_INTEREST_JOB } from '../../src/jobs/loan-interest.ts';
import { ledgerTransfers, loans, notifications, reviews, settings, users } from '../../src/db/schema.ts';
import { auth, signUp, userInfo } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { cashOf, expectLedgerBalanced, moveCash } from '../ledger-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { manualJobs } from '../trading/trading-fixture.ts';
import { SIGNATURE_PNG, applyLoan, decide, kycForm, repayLoan, submitKyc, uploadPrivate } from './loan-helpers.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Loans (issue 26, SPEC §3–§5.8, ADR 008): verified real customers apply on a product's terms with a
 * drawn signature (20001, the agreement PDF's hash kept); approval disburses through the ledger; a daily
 * job books each day's interest after the interest-free days once (on any number of nodes, catching up
 * missed days exactly); repayments take interest first, then principal; past the due date a loan is
 * overdue. Interest here is checked against schedules worked out by hand.
 */
// 1 December 2026, 10:00 UTC: the loan's first day starts at the next midnight.
let clock = Date.UTC(2026, 11, 1, 10, 0, 0);
const api = withTestApi(
  { rateLimits: false, now: () => clock, jobClock: { ...manualJobs, now: () => clock } },
  { ownDatabase: true, timeout: 120_000 },
);

/** A reviewer signed in at the clock's time (operator sessions follow the API's clock). */
const reviewer = () => makeOperator(api.app, api.database.db, ['reviewer'], undefined, clock);

const reviewOf = async (kind: string, subject: number) =>
  (
    await api.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.kind, kind), eq(reviews.subjectId, String(subject))))
  )[0]!;

/** A real-account customer whose identity a reviewer verified. */
async function verified(): Promise<SignedUp> {
  const me = await signUp(api.app);
  await api.database.db.update(users).set({ accountMode: 'real' }).where(eq(users.id, me.userId));
  await userChanged(me.userId);
  const sent = (await submitKyc(api.app, me, await kycForm(api.app, me))).json().result;
  const review = await reviewOf('kyc', sent.submission.id);
  await decide(api.app, (await reviewer()).token, review.id, { decision: 'approve', reasonCode: 'verified' });
  return me;
}

const terms = async (me: SignedUp, overrides: Record<string, unknown> = {}) => ({
  termDays: 30,
  amount: '1000',
  dailyRatePercent: '0.1',
  interestFreeDays: 7,
  signatureId: await uploadPrivate(api.app, me, SIGNATURE_PNG),
  ...overrides,
});

const products = JSON.stringify([
  { termDays: 30, minAmount: '100', maxAmount: '5000', dailyRatePercent: '0.1' },
  { termDays: 7, minAmount: '50', maxAmount: '500', dailyRatePercent: '0.2' },
]);

const loanRow = async (id: number) => (await api.database.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const figures = async (me: SignedUp) => (await userInfo(api.app, me.token, 'real')).json().result.account;
const runJob = () => api.app.scheduler.runNow(LOAN_INTEREST_JOB);
const interestDays = async (id: number) =>
  (
    await api.database.db
      .select({ ref: ledgerTransfers.referenceId, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'loan_interest'), like(ledgerTransfers.referenceId, `${id}:%`)))
      .orderBy(ledgerTransfers.id)
  ).map((t) => [t.ref.split(':')[1], Number(t.amount).toFixed(2)]);

describe(`loans (${databaseKind})`, () => {
  it('states the terms before applying: interest-free days, then each day on the principal', () => {
    // 1,000 at 0.1 % a day for 30 days, the first 7 free: 23 days × 1.00.
    expect(loanQuote('1000', { termDays: 30, dailyRatePercent: '0.1' }, 7)).toEqual({
      totalInterest: '23.00',
      repaymentAmount: '1023.00',
      dailyInterest: '1.00',
      schedule: [
        { fromDay: 1, toDay: 7, dailyInterest: '0.00', periodInterest: '0.00' },
        { fromDay: 8, toDay: 30, dailyInterest: '1.00', periodInterest: '23.00' },
      ],
    });
    // A day's interest is to the cent, half up: 333.33 × 0.15 % = 0.4999… → 0.50; all free → nothing.
    expect(loanQuote('333.33', { termDays: 10, dailyRatePercent: '0.15' }, 0).totalInterest).toBe('5.00');
    expect(loanQuote('500', { termDays: 7, dailyRatePercent: '0.2' }, 7)).toMatchObject({
      totalInterest: '0.00',
      repaymentAmount: '500.00',
    });
  });

  it('refuses the demo account, unverified identity, changed terms, amounts out of range and a second open loan', async () => {
    const admin = await makeOperator(api.app, api.database.db, ['admin'], undefined, clock);
    const save = (value: string) =>
      api.app.inject({
        method: 'PUT',
        url: endpointPath(settingsEndpoints.updateSetting, { key: 'loan_products' }),
        payload: { value },
        headers: admin.headers,
      });
    expect((await save(products)).json().code).toBe('200');
    const listed = await api.app.inject({ method: 'GET', url: endpointPath(loanEndpoints.listLoanProducts) });
    expect(listed.json().result).toMatchObject({ interestFreeDays: 7, currency: 'USD', products: [{ termDays: 7 }, { termDays: 30 }] });

    const demo = await signUp(api.app);
    expect((await applyLoan(api.app, demo, await terms(demo), randomUUID(), 'demo')).json().code).toBe('10120');
    const unverified = await signUp(api.app);
    await api.database.db.update(users).set({ accountMode: 'real' }).where(eq(users.id, unverified.userId));
    await userChanged(unverified.userId);
    expect((await applyLoan(api.app, unverified, await terms(unverified))).json().code).toBe('10140');

    const me = await verified();
    expect((await applyLoan(api.app, me, await terms(me, { termDays: 14 }))).json().code).toBe('10023');
    expect((await applyLoan(api.app, me, await terms(me, { dailyRatePercent: '0.05' }))).json().code).toBe('10023');
    expect((await applyLoan(api.app, me, await terms(me, { interestFreeDays: 3 }))).json().code).toBe('10023');
    expect((await applyLoan(api.app, me, await terms(me, { amount: '99.99' }))).json()).toMatchObject({
      code: '10143',
      result: { min: '100', max: '5000' },
    });
    expect((await applyLoan(api.app, me, await terms(me, { amount: '10.001' }))).statusCode).toBe(400);
    expect((await applyLoan(api.app, me, { ...(await terms(me)), signatureId: undefined })).body).toContain('validation.notSigned');
    expect(await api.database.db.select().from(loans).where(eq(loans.userId, me.userId))).toHaveLength(0);

    // Two applications at once: one is taken, the other finds it open.
    const both = await Promise.all([applyLoan(api.app, me, await terms(me)), applyLoan(api.app, me, await terms(me))]);
    expect(both.map((r) => r.json().code).sort()).toEqual(['10141', '20001']);
    // Misconfigured products: 10023 for the list and for applying.
    // A misconfigured list cannot be saved through the back-office (its rule refuses it); one written to the
    // database by hand is refused by the loans instead of lending on it.
    expect((await save('[{"termDays":30,"minAmount":"0","maxAmount":"5","dailyRatePercent":"0.1"}]')).statusCode).toBe(400);
    await api.database.db.update(settings).set({ value: '[{"termDays":30,"minAmount":"0"}]' }).where(eq(settings.key, 'loan_products'));
    // Saving another setting makes this node read them all again.
    expect(
      (
        await api.app.inject({
          method: 'PUT',
          url: endpointPath(settingsEndpoints.updateSetting, { key: 'loan_interest_free_days' }),
          payload: { value: '7' },
          headers: admin.headers,
        })
      ).json().code,
    ).toBe('200');
    expect((await api.app.inject({ method: 'GET', url: endpointPath(loanEndpoints.listLoanProducts) })).json().code).toBe('10023');
    const other = await verified();
    expect((await applyLoan(api.app, other, await terms(other))).json().code).toBe('10023');
    expect((await save(products)).json().code).toBe('200');
    await expectLedgerBalanced(api.database.db);
  });

  it('signs an agreement the borrower and the reviewer download byte for byte; nobody else can', async () => {
    const me = await verified();
    const sent = await applyLoan(api.app, me, await terms(me, { amount: '500', termDays: 7, dailyRatePercent: '0.2' }));
    expect(sent.json()).toMatchObject({
      code: '20001',
      result: { state: 'pending', amount: '500.00', totalInterest: '0.00', repaymentAmount: '500.00', disbursedAt: null },
    });
    const loan = sent.json().result;
    const download = (token: string) =>
      api.app.inject({ method: 'GET', url: endpointPath(loanEndpoints.loanAgreement, { id: loan.id }), headers: auth(token, 'real') });
    const first = await download(me.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(loan.agreementSha256);
    expect((await download(me.token)).rawPayload.equals(first.rawPayload)).toBe(true);
    const other = await signUp(api.app);
    expect((await download(other.token)).statusCode).toBe(404);
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: endpointPath(loanEndpoints.getLoan, { id: loan.id }),
          headers: auth(other.token, 'real'),
        })
      ).statusCode,
    ).toBe(404);
    const review = await reviewOf('loan', loan.id);
    expect(review.payload).toMatchObject({
      amount: '500.00',
      termDays: '7',
      agreementSha256: loan.agreementSha256,
      borrower: 'Ada Lovelace',
    });
    const document = (token: string) =>
      api.app.inject({
        method: 'GET',
        url: endpointPath(reviewsEndpoints.getReviewDocument, { id: review.id }),
        headers: { authorization: `Bearer ${token}` },
      });
    const checker = await reviewer();
    expect((await document(checker.token)).rawPayload.equals(first.rawPayload)).toBe(true);
    // It carries the signature and the address: the reviewer's, not every reader's of the queue.
    const support = await makeOperator(api.app, api.database.db, ['support'], undefined, clock);
    expect((await document(support.token)).statusCode).toBe(404);
    const auditor = await makeOperator(api.app, api.database.db, ['admin', 'auditor'], undefined, clock);
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: endpointPath(reviewsEndpoints.getReviewImage, { id: review.id, key: 'signatureId' }),
          headers: auditor.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await document(auditor.token)).statusCode).toBe(404);
    // Kept as signed: sealed at rest (no PDF header without the key).
    const [stored] = await api.database.db.select({ pdf: loans.agreementPdf }).from(loans).where(eq(loans.id, loan.id));
    expect(stored!.pdf.subarray(0, 5).toString()).not.toBe('%PDF-');
    // Rejected: nothing moves, the reason is the borrower's to read, and they may apply again.
    await decide(api.app, checker.token, review.id, { decision: 'reject', reasonCode: 'incomeInsufficient' });
    const list = (
      await api.app.inject({ method: 'GET', url: endpointPath(loanEndpoints.listLoans), headers: auth(me.token, 'real') })
    ).json().result;
    expect(list.items[0]).toMatchObject({ id: loan.id, state: 'rejected', reason: 'incomeInsufficient' });
    expect(await cashOf(api.database.db, me.userId, 'real')).toBe('0');
    expect((await applyLoan(api.app, me, await terms(me, { amount: '100', termDays: 7, dailyRatePercent: '0.2' }))).json().code).toBe(
      '20001',
    );
  });

  it('disburses on approval, books interest once a day after the free days (catching up, on two nodes once), repays interest first, goes overdue', async () => {
    const me = await verified();
    const loan = (await applyLoan(api.app, me, await terms(me))).json().result;
    const checker = await reviewer();
    const review = await reviewOf('loan', loan.id);
    expect((await decide(api.app, checker.token, review.id, { decision: 'approve', reasonCode: 'approved' })).json().result).toMatchObject({
      state: 'completed',
    });
    // The principal is the borrower's cash and their debt: total assets unchanged, loanAmount = 1,000.
    expect(await cashOf(api.database.db, me.userId, 'real')).toBe('1000');
    expect(await figures(me)).toMatchObject({ baseBalance: '1000', loanAmount: '1000', totalAssets: '0' });
    const disbursed = await loanRow(loan.id);
    expect(disbursed).toMatchObject({ status: 'repaying', accruedDays: 0 });
    // Due when its 30th day ends: day 1 is 2 December (the first midnight after 10:00 on the 1st).
    expect(disbursed.dueAt!.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // A decided loan is never decided again.
    expect((await decide(api.app, checker.token, review.id, { decision: 'approve', reasonCode: 'approved' })).statusCode).toBe(409);

    // Days 1–7 (2–8 December) are free: the job books them and no interest.
    clock = Date.UTC(2026, 11, 9, 0, 0, 1);
    await runJob();
    expect(await loanRow(loan.id)).toMatchObject({ accruedDays: 7 });
    expect(await interestDays(loan.id)).toEqual([]);
    // Three missed days (9, 10, 11 December) catch up exactly, each once and dated on its day; again, nothing more.
    clock = Date.UTC(2026, 11, 12, 0, 0, 1);
    await runJob();
    await runJob();
    expect(await interestDays(loan.id)).toEqual([
      ['2026-12-09', '1.00'],
      ['2026-12-10', '1.00'],
      ['2026-12-11', '1.00'],
    ]);
    // Two API nodes on one database running the job at the same moment book the day once.
    clock = Date.UTC(2026, 11, 13, 0, 0, 1);
    const second = await buildApi({
      db: api.database.db,
      now: () => clock,
      jobClock: { ...manualJobs, now: () => clock },
      rateLimits: false,
    });
    try {
      await Promise.all([runJob(), second.scheduler.runNow(LOAN_INTEREST_JOB)]);
    } finally {
      await second.close();
    }
    expect((await interestDays(loan.id)).map(([day]) => day)).toEqual(['2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12']);
    expect(await figures(me)).toMatchObject({ loanAmount: '1004', totalAssets: '-4' });

    // A partial repayment of 500: the 4.00 of interest first, then 496.00 of principal. A retry answers once.
    clock = Date.UTC(2026, 11, 13, 12, 0, 0);
    const key = randomUUID();
    const repaid = await repayLoan(api.app, me, loan.id, '500', key);
    expect(repaid.json()).toMatchObject({
      code: '200',
      result: { principalDue: '504.00', interestDue: '0.00', owed: '504.00', state: 'repaying' },
    });
    expect((await repayLoan(api.app, me, loan.id, '500', key)).json().result.owed).toBe('504.00');
    expect(await cashOf(api.database.db, me.userId, 'real')).toBe('500');
    expect(await figures(me)).toMatchObject({ loanAmount: '504' });
    // 504.00 × 0.1 % = 0.504 → 0.50 a day from now on.
    clock = Date.UTC(2026, 11, 14, 0, 0, 1);
    await runJob();
    expect((await interestDays(loan.id)).at(-1)).toEqual(['2026-12-13', '0.50']);

    // Past the due date (the 30th day ends on 1 January): days 12–30 booked (18 × 0.50 = 9.00), then overdue, told.
    clock = Date.UTC(2027, 0, 1, 0, 0, 1);
    await runJob();
    const overdue = await loanRow(loan.id);
    expect(overdue).toMatchObject({ status: 'overdue', accruedDays: 30 });
    expect(overdue.overdueAt!.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(Number(overdue.interestDue).toFixed(2)).toBe('9.50');
    const told = await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.userId), eq(notifications.kind, 'loanOverdue')));
    expect(told).toHaveLength(1);
    // Interest goes on after the due date, at the same rate; a repayment books the ended days first (the job
    // has not run since 1 January: the repayment itself books the day that ended at midnight).
    clock = Date.UTC(2027, 0, 2, 9, 0, 0);
    // Short of cash (500 of 514.00): refused, nothing booked; more than owed: refused.
    expect((await repayLoan(api.app, me, loan.id, '514.00')).json().code).toBe('10011');
    await moveCash(api.database.db, me.userId, 'real', '100');
    expect((await repayLoan(api.app, me, loan.id, '600')).json()).toMatchObject({ code: '10142', result: { owed: '514.00' } });
    const done = await repayLoan(api.app, me, loan.id, '514');
    expect(done.json().result).toMatchObject({ state: 'repaid', owed: '0.00' });
    expect(await cashOf(api.database.db, me.userId, 'real')).toBe('86');
    expect(await figures(me)).toMatchObject({ loanAmount: '0', baseBalance: '86' });
    expect((await repayLoan(api.app, me, loan.id, '1')).json().code).toBe('10142');
    // The history: applied, disbursed, each day's interest, the repayments split, overdue, repaid.
    const detail = (
      await api.app.inject({ method: 'GET', url: endpointPath(loanEndpoints.getLoan, { id: loan.id }), headers: auth(me.token, 'real') })
    ).json().result;
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'repayment')).toMatchObject([
      { amount: '500.00', interest: '4.00', principal: '496.00' },
      { amount: '514.00', interest: '10.00', principal: '504.00' },
    ]);
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['applied', 'disbursed', 'interest', 'overdue', 'repaid']),
    );
    await expectLedgerBalanced(api.database.db);
  });
});
