import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_CODES } from '@meridian/contracts';
import type { AccountModeName, PublicUserInfo, WalletChain } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { socialIdentities, users } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { openAccounts } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import { notify } from './notifications.ts';
import { userChanged } from './user-changes.ts';
import { newInviteCode } from './secrets.ts';

export type UserRow = typeof users.$inferSelect;
type NewUser = Omit<typeof users.$inferInsert, 'id' | 'inviteCode'>;

export function publicUserOf(row: UserRow): PublicUserInfo {
  return {
    id: row.id,
    email: row.email,
    areaCode: row.areaCode,
    phone: row.phone,
    role: row.role as PublicUserInfo['role'],
    accountMode: row.accountMode as PublicUserInfo['accountMode'],
    inviteCode: row.inviteCode,
    kycStatus: row.kycStatus as PublicUserInfo['kycStatus'],
    walletAddress: row.walletAddress,
    walletChain: row.walletChain as PublicUserInfo['walletChain'],
    language: row.language as PublicUserInfo['language'],
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Whether an account has this phone number (with its area code). */
export async function isPhoneRegistered(db: Database, areaCode: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.areaCode, areaCode), eq(users.phone, phone)));
  return row !== undefined;
}

/** The id of the user whose invite code this is (codes are stored upper-case). */
export async function findInviterId(db: Database, inviteCode: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode.toUpperCase()));
  return row?.id;
}

/** Stores the account mode the user switched to: the updated user, undefined when there is none. */
export async function setAccountMode(db: Database, userId: string, mode: AccountModeName): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ accountMode: mode }).where(eq(users.id, userId)).returning();
  await userChanged(userId);
  return row;
}

/** The language the user's emails and notifications are written in. */
export async function setUserLanguage(db: Database, userId: string, language: string): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  await userChanged(userId);
}

/**
 * Creates a user with both accounts (demo with its virtual start balance, real at 0) and a welcome
 * notification, in one transaction. Unique indexes turn a race on the same email or wallet into an
 * error for the second caller.
 */
export async function createUser(db: Database, values: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ ...values, id, inviteCode: newInviteCode() })
      .returning();
    await openAccounts(tx, Ledger.of(db), id);
    return created!;
  });
  await notify(db, id, 'welcome');
  return row;
}

/** True when a database error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The account of a wallet address, made on its first sign-in. Two first sign-ins racing on one
 * address meet the unique index: the loser reads the winner's row.
 */
export async function findOrCreateWalletUser(db: Database, chain: WalletChain, address: string, language: string): Promise<UserRow> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.walletChain, chain), eq(users.walletAddress, address)));
    return row;
  };
  const existing = await find();
  if (existing) return existing;
  try {
    return await createUser(db, { email: null, passwordHash: null, walletChain: chain, walletAddress: address, language });
  } catch (error) {
    const winner = isUniqueViolation(error) ? await find() : undefined;
    if (!winner) throw error;
    return winner;
  }
}

/** What an OpenID Connect provider says of the person signing in. */
export interface SocialClaims {
  provider: string;
  /** The provider's name as people know it (notifications say it). */
  providerName: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The account of a provider identity. A first sign-in joins the account of the same email only when
 * the provider vouches for that email; otherwise it makes a new account, which takes the email only
 * when vouched for too. So an identity whose email claim is unverified can neither enter nor reserve
 * somebody else's account (an unvouched email that belongs to an account is refused with 10007).
 */
export async function findOrCreateSocialUser(db: Database, claims: SocialClaims, language: string): Promise<UserRow> {
  const linked = async () => {
    const [row] = await db
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, claims.provider), eq(socialIdentities.subject, claims.subject)));
    return row ? findUserById(db, row.userId) : undefined;
  };
  const existing = await linked();
  if (existing) return existing;
  const email = claims.email?.toLowerCase() ?? null;
  const sameEmail = email ? await findUserByEmail(db, email) : undefined;
  if (sameEmail && !claims.emailVerified) throw new ApiFailure(ACCOUNT_CODES.emailExists, 'email already registered');
  const created = sameEmail
    ? undefined
    : await createUser(db, { email: claims.emailVerified ? email : null, passwordHash: null, language });
  const user = (sameEmail ?? created)!;
  try {
    await db.insert(socialIdentities).values({ provider: claims.provider, subject: claims.subject, userId: user.id, email });
    if (sameEmail) await notify(db, user.id, 'providerLinked', { provider: claims.providerName });
    return user;
  } catch (error) {
    const winner = isUniqueViolation(error) ? await linked() : undefined;
    if (!winner) throw error;
    // Another first sign-in of the same identity won the race: the account made here is not needed.
    if (created) {
      await db.delete(users).where(eq(users.id, created.id));
      await userChanged(created.id);
    }
    return winner;
  }
}
