import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { OPERATOR_CODES, REVIEW_KINDS, REVIEW_STATES } from '@meridian/contracts';
import type { ReviewKind } from '@meridian/contracts';
import { isMoneyReviewKind, REVIEW_STEP_FIELDS, REVIEW_STEPS } from '@meridian/contracts/schemas';
import type { ReviewStepRule } from '@meridian/contracts/schemas';
import { auditLog, reviews } from '../../src/db/schema.ts';
import type { OperatorIdentity } from '../../src/operators/operators.ts';
import { ReviewService } from '../../src/reviews/reviews.ts';
import { databaseKind } from '../helpers.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';

/**
 * Reviews after the decision (issue 23 item 5): a decided money review is never reopened (the service
 * answers 10211, the database refuses it too), and the steps after a decision (approved → paid with the
 * payout hash, paid → failed, approved → disbursed) are guarded: row locked, state checked, audited.
 */
const database = withOwnDatabase();
let service: ReviewService;

const finance: OperatorIdentity = {
  id: randomUUID(),
  email: 'finance@ops.test',
  ip: '127.0.0.1',
  name: 'Finance',
  roles: ['finance', 'reviewer', 'support'],
  breakGlass: false,
};
const HASH = `0x${'ab'.repeat(32)}`;
const TRON_HASH = 'cd'.repeat(32);

beforeAll(() => {
  service = new ReviewService(database.db);
  // The products come later; these handlers stand in for their decisions (an approval that waits for its payout).
  service.handle('withdrawal', async (_tx, _row, decision) => (decision.decision === 'approve' ? 'approved' : 'rejected'));
  service.handle('loan', async (_tx, _row, decision) => (decision.decision === 'approve' ? 'approved' : 'rejected'));
  service.handle('support', async () => 'approved');
});

const row = async (id: number) => (await database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;
const stepAudits = async (id: number, kind: ReviewKind) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'review.step'), eq(auditLog.targetKind, `review:${kind}`), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));

/** A new item of a kind, decided as asked ('pending' leaves it undecided). */
async function item(kind: ReviewKind, decided: 'approve' | 'reject' | 'pending' = 'approve') {
  const subjectId = randomUUID();
  const created = (await service.enqueueNew(database.db, { kind, subjectId, payload: { amount: '120.5' } }))!;
  if (decided !== 'pending') {
    // [the approval's reason, the rejection's reason] per kind.
    const reasons = { withdrawal: ['paid', 'addressInvalid'], loan: ['approved', 'termsNotMet'] }[kind as 'withdrawal' | 'loan'];
    const reasonCode = reasons[decided === 'reject' ? 1 : 0]!;
    await service.decide(finance, created.id, { decision: decided, reasonCode });
  }
  return { id: created.id, subjectId };
}

