import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath, OPERATOR_CODES } from '@meridian/contracts';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { auditLog, reviews } from '../../src/db/schema.ts';
import { databaseKind, OPERATOR_TOKEN } from '../helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';

/**
 * The operator API's step after a decision (`POST /api/admin/reviews/:id/step`): a finance operator
 * records a withdrawal's payout with its hash once; a wrong hash, a second step, another role and the
 * break-glass token are refused with their codes and change nothing.
 */
const api = withTestApi({}, { timeout: 120_000 });
const finance = withOperator(api, ['finance']);
const support = withOperator(api, ['support']);
const auditor = withOperator(api, ['auditor']);

const HASH = `0x${'5e'.repeat(32)}`;
const step = (id: number, token: string, payload: object) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(reviewsEndpoints.stepReview, { id }),
    payload,
    headers: { authorization: `Bearer ${token}` },
  });

/** An approved withdrawal item, as its decision (built with the funding product) will leave it. */
async function approvedWithdrawal(): Promise<number> {
  const [row] = await api.database.db
    .insert(reviews)
    .values({
      kind: 'withdrawal',
      subjectId: randomUUID(),
      state: 'approved',
      payload: { amount: '250' },
      decidedById: finance.id,
      reasonCode: 'paid',
      decidedAt: new Date(),
    })
    .returning();
  return row!.id;
}

describe(`POST /api/admin/reviews/:id/step (${databaseKind})`, () => {
  it('records the payout once, audited; a second step, a bad hash, another role and break-glass are refused', async () => {
    const id = await approvedWithdrawal();
    const badHash = await step(id, finance.token, { step: 'pay', fields: { payoutHash: '0xnothex' } });
    expect(badHash.json()).toMatchObject({ code: '400', message: 'validation.payoutHashInvalid' });
    // An auditor reads the queue but decides nothing; support does not even see withdrawals.
    expect((await step(id, auditor.token, { step: 'pay', fields: { payoutHash: HASH } })).statusCode).toBe(403);
    expect((await step(id, support.token, { step: 'pay', fields: { payoutHash: HASH } })).statusCode).toBe(404);
    expect((await step(id, OPERATOR_TOKEN, { step: 'pay', fields: { payoutHash: HASH } })).statusCode).toBe(403);
    expect((await api.database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!.state).toBe('approved');

    const paid = await step(id, finance.token, { step: 'pay', fields: { payoutHash: HASH } });
    expect(paid.json()).toMatchObject({ code: '200', result: { id, state: 'paid', payload: { amount: '250', payoutHash: HASH } } });
    const again = await step(id, finance.token, { step: 'pay', fields: { payoutHash: `0x${'00'.repeat(32)}` } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(OPERATOR_CODES.stepNotAllowed);
    const wrongKind = await step(id, finance.token, { step: 'disburse' });
    expect(wrongKind.json().code).toBe(OPERATOR_CODES.stepNotAllowed);

    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.step'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => [a.actor, a.after])).toEqual([
      [finance.email, { state: 'paid', step: 'pay', fields: { payoutHash: HASH }, note: null }],
    ]);
  });
});
