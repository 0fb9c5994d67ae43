import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '@meridian/contracts';
import { hashPassword } from '../../src/accounts/passwords.ts';
import type { Database } from '../../src/db/database.ts';
import { operators } from '../../src/db/schema.ts';
import { newTotpSecret, totpAt } from '../../src/operators/totp.ts';

export const OPERATOR_PASSWORD = 'Operator-pass-1';
let signIns = 0;

export interface TestOperator {
  id: string;
  email: string;
  secret: string;
  /** The code it signed in with, spent from then on. */
  code: string;
  token: string;
  headers: { authorization: string };
}

/**
 * An active operator with the given roles (made in the database, as set-up would leave it), signed in
 * through the API with a code computed from its secret the way an authenticator app does.
 */
export async function makeOperator(
  app: FastifyInstance,
  db: Database,
  roles: OperatorRole[],
  email?: string,
  /** The API's clock, where a test moves it. */
  now: number = Date.now(),
): Promise<TestOperator> {
  const id = randomUUID();
  const address = email ?? `${roles.join('-')}-${id.slice(0, 8)}@ops.test`;
  const secret = newTotpSecret();
  await db.insert(operators).values({
    id,
    email: address,
    name: address.split('@')[0]!,
    roles,
    passwordHash: await hashPassword(OPERATOR_PASSWORD),
    totpSecret: secret,
    status: 'active',
  });
  const code = totpAt(secret, now);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign-in',
    // Sign-in is limited per address: each test operator comes from an address of its own.
    remoteAddress: `10.9.${(++signIns >> 8) & 255}.${signIns & 255}`,
    payload: { email: address, password: OPERATOR_PASSWORD, code },
  });
  const body = response.json();
  if (body.code !== '200') throw new Error(`operator sign-in failed: ${response.body}`);
  return { id, email: address, secret, code, token: body.result.token, headers: { authorization: `Bearer ${body.result.token}` } };
}
