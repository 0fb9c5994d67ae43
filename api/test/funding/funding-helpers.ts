import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.ts';
import { users } from '../../src/db/schema.ts';
import { signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { multipartFile, PNG_1PX } from '../helpers.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/** What the funding suites use of their test API. */
interface FundingApi {
  app: FastifyInstance;
  database: { db: Database };
}

/** A fresh transaction hash in Tron's and Bitcoin's shape (64 hex digits), and in Ethereum's (`0x` + 64). */
export const TRON_HASH = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
export const ETH_HASH = () => `0x${TRON_HASH()}`;

/** A new customer whose account in use is the real one. */
export async function realUser(api: FundingApi): Promise<SignedUp> {
  const user = await signUp(api.app);
  await api.database.db.update(users).set({ accountMode: 'real' }).where(eq(users.id, user.userId));
  await userChanged(user.userId);
  return user;
}

/** A proof image uploaded by the customer (its upload id), as the deposit form does. */
export async function uploadProof(api: FundingApi, user: SignedUp): Promise<string> {
  const file = multipartFile('proof.png', PNG_1PX, 'image/png');
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/swx/customer/upload/image',
    payload: file.payload,
    headers: { ...file.headers, authorization: user.token },
  });
  return res.json().result.id as string;
}
