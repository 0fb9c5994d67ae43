import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_CODES, CODE_RULES } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { verificationCodes } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { newCode, sameHash, sha256 } from './secrets.ts';

export type CodePurpose = 'register' | 'reset' | 'withdrawal';

/**
 * Issues a new code unless an unused one was sent less than a minute ago (a used one asks for no wait: the
 * next withdrawal needs its own); earlier codes stop working.
 */
export async function issueCode(db: Database, email: string, purpose: CodePurpose): Promise<{ code: string } | { retryAfter: number }> {
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt, usedAt: verificationCodes.usedAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const since = last && !last.usedAt ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
  if (since < CODE_RULES.resendSeconds) return { retryAfter: Math.ceil(CODE_RULES.resendSeconds - since) };
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      email,
      purpose,
      codeHash: sha256(`${purpose}:${email}:${code}`),
      expiresAt: new Date(Date.now() + CODE_RULES.ttlSeconds * 1000),
    });
  });
  return { code };
}

type CodeOutcome = 'ok' | 'wrong' | 'expired' | 'exhausted';

/**
 * The newest unused code for the address must match, be under 10 minutes old and have fewer than 5 wrong
 * tries; a right one is marked used. A wrong try is counted here when `countWrong` (the caller commits),
 * else by the caller after its own transaction rolled back (`countWrongCode`).
 */
async function spendIn(tx: Transaction, email: string, purpose: CodePurpose, code: string, countWrong: boolean): Promise<CodeOutcome> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.usedAt) return 'wrong';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  if (row.attempts >= CODE_RULES.maxAttempts) return 'exhausted';
  if (!sameHash(row.codeHash, sha256(`${purpose}:${email}:${code}`))) {
    if (!countWrong) return 'wrong';
    await tx
      .update(verificationCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(verificationCodes.id, row.id));
    return row.attempts + 1 >= CODE_RULES.maxAttempts ? 'exhausted' : 'wrong';
  }
  await tx
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), gt(verificationCodes.expiresAt, new Date())));
  return 'ok';
}

function refuseCode(outcome: CodeOutcome): void {
  if (outcome === 'wrong') throw new ApiFailure(ACCOUNT_CODES.codeWrong, 'the verification code is wrong');
  if (outcome === 'expired') throw new ApiFailure(ACCOUNT_CODES.codeExpired, 'the verification code has expired');
  if (outcome === 'exhausted') throw new ApiFailure(ACCOUNT_CODES.codesExhausted, 'too many wrong codes; request a new one');
}

/** Spends a code in its own transaction (a wrong try counts). Throws the SPEC code. */
export async function consumeCode(db: Database, email: string, purpose: CodePurpose, code: string): Promise<void> {
  refuseCode(await db.transaction((tx) => spendIn(tx, email, purpose, code, true)));
}

/**
 * Spends a code inside the caller's transaction (a withdrawal's): refused with the SPEC code, which rolls
 * the caller's work back; the caller counts the wrong try afterwards with `countWrongCode`.
 */
export async function consumeCodeIn(tx: Transaction, email: string, purpose: CodePurpose, code: string): Promise<void> {
  refuseCode(await spendIn(tx, email, purpose, code, false));
}

/** Counts a wrong try against the newest unused code of the address (after the work it refused rolled back). */
export async function countWrongCode(db: Database, email: string, purpose: CodePurpose): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: verificationCodes.id, usedAt: verificationCodes.usedAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.usedAt) return;
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
  });
}