describe(`a decided money review is never reopened (${databaseKind})`, () => {
  it('the service refuses a reopen with 10211 and changes nothing; a support conversation still reopens', async () => {
    const { id, subjectId } = await item('withdrawal');
    const before = await row(id);
    expect(before.state).toBe('approved');
    await expect(service.enqueue(database.db, { kind: 'withdrawal', subjectId }, { reopen: true })).rejects.toMatchObject({
      code: OPERATOR_CODES.reviewFinal,
    });
    await expect(database.db.transaction((tx) => service.setState(tx, before, 'pending', finance, 'paid'))).rejects.toMatchObject({
      code: OPERATOR_CODES.reviewFinal,
    });
    await expect(service.decide(finance, id, { decision: 'reject', reasonCode: 'addressInvalid' })).rejects.toMatchObject({
      code: OPERATOR_CODES.alreadyDecided,
    });
    expect(await row(id)).toEqual(before);

    // Not a money kind: a visitor writing again puts the conversation back in the queue.
    const support = (await service.enqueueNew(database.db, { kind: 'support', subjectId: randomUUID() }))!;
    await service.decide(finance, support.id, { decision: 'approve', reasonCode: 'answered' });
    const reopened = await service.enqueue(database.db, { kind: 'support', subjectId: support.subjectId }, { reopen: true });
    expect(reopened.state).toBe('pending');
  });

  it('the database refuses a reopen, a changed decision, a final state left and a delete', async () => {
    const approved = await item('withdrawal');
    const rejected = await item('loan', 'reject');
    const before = await row(approved.id);
    const beforeRejected = await row(rejected.id);
    const refused = (statement: ReturnType<typeof sql>) => expect(database.db.execute(statement)).rejects.toThrow();
    await refused(sql`update reviews set state = 'pending' where id = ${approved.id}`);
    await refused(sql`update reviews set reason_code = 'securityHold' where id = ${approved.id}`);
    await refused(sql`update reviews set decided_by_id = ${randomUUID()} where id = ${approved.id}`);
    await refused(sql`update reviews set payload = '{}'::jsonb where id = ${approved.id}`);
    await refused(sql`update reviews set state = 'approved' where id = ${rejected.id}`);
    await refused(sql`delete from reviews where id = ${approved.id}`);
    await refused(sql`update reviews set state = 'reopened' where id = ${approved.id}`);
    expect(await row(approved.id)).toEqual(before);
    expect(await row(rejected.id)).toEqual(beforeRejected);
    // The steps' own moves pass the trigger (what the service does is allowed).
    await database.db.execute(
      sql`update reviews set state = 'paid', payload = payload || '{"payoutHash":"x"}'::jsonb where id = ${approved.id}`,
    );
    expect((await row(approved.id)).state).toBe('paid');
    // Only a step of its kind moves it on: never back to a state a step leaves, never to another decision.
    await refused(sql`update reviews set state = 'approved' where id = ${approved.id}`);
    await refused(sql`update reviews set state = 'rejected' where id = ${approved.id}`);
    await refused(sql`update reviews set state = 'disbursed' where id = ${approved.id}`);
    const loan = await item('loan');
    await refused(sql`update reviews set state = 'paid' where id = ${loan.id}`);
    await refused(sql`update reviews set state = 'rejected' where id = ${loan.id}`);
    await database.db.execute(sql`update reviews set state = 'disbursed' where id = ${loan.id}`);
    await refused(sql`update reviews set state = 'approved' where id = ${loan.id}`);
    expect((await row(loan.id)).state).toBe('disbursed');
  });
});

describe(`the database and the contracts agree (${databaseKind})`, () => {
  it('knows every review state, and refuses a reopen exactly for the money kinds', async () => {
    for (const state of REVIEW_STATES) {
      await database.db.insert(reviews).values({ kind: 'support', subjectId: randomUUID(), state });
    }
    for (const kind of REVIEW_KINDS) {
      const [decided] = await database.db
        .insert(reviews)
        .values({ kind, subjectId: randomUUID(), state: 'approved', decidedAt: new Date() })
        .returning();
      const reopen = database.db.execute(sql`update reviews set state = 'pending' where id = ${decided!.id}`);
      if (isMoneyReviewKind(kind)) await expect(reopen, kind).rejects.toThrow();
      else await reopen;
      expect((await row(decided!.id)).state, kind).toBe(isMoneyReviewKind(kind) ? 'approved' : 'pending');
    }
  });
});

