import { and, count, desc, eq } from 'drizzle-orm';
import { money, moneyString } from '@meridian/contracts';
import type { ListInvitesResult } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { ledgerTransfers, users } from '../db/schema.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';

/** Friends listed at most (the newest). */
const LISTED = 100;

/** Enough of an e-mail address to recognise it (`ab***@example.com`), never the whole of it. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** Enough of a friend's sign-in to recognise them, never the whole of it. */
function maskedName(friend: { email: string | null; areaCode: string | null; phone: string | null; walletAddress: string | null }): string {
  if (friend.email) return maskedEmail(friend.email);
  if (friend.phone) return `${friend.areaCode ?? ''} ****${friend.phone.slice(-2)}`.trim();
  if (friend.walletAddress) return `${friend.walletAddress.slice(0, 4)}…${friend.walletAddress.slice(-4)}`;
  return '***';
}

/**
 * The caller's invitations (issue 25 item 7): the friends who signed up with their code (masked), newest
 * first, and the reward each one's first approved deposit paid — read from the ledger's `invite_reward`
 * transfers to the caller, never a figure kept beside it.
 */
export async function listInvites(db: Database, settings: SettingsCache, userId: string): Promise<ListInvitesResult> {
  const [friends, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        areaCode: users.areaCode,
        phone: users.phone,
        walletAddress: users.walletAddress,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.invitedBy, userId))
      .orderBy(desc(users.createdAt))
      .limit(LISTED),
    db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId)),
  ]);
  const rewards = await db
    .select({ friend: ledgerTransfers.referenceId, amount: ledgerTransfers.amount, at: ledgerTransfers.createdAt })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.type, 'invite_reward'), eq(ledgerTransfers.userId, userId), eq(ledgerTransfers.mode, 'real')));
  const byFriend = new Map(rewards.map((r) => [r.friend, r]));
  return {
    rewardPerFriend: moneyString(money((await settings.get('invite_reward_usdt')) ?? '0')),
    currency: 'USDT',
    friends: friends.map((friend) => {
      const reward = byFriend.get(friend.id);
      return {
        name: maskedName(friend),
        joinedAt: friend.createdAt.toISOString(),
        reward: reward ? moneyString(money(reward.amount)) : null,
        rewardedAt: reward ? reward.at.toISOString() : null,
      };
    }),
    total: total?.n ?? 0,
    rewardsPaid: moneyString(rewards.reduce((sum, r) => sum.plus(r.amount), money('0'))),
  };
}
