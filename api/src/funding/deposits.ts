import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  DEPOSITS_PAGE_SIZE,
  FUNDING_CODES,
  FUNDING_NETWORKS,
  fitsCurrency,
  isAmount,
  money,
  moneyString,
  wholeNumber,
} from '@meridian/contracts';
import type { DepositState, DepositView, FundingCurrency, FundingNetwork, ListRechargeResult, RechargeBody } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { accounts, deposits, ledgerTransfers, notifications, reviews, users } from '../db/schema.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import { claimUpload } from '../uploads/uploads.ts';
import { depositAddressOf } from './deposit-addresses.ts';

/** The review state a deposit's view reads: an approval credits at once, so its item is completed. */
const STATE_OF: Record<string, DepositState> = { pending: 'pending', completed: 'approved', rejected: 'rejected' };

/** A `23505` (unique violation) of the named index, also when drizzle wraps the driver's error. */
export function violates(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}

/**
 * Deposits (SPEC §5.3, issue 25): a customer of the real account says what they sent (currency, network,
 * transaction hash and its last 6 characters, amount) with a proof image; a `finance` operator approves
 * it, which credits the currency through the ledger once (`deposit_credit`, unique per deposit), or
 * rejects it with a reason the customer reads. Submitting moves no money.
 */
export class Deposits {
  constructor(
    private readonly db: Database,
    private readonly reviewService: ReviewService,
    private readonly settings: SettingsCache,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
  ) {
    reviewService.handle('deposit', async (tx, review, decision) => {
      const approving = decision.decision === 'approve';
      const id = wholeNumber(review.subjectId);
      const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, id));
      if (!deposit) throw new ApiFailure('404', 'deposit not found', 404);
      if (!approving) {
        await tx.update(deposits).set({ rejectedAt: new Date() }).where(eq(deposits.id, id));
        await this.notice(tx, deposit.userId, 'depositRejected', deposit, decision.reasonCode);
        return { state: 'rejected', afterCommit: () => this.notifyUser(deposit.userId, this.refresh()) };
      }
      const ledger = Ledger.of(this.db);
      const inviter = await this.inviterOf(tx, deposit.userId);
      // The depositor and their inviter, locked in id order: two approvals of the same invitee queue here.
      await ledger.lockOwners(tx, inviter ? [deposit.userId, inviter] : [deposit.userId], 'real');
      await ledger.post(tx, {
        userId: deposit.userId,
        mode: 'real',
        currency: deposit.currency,
        reference: { kind: 'deposit', id: String(id) },
        legs: [{ type: 'deposit_credit', from: { system: 'deposit_clearing' }, to: { user: 'cash' }, amount: money(deposit.amount) }],
      });
      await this.notice(tx, deposit.userId, 'depositApproved', deposit, decision.reasonCode);
      const rewarded = inviter ? await this.rewardInviter(tx, inviter, deposit.userId) : false;
      return {
        state: 'completed',
        afterCommit: () => {
          this.balances.emit('changed', deposit.userId, 'real');
          this.notifyUser(deposit.userId, [...this.refresh(), { key: 'userFigures', mode: 'real' }]);
          if (rewarded && inviter) {
            this.balances.emit('changed', inviter, 'real');
            this.notifyUser(inviter, [{ key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }, { key: 'user' }]);
          }
        },
      };
    });
  }

  /**
   * Who invited the depositor, when they still have a real account to be rewarded in (a reward must never
   * stand in the way of the deposit's own credit).
   */
  private async inviterOf(tx: Transaction, userId: string): Promise<string | null> {
    const [row] = await tx
      .select({ inviter: accounts.userId })
      .from(users)
      .innerJoin(accounts, and(eq(accounts.userId, users.invitedBy), eq(accounts.mode, 'real')))
      .where(eq(users.id, userId));
    return row?.inviter ?? null;
  }

  /**
   * The inviter's reward for a friend's first approved deposit (SPEC §5.9 `invite_reward_usdt`, ADR 008): USDT
   * from the platform's rewards account to the inviter's real cash, in the approval's transaction, once per
   * friend (an earlier reward of this friend means this is not their first; the ledger refuses a second one
   * too). Both owners are locked. False when nothing was paid (a reward of 0, or one paid before).
   */
  private async rewardInviter(tx: Transaction, inviter: string, invitee: string): Promise<boolean> {
    const setting = (await this.settings.get('invite_reward_usdt', tx)) ?? '0';
    // A stored value USDT cannot hold (set before its rule took USDT's places) pays nothing rather than block the approval.
    if (!isAmount(setting) || !fitsCurrency(setting, 'USDT')) return false;
    const reward = money(setting);
    if (!reward.gt(0)) return false;
    const reference = { kind: 'invite', id: invitee };
    const [paid] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.type, 'invite_reward'),
          eq(ledgerTransfers.referenceKind, reference.kind),
          eq(ledgerTransfers.referenceId, reference.id),
        ),
      );
    if (paid) return false;
    await Ledger.of(this.db).post(tx, {
      userId: inviter,
      mode: 'real',
      currency: 'USDT',
      reference,
      legs: [{ type: 'invite_reward', from: { system: 'rewards' }, to: { user: 'cash' }, amount: reward }],
    });
    await tx
      .insert(notifications)
      .values({ userId: inviter, kind: 'inviteReward', params: { amount: moneyString(reward), currency: 'USDT' } });
    return true;
  }

  private refresh() {
    return [{ key: 'userFunding' as const }, { key: 'userNotifications' as const }];
  }

  private async notice(
    tx: Transaction,
    userId: string,
    kind: 'depositApproved' | 'depositRejected',
    deposit: typeof deposits.$inferSelect,
    reason: string,
  ): Promise<void> {
    await tx.insert(notifications).values({
      userId,
      kind,
      params: { amount: moneyString(money(deposit.amount)), currency: deposit.currency, network: deposit.network, reason },
    });
  }

  /**
   * Records a deposit request and queues its review, in the caller's (idempotent) transaction. Refused:
   * a network without a deposit address (10121), a proof that is not the caller's unattached upload, a
   * transaction hash another open deposit of the chain claims (10122). The body passed the contract's
   * rules already (network of the currency, hash shape, last 6, minimum, places).
   */
  async submit(tx: Transaction, userId: string, body: RechargeBody): Promise<DepositView> {
    if (!(await depositAddressOf(this.settings, body.network as FundingNetwork, tx)))
      throw new ApiFailure(FUNDING_CODES.networkClosed, 'no deposit address for this network yet', 409);
    await claimUpload(tx, body.proofId, [`user:${userId}`]);
    const values = {
      userId,
      currency: body.currency,
      network: body.network,
      chain: FUNDING_NETWORKS[body.network as FundingNetwork].chain,
      amount: moneyString(money(body.amount.trim())),
      txHash: body.txHash.trim(),
      last6: body.last6.trim(),
      proofId: body.proofId,
    };
    // A savepoint, so the hash's refusal leaves the caller's transaction usable for its answer.
    const row = await tx
      .transaction(async (savepoint) => (await savepoint.insert(deposits).values(values).returning())[0]!)
      .catch((error: unknown) => {
        if (violates(error, 'deposits_tx_hash_idx'))
          throw new ApiFailure(FUNDING_CODES.hashUsed, 'this transaction hash was submitted already', 409);
        throw error;
      });
    await this.reviewService.enqueueNew(tx, {
      kind: 'deposit',
      subjectId: String(row.id),
      userId,
      payload: {
        currency: values.currency,
        network: values.network,
        amount: values.amount,
        txHash: values.txHash,
        proofId: values.proofId,
      },
    });
    return {
      id: row.id,
      currency: body.currency as FundingCurrency,
      network: body.network as FundingNetwork,
      amount: values.amount,
      txHash: values.txHash,
      last6: values.last6,
      proofId: values.proofId,
      state: 'pending',
      submittedAt: row.createdAt.toISOString(),
      inReview: false,
      decidedAt: null,
      reason: null,
    };
  }

  /** One page of the caller's deposits, newest first, each with its review's state, time and reason. */
  async list(userId: string, page: number, state?: DepositState): Promise<ListRechargeResult> {
    const reviewState = state === 'approved' ? 'completed' : state;
    const where = and(eq(deposits.userId, userId), reviewState ? eq(reviews.state, reviewState) : undefined);
    const joined = and(eq(reviews.kind, 'deposit'), eq(reviews.subjectId, sql`${deposits.id}::text`));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ deposit: deposits, review: reviews })
        .from(deposits)
        .innerJoin(reviews, joined)
        .where(where)
        .orderBy(desc(deposits.id))
        .limit(DEPOSITS_PAGE_SIZE)
        .offset((page - 1) * DEPOSITS_PAGE_SIZE),
      this.db.select({ n: count() }).from(deposits).innerJoin(reviews, joined).where(where),
    ]);
    return {
      items: rows.map(({ deposit, review }) => ({
        id: deposit.id,
        currency: deposit.currency as FundingCurrency,
        network: deposit.network as FundingNetwork,
        amount: moneyString(money(deposit.amount)),
        txHash: deposit.txHash,
        last6: deposit.last6,
        proofId: deposit.proofId,
        state: STATE_OF[review.state] ?? 'pending',
        submittedAt: deposit.createdAt.toISOString(),
        inReview: review.state === 'pending' && review.assigneeId !== null,
        decidedAt: review.decidedAt?.toISOString() ?? null,
        reason: review.state === 'pending' ? null : review.reasonCode,
      })),
      total: total?.n ?? 0,
      page,
    };
  }

  /** The proof image of one of the caller's deposits (null when the deposit is not theirs). */
  async proofOf(userId: string, id: number): Promise<string | null> {
    const [row] = await this.db
      .select({ proofId: deposits.proofId })
      .from(deposits)
      .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
    return row?.proofId ?? null;
  }
}