describe(`steps after the decision are guarded transitions (${databaseKind})`, () => {
  it('declares every step once, from a decided state to a known one, with the schema of its fields', () => {
    for (const [kind, steps] of Object.entries(REVIEW_STEPS) as [keyof typeof REVIEW_STEPS, Record<string, ReviewStepRule>][]) {
      expect(Object.keys(REVIEW_STEP_FIELDS[kind]).sort()).toEqual(Object.keys(steps).sort());
      for (const rule of Object.values(steps)) {
        expect(rule.from).not.toBe('pending');
        expect(REVIEW_STATES).toContain(rule.from);
        expect(REVIEW_STATES).toContain(rule.to);
      }
    }
  });

  it('approved → paid with the payout hash → failed with its reason, each step audited', async () => {
    const { id } = await item('withdrawal');
    const paid = await service.step(finance, id, { step: 'pay', fields: { payoutHash: HASH }, note: 'sent from the hot wallet' });
    expect(paid).toMatchObject({ state: 'paid', reasonCode: 'paid', payload: { amount: '120.5', payoutHash: HASH } });
    expect((await row(id)).completedAt).toBeNull();
    const failed = await service.step(finance, id, { step: 'fail', fields: { failureReason: 'addressInvalid' } });
    expect(failed).toMatchObject({ state: 'failed', reasonCode: 'paid', payload: { payoutHash: HASH, failureReason: 'addressInvalid' } });
    expect((await row(id)).completedAt).not.toBeNull();
    const audits = await stepAudits(id, 'withdrawal');
    expect(audits.map((a) => [a.before, a.after, a.actor])).toEqual([
      [
        { state: 'approved' },
        { state: 'paid', step: 'pay', fields: { payoutHash: HASH }, note: 'sent from the hot wallet' },
        finance.email,
      ],
      [{ state: 'paid' }, { state: 'failed', step: 'fail', fields: { failureReason: 'addressInvalid' }, note: null }, finance.email],
    ]);
    // Failed is final: no step leaves it, and the database refuses a move too.
    await expect(service.step(finance, id, { step: 'pay', fields: { payoutHash: HASH } })).rejects.toMatchObject({
      code: OPERATOR_CODES.stepNotAllowed,
    });
    await expect(database.db.execute(sql`update reviews set state = 'paid' where id = ${id}`)).rejects.toThrow();
  });

  it('approved → disbursed completes a loan, audited; a bare Tron hash is a payout hash too', async () => {
    const loan = await item('loan');
    expect(await service.step(finance, loan.id, { step: 'disburse' })).toMatchObject({ state: 'disbursed' });
    expect((await row(loan.id)).completedAt).not.toBeNull();
    expect((await stepAudits(loan.id, 'loan')).map((a) => a.after)).toEqual([
      { state: 'disbursed', step: 'disburse', fields: {}, note: null },
    ]);
    const withdrawal = await item('withdrawal');
    expect(await service.step(finance, withdrawal.id, { step: 'pay', fields: { payoutHash: TRON_HASH } })).toMatchObject({
      state: 'paid',
      payload: { payoutHash: TRON_HASH },
    });
  });

  it('refuses a step from the wrong state or of another kind with 10212, changing nothing', async () => {
    const pending = await item('withdrawal', 'pending');
    const approved = await item('withdrawal');
    const rejected = await item('withdrawal', 'reject');
    const loan = await item('loan');
    const cases: [number, Parameters<ReviewService['step']>[2]][] = [
      [pending.id, { step: 'pay', fields: { payoutHash: HASH } }],
      [approved.id, { step: 'fail', fields: { failureReason: 'addressInvalid' } }],
      [approved.id, { step: 'disburse' }],
      [rejected.id, { step: 'pay', fields: { payoutHash: HASH } }],
      [loan.id, { step: 'pay', fields: { payoutHash: HASH } }],
    ];
    for (const [id, body] of cases) {
      const before = await row(id);
      await expect(service.step(finance, id, body)).rejects.toMatchObject({ code: OPERATOR_CODES.stepNotAllowed });
      expect(await row(id)).toEqual(before);
      expect(await stepAudits(id, before.kind as ReviewKind)).toEqual([]);
    }
    await loanDisbursedTwice(loan.id);
  });

  async function loanDisbursedTwice(id: number) {
    await service.step(finance, id, { step: 'disburse' });
    await expect(service.step(finance, id, { step: 'disburse' })).rejects.toMatchObject({ code: OPERATOR_CODES.stepNotAllowed });
    expect(await stepAudits(id, 'loan')).toHaveLength(1);
  }

  it("checks a step's and a decision's fields with the kind's schema (400 with the field's message)", async () => {
    const { id } = await item('withdrawal');
    const before = await row(id);
    const refusals: [Parameters<ReviewService['step']>[2], string][] = [
      [{ step: 'pay' }, 'validation.enterPayoutHash'],
      [{ step: 'pay', fields: { payoutHash: '0x1234' } }, 'validation.payoutHashInvalid'],
      [{ step: 'pay', fields: { payoutHash: `0x${'g'.repeat(64)}` } }, 'validation.payoutHashInvalid'],
      // Only the step's own fields: one the step does not declare is refused.
      [{ step: 'pay', fields: { payoutHash: HASH, amount: '99' } }, ''],
    ];
    for (const [body, message] of refusals) {
      const refusal = service.step(finance, id, body);
      await expect(refusal).rejects.toMatchObject({ code: '400' });
      if (message) await expect(refusal).rejects.toThrow(message);
    }
    expect(await row(id)).toEqual(before);
    // The paid → failed step takes only a payout failure reason.
    await service.step(finance, id, { step: 'pay', fields: { payoutHash: HASH } });
    await expect(service.step(finance, id, { step: 'fail', fields: { failureReason: 'paid' } })).rejects.toMatchObject({ code: '400' });
    expect((await row(id)).state).toBe('paid');
    // A decision takes only the fields its kind declares (withdrawals declare none).
    const pending = await item('withdrawal', 'pending');
    await expect(
      service.decide(finance, pending.id, { decision: 'approve', reasonCode: 'paid', fields: { payoutHash: HASH } }),
    ).rejects.toMatchObject({ code: '400' });
    expect((await row(pending.id)).state).toBe('pending');
  });

  it('refuses an operator without the deciding role and the break-glass token', async () => {
    const { id } = await item('withdrawal');
    const support: OperatorIdentity = { ...finance, id: randomUUID(), email: 'support@ops.test', roles: ['support'] };
    await expect(service.step(support, id, { step: 'pay', fields: { payoutHash: HASH } })).rejects.toMatchObject({
      code: OPERATOR_CODES.forbidden,
    });
    await expect(service.step({ ...finance, breakGlass: true }, id, { step: 'pay', fields: { payoutHash: HASH } })).rejects.toMatchObject({
      code: OPERATOR_CODES.forbidden,
    });
    expect((await row(id)).state).toBe('approved');
  });

  it('two steps at once on one item: exactly one wins, the other is refused with 10212', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { id } = await item('withdrawal');
      const hashes = [`0x${'1'.repeat(63)}${round}`, `0x${'2'.repeat(63)}${round}`];
      const outcomes = await Promise.allSettled(
        hashes.map((payoutHash) => service.step(finance, id, { step: 'pay', fields: { payoutHash } })),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toMatchObject({ code: OPERATOR_CODES.stepNotAllowed });
      const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<ReviewService['step']>>>).value;
      const stored = await row(id);
      expect(stored.state).toBe('paid');
      expect(stored.payload.payoutHash).toBe(winner.payload.payoutHash);
      expect(await stepAudits(id, 'withdrawal')).toHaveLength(1);
    }
    // Two different steps racing: the fail of a paid withdrawal against a second pay.
    const { id } = await item('withdrawal');
    await service.step(finance, id, { step: 'pay', fields: { payoutHash: HASH } });
    const race = await Promise.allSettled([
      service.step(finance, id, { step: 'fail', fields: { failureReason: 'securityHold' } }),
      service.step(finance, id, { step: 'fail', fields: { failureReason: 'addressInvalid' } }),
    ]);
    expect(race.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await row(id)).state).toBe('failed');
    expect(await stepAudits(id, 'withdrawal')).toHaveLength(2);
  });
});
