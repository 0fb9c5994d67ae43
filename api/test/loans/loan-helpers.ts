import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { endpointPath } from '@meridian/contracts';
import type { IdentificationBody } from '@meridian/contracts';
import { kycEndpoints } from '@meridian/contracts/endpoints/kyc';
import { loanEndpoints } from '@meridian/contracts/endpoints/loans';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { uploadsEndpoints } from '@meridian/contracts/endpoints/uploads';
import type { FastifyInstance } from 'fastify';
import { auth } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { multipartFile } from '../helpers.ts';

/** A drawn signature as the pad exports it: a PNG with a stroke on a transparent ground. */
export const SIGNATURE_PNG = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 90, 290 20" stroke="#112" stroke-width="4" fill="none"/></svg>',
  ),
)
  .png()
  .toBuffer();

/** A document photo: a PNG big enough to be a picture. */
export const PHOTO_PNG = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 180, b: 90 } } })
  .png()
  .toBuffer();

/** A private upload (identity photo, signature) of the customer; its id. */
export async function uploadPrivate(app: FastifyInstance, user: SignedUp, data: Buffer = PHOTO_PNG): Promise<string> {
  const file = multipartFile('photo.png', data, 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: endpointPath(uploadsEndpoints.uploadPrivateImage),
    payload: file.payload,
    headers: { ...file.headers, authorization: user.token },
  });
  if (res.json().code !== '200') throw new Error(`private upload: ${res.body}`);
  return res.json().result.id as string;
}

/** A complete verification form with fresh uploads (an ID card: front, back, in hand). */
export async function kycForm(
  app: FastifyInstance,
  user: SignedUp,
  overrides: Partial<IdentificationBody> = {},
): Promise<IdentificationBody> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthdate: '1990-12-10',
    sex: 'female',
    country: 'DE',
    address: 'Unter den Linden 1, 10117 Berlin',
    areaCode: '+49',
    phone: '15112345678',
    documentType: 'idCard',
    frontId: await uploadPrivate(app, user),
    backId: await uploadPrivate(app, user),
    handId: await uploadPrivate(app, user),
    signatureId: await uploadPrivate(app, user, SIGNATURE_PNG),
    ...overrides,
  };
}

export const submitKyc = (app: FastifyInstance, user: SignedUp, body: object) =>
  app.inject({ method: 'POST', url: endpointPath(kycEndpoints.identification), payload: body, headers: auth(user.token, 'real') });

export const kycStatus = async (app: FastifyInstance, user: SignedUp) =>
  (await app.inject({ method: 'GET', url: endpointPath(kycEndpoints.getIdentification), headers: auth(user.token, 'real') })).json();

export const decide = (app: FastifyInstance, token: string, id: number, body: object) =>
  app.inject({
    method: 'POST',
    url: endpointPath(reviewsEndpoints.decideReview, { id }),
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

export const applyLoan = (app: FastifyInstance, user: SignedUp, body: object, key: string = randomUUID(), mode: 'demo' | 'real' = 'real') =>
  app.inject({
    method: 'POST',
    url: endpointPath(loanEndpoints.loan),
    payload: body,
    headers: { ...auth(user.token, mode), 'idempotency-key': key },
  });

export const repayLoan = (app: FastifyInstance, user: SignedUp, id: number, amount: string, key: string = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: endpointPath(loanEndpoints.repayLoan, { id }),
    payload: { amount },
    headers: { ...auth(user.token, 'real'), 'idempotency-key': key },
  });
