import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { kycEndpoints } from '@meridian/contracts/endpoints/kyc';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { kycSubmissions, notifications, reviews, uploads, users } from '../../src/db/schema.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';
import { uploadProof } from '../funding/funding-helpers.ts';
import { PHOTO_PNG, SIGNATURE_PNG, decide, kycForm, kycStatus, submitKyc, uploadPrivate } from './loan-helpers.ts';

/**
 * Identity verification (issue 26, SPEC §3 KYC): a customer submits once at a time (20001, pending, 48 h);
 * a reviewer rejects with a reason the customer reads or verifies; a failed customer submits again. The
 * photos and the signature are encrypted at rest and readable only by their owner and the reviewer.
 */
const api = withTestApi({ rateLimits: false }, { timeout: 120_000 });
const reviewer = withOperator(api, ['reviewer']);
const admin = withOperator(api, ['admin']);
const support = withOperator(api, ['support']);

const reviewOf = async (submissionId: number) =>
  (
    await api.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.subjectId, String(submissionId)))
  ).find((r) => r.kind === 'kyc')!;

const image = (token: string, name: string) =>
  api.app.inject({ method: 'GET', url: endpointPath(kycEndpoints.identificationImage, { image: name }), headers: auth(token, 'real') });

describe(`identity verification (${databaseKind})`, () => {
  it('pending → failed with a reason → resubmitted → verified; one submission at a time', async () => {
    const me = await signUp(api.app);
    expect((await kycStatus(api.app, me)).result).toMatchObject({ status: 'unverified', submission: null });
    const sent = await submitKyc(api.app, me, await kycForm(api.app, me));
    expect(sent.json()).toMatchObject({ code: '20001', result: { status: 'pending', submission: { firstName: 'Ada', country: 'DE' } } });
    const first = sent.json().result;
    // Decided within 48 hours of sending: the deadline is stated.
    expect(Date.parse(first.decideBy) - Date.parse(first.submission.submittedAt)).toBeGreaterThanOrEqual(48 * 3600_000 - 5_000);
    // While pending, a second submission is refused and changes nothing.
    expect((await submitKyc(api.app, me, await kycForm(api.app, me))).json().code).toBe('10019');
    expect(await api.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, me.userId))).toHaveLength(1);

    const review = await reviewOf(first.submission.id);
    expect(review.payload).toMatchObject({ name: 'Ada Lovelace', documentType: 'idCard', country: 'DE' });
    expect((await decide(api.app, reviewer.token, review.id, { decision: 'approve', reasonCode: 'nameMismatch' })).json().code).toBe(
      '10207',
    );
    expect((await decide(api.app, support.token, review.id, { decision: 'reject', reasonCode: 'nameMismatch' })).statusCode).toBe(404);
    const rejected = await decide(api.app, reviewer.token, review.id, { decision: 'reject', reasonCode: 'documentUnreadable' });
    expect(rejected.json().result).toMatchObject({ state: 'rejected' });
    expect((await kycStatus(api.app, me)).result).toMatchObject({ status: 'failed', reason: 'documentUnreadable' });
    const notes = await api.database.db.select().from(notifications).where(eq(notifications.userId, me.userId));
    expect(notes.map((n) => [n.kind, n.params])).toContainEqual(['kycRejected', { reason: 'documentUnreadable' }]);

    // A passport has no back: one sent with a back is refused; without it, the resubmission is taken.
    const passport = await kycForm(api.app, me, { documentType: 'passport' });
    expect((await submitKyc(api.app, me, passport)).json()).toMatchObject({ code: '400' });
    const { backId: _back, ...noBack } = passport;
    const again = await submitKyc(api.app, me, noBack);
    expect(again.json()).toMatchObject({ code: '20001', result: { status: 'pending', reason: null } });
    expect(again.json().result.submission.images).toEqual(['front', 'hand', 'signature']);
    const second = await reviewOf(again.json().result.submission.id);
    expect((await decide(api.app, reviewer.token, second.id, { decision: 'approve', reasonCode: 'verified' })).json().result).toMatchObject(
      {
        state: 'approved',
      },
    );
    expect((await kycStatus(api.app, me)).result).toMatchObject({ status: 'verified', reason: null });
    const [row] = await api.database.db.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, me.userId));
    expect(row!.kyc).toBe('verified');
    // Verified: nothing more to submit.
    expect((await submitKyc(api.app, me, await kycForm(api.app, me))).json().code).toBe('10019');
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const me = await signUp(api.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'validation.enterFirstName'],
      [{ birthdate: `${new Date().getUTCFullYear() - 10}-01-01` }, 'validation.notAdult'],
      [{ birthdate: '1990-02-30' }, 'validation.enterBirthdate'],
      [{ country: 'XX' }, 'validation.selectCountry'],
      [{ areaCode: '+1' }, 'validation.phoneInvalid'],
      [{ documentType: 'library card' }, 'validation.selectDocument'],
      [{ signatureId: undefined }, 'validation.notSigned'],
      [{ address: 'x'.repeat(201) }, 'validation.addressTooLong'],
    ];
    for (const [override, message] of cases) {
      const res = await submitKyc(api.app, me, { ...(await kycForm(api.app, me)), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.body).toContain(message);
    }
    // A photo that is a plain (unencrypted) upload, or someone else's, is not taken.
    const plain = await kycForm(api.app, me, { frontId: await uploadProof(api, me) });
    expect((await submitKyc(api.app, me, plain)).json()).toMatchObject({ code: '400' });
    const other = await signUp(api.app);
    const theirs = await kycForm(api.app, me, { signatureId: await uploadPrivate(api.app, other, SIGNATURE_PNG) });
    expect((await submitKyc(api.app, me, theirs)).json()).toMatchObject({ code: '400', message: 'validation.notSigned' });
    expect((await kycStatus(api.app, me)).result.status).toBe('unverified');
    expect(await api.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, me.userId))).toHaveLength(0);
  });

  it('stores the images encrypted; only the owner and the reviewer read them back', async () => {
    const me = await signUp(api.app);
    const form = await kycForm(api.app, me);
    const sent = (await submitKyc(api.app, me, form)).json().result;
    const stored = await api.database.db.select().from(uploads).where(eq(uploads.id, form.frontId));
    // On disk: no PNG signature, not the sanitized image, not an image at all without the key.
    expect(stored[0]!.sealed).toBe(true);
    expect(stored[0]!.data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    const sharp = (await import('sharp')).default;
    await expect(sharp(stored[0]!.data).metadata()).rejects.toThrow();
    // The owner reads their photo back as the PNG it was (re-encoded), the same picture.
    const mine = await image(me.token, 'front');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect((await sharp(mine.rawPayload).metadata()).width).toBe((await sharp(PHOTO_PNG).metadata()).width);
    expect((await image(me.token, 'signature')).statusCode).toBe(200);
    // Another customer has no such image: 404, whatever they ask.
    const other = await signUp(api.app);
    expect((await image(other.token, 'front')).statusCode).toBe(404);
    expect((await image(other.token, 'signature')).statusCode).toBe(404);
    // Operators: the reviewer sees it; an admin reads the queue but not the sealed photos; support not even the item.
    const review = await reviewOf(sent.submission.id);
    const evidence = (token: string, key: string) =>
      api.app.inject({
        method: 'GET',
        url: endpointPath(reviewsEndpoints.getReviewImage, { id: review.id, key }),
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await evidence(reviewer.token, 'frontId')).statusCode).toBe(200);
    expect((await evidence(reviewer.token, 'signatureId')).headers['content-type']).toBe('image/png');
    expect((await evidence(admin.token, 'frontId')).statusCode).toBe(404);
    expect((await evidence(support.token, 'frontId')).statusCode).toBe(404);
  });
});
