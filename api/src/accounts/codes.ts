import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_CODES, CODE_RULES } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { verificationCodes } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { newCode, sameHash, sha256 } from './secrets.ts';

export type CodePurpose = 'register' | 'reset';

/** Issues a new code unless one was sent less than a minute ago; earlier codes stop working. */
export async function issueCode(db: Database, email: string, purpose: CodePurpose): Promise<{ code: string } | { retryAfter: number }> {
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const since = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
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

/**
 * Spends a code: the newest unused one for the address must match, be under 10 minutes old and have
 * fewer than 5 wrong tries. A wrong try counts; a right one marks the code used. Throws the SPEC code.
 */
export async function consumeCode(db: Database, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.usedAt) return 'wrong' as const;
    if (row.expiresAt.getTime() <= Date.now()) return 'expired' as const;
    if (row.attempts >= CODE_RULES.maxAttempts) return 'exhausted' as const;
    if (!sameHash(row.codeHash, sha256(`${purpose}:${email}:${code}`))) {
      await tx
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      return row.attempts + 1 >= CODE_RULES.maxAttempts ? ('exhausted' as const) : ('wrong' as const);
    }
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), gt(verificationCodes.expiresAt, new Date())));
    return 'ok' as const;
  });
  if (outcome === 'wrong') throw new ApiFailure(ACCOUNT_CODES.codeWrong, 'the verification code is wrong');
  if (outcome === 'expired') throw new ApiFailure(ACCOUNT_CODES.codeExpired, 'the verification code has expired');
  if (outcome === 'exhausted') throw new ApiFailure(ACCOUNT_CODES.codesExhausted, 'too many wrong codes; request a new one');
}
