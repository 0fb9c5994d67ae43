import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MODE_CODES } from '@meridian/contracts';
import type { AccountModeName } from '@meridian/contracts';
import { authenticate } from '../accounts/sessions.ts';
import { userReadsOf } from '../accounts/user-reads.ts';
import type { Authenticated } from '../accounts/sessions.ts';
import { rowsOf } from '../db/database.ts';
import type { Database, Transaction } from '../db/database.ts';
import { accounts, users } from '../db/schema.ts';
import { noteOwnerLocked } from '../ledger/owner-locks.ts';
import { ApiFailure } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

/** A preHandler that admits only a valid access token (`Authorization`), else 401 (SPEC §6). */
export function userGuard(db: Database) {
  return async (request: FastifyRequest) => {
    const header = typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined;
    // From memory where the API keeps its users' hot reads (accounts/user-reads.ts), else from the database.
    const reads = userReadsOf(db);
    const auth = reads ? await reads.authenticate(header) : await authenticate(db, header);
    if (!auth) throw new ApiFailure('401', 'login required', 401);
    request.auth = auth;
  };
}

/** The signed-in user of a guarded route. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new ApiFailure('401', 'login required', 401);
  return request.auth;
}

/** What a `virtually` header names (NO = demo, YES = real); any other value, or none, names nothing. */
function headerMode(request: FastifyRequest): AccountModeName | undefined {
  const header = request.headers.virtually;
  if (header === 'NO') return 'demo';
  if (header === 'YES') return 'real';
  return undefined;
}

/**
 * The account mode a request acts on: always the user's stored one (switchMode sets it; SPEC §0 rule 5).
 * The `virtually` header only says which account the client believes is in use: one naming the other
 * account (a window left on the old mode) is refused before anything happens, with the mode in use as
 * the result, so the client can follow it. A request without the header acts on the stored mode.
 */
export function modeOf(request: FastifyRequest, stored: AccountModeName): AccountModeName {
  const asked = headerMode(request);
  if (asked !== undefined && asked !== stored) {
    throw new ApiFailure(MODE_CODES.accountModeChanged, `the account in use is ${stored}`, 409, undefined, { mode: stored });
  }
  return stored;
}

/**
 * A money call's first statement: it reads the user's stored mode `FOR SHARE`, which must still be the mode
 * the call acts on. A switchMode that committed after the request was authenticated is refused like a stale
 * header (10110, with the mode in use), and one arriving meanwhile waits until the call commits (its UPDATE
 * needs the row). With `lockOwner` (the default) the same statement also locks the owner's account row of
 * `mode` (`FOR UPDATE`, the lock every money operation of a user and mode takes first, so `Ledger.lockOwner`
 * later skips it). A call that locks several owners passes `lockOwner: false` and takes them all in one
 * `lockOwners`, in user id order.
 *
 * Lock order: the account row, then the user row. Nothing may update a user and then lock their accounts in
 * one transaction (switchMode is a single UPDATE).
 */
export async function holdStoredMode(
  tx: Transaction,
  userId: string,
  mode: AccountModeName,
  { lockOwner = true }: { lockOwner?: boolean } = {},
): Promise<void> {
  const [row] = lockOwner
    ? rowsOf<{ mode: string }>(
        await tx.execute(sql`
          select ${users.accountMode} as mode from ${users}
          inner join ${accounts} on ${accounts.userId} = ${users.id} and ${accounts.mode} = ${mode}
          where ${users.id} = ${userId}
          for update of ${accounts} for share of ${users}`),
      )
    : await tx.select({ mode: users.accountMode }).from(users).where(eq(users.id, userId)).for('share');
  // The user signed in a moment ago and both accounts open with the user: a missing row is a broken database.
  if (!row) throw new Error(`the ${mode} account of ${userId} is missing`);
  if (lockOwner) noteOwnerLocked(tx, userId, mode);
  if (row.mode !== mode) {
    throw new ApiFailure(MODE_CODES.accountModeChanged, `the account in use is ${row.mode}`, 409, undefined, { mode: row.mode });
  }
}
