import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  FUNDING_CODES,
  OPERATOR_CODES,
  REVIEW_APPROVAL_REASONS,
  VALIDATION_KEYS,
  WITHDRAWALS_PAGE_SIZE,
  chainOfNetwork,
  isTransactionHash,
  money,
  moneyString,
  wholeNumber,
  withdrawalFigures,
} from '@meridian/contracts';
import type {
  FundingCurrency,
  ListWithdrawalResult,
  WithdrawalBody,
  WithdrawalMethod,
  WithdrawalNetwork,
  WithdrawalState,
  WithdrawalView,
} from '@meridian/contracts';
import { consumeCodeIn } from '../accounts/codes.ts';
import type { Database, Transaction } from '../db/database.ts';
import { notifications, reviews, users, walletLinks, withdrawals } from '../db/schema.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { Leg } from '../ledger/ledger.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import { violates } from './deposits.ts';
import type { WalletLinks } from './wallet-links.ts';

/** The approval's reason: the payout goes ahead. Every other reason of the kind is a refusal's or a failed payout's. */
const PAID = REVIEW_APPROVAL_REASONS.withdrawal;

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The whole held amount back to cash: a rejection, or an approved withdrawal cancelled before it was sent. */
const release = (row: WithdrawalRow): Leg => ({
  type: 'withdrawal_release',
  from: { user: 'withdrawal_hold' },
  to: { user: 'cash' },
  amount: money(row.amount),
});

/** The customer's view of a row and its review. */
function viewOf(
  row: WithdrawalRow,
  review: { assigneeId: string | null; decidedAt: Date | null; reasonCode: string | null; payload: Record<string, string> } | null,
): WithdrawalView {
  const state = row.status as WithdrawalState;
  return {
    id: row.id,
    currency: row.currency as FundingCurrency,
    method: row.method as WithdrawalMethod,
    network: row.network as WithdrawalNetwork,
    address: row.address,
    amount: moneyString(money(row.amount)),
    fee: moneyString(money(row.fee)),
    received: moneyString(money(row.received)),
    state,
    submittedAt: row.createdAt.toISOString(),
    inReview: state === 'pending' && review?.assigneeId != null,
    decidedAt: review?.decidedAt?.toISOString() ?? null,
    // A rejection's reason is the decision's; a failed payout's is the step's.
    reason: state === 'rejected' ? (review?.reasonCode ?? null) : state === 'failed' ? (review?.payload.failureReason ?? null) : null,
    payoutHash: row.payoutHash,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * Withdrawals (SPEC §5.5, ADR 008): a request to one of the customer's linked, authorized addresses past
 * its hold, confirmed by the e-mailed code, holds the whole amount at once (`withdrawal_hold`, cash → hold)
 * in the request's transaction. A `finance` operator rejects it (the hold returns to cash) or approves it
 * (nothing moves), then records the payout with its transaction hash (the fee to fees income, the amount
 * received to withdrawal clearing, once); a payout that bounces afterwards returns both to cash. Nothing
 * is ever asked of the customer on top of the stated fee (SPEC §0 rule 8).
 */
export class Withdrawals {
  constructor(
    private readonly db: Database,
    private readonly reviewService: ReviewService,
    private readonly settings: SettingsCache,
    private readonly links: WalletLinks,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
    private readonly now: () => number,
  ) {
    reviewService.handle('withdrawal', async (tx, review, decision) => {
      const approving = decision.decision === 'approve';
      const row = await this.row(tx, review.subjectId);
      if (approving) {
        // The address must still be linked and authorized when the money is promised to it (a revoke waits).
        await this.stillAuthorized(tx, row.linkId);
        await tx.update(withdrawals).set({ status: 'approved' }).where(eq(withdrawals.id, row.id));
        await this.notice(tx, row, 'withdrawalApproved', decision.reasonCode);
        return { state: 'approved', afterCommit: () => this.notifyUser(row.userId, this.refresh()) };
      }
      await this.move(tx, row, [release(row)]);
      await tx.update(withdrawals).set({ status: 'rejected' }).where(eq(withdrawals.id, row.id));
      await this.notice(tx, row, 'withdrawalRejected', decision.reasonCode);
      return { state: 'rejected', afterCommit: () => this.changed(row.userId) };
    });

    reviewService.handleSteps('withdrawal', async (tx, review, step, actor) => {
      const row = await this.row(tx, review.subjectId);
      if (step.step === 'cancel') {
        // Approved but not paid after all: the held amount returns whole, on another operator's word than the
        // approver's (who may have sent it on chain already; SPEC §0 rule 9).
        if (review.decidedById === actor.id)
          throw new ApiFailure(OPERATOR_CODES.ownProposal, 'another operator than the approver cancels an approved withdrawal', 409);
        await this.move(tx, row, [release(row)]);
        await tx.update(withdrawals).set({ status: 'failed' }).where(eq(withdrawals.id, row.id));
        await this.notice(tx, row, 'withdrawalFailed', step.fields.failureReason ?? '');
        return { afterCommit: () => this.changed(row.userId) };
      }
      if (step.step === 'pay') {
        const hash = step.fields.payoutHash ?? '';
        if (!isTransactionHash(row.network as WithdrawalNetwork, hash))
          throw new ApiFailure('400', VALIDATION_KEYS.payoutHashInvalid, 400, undefined, { field: 'payoutHash' });
        // No check of the address here: the payout went out already, and its hash is a fact to record (the
        // address was checked when the withdrawal was approved, the decision to send).
        await this.move(tx, row, [
          { type: 'withdrawal_fee', from: { user: 'withdrawal_hold' }, to: { system: 'fees_income' }, amount: money(row.fee) },
          {
            type: 'withdrawal_paid',
            from: { user: 'withdrawal_hold' },
            to: { system: 'withdrawal_clearing' },
            amount: money(row.received),
          },
        ]);
        // A savepoint, so a hash that pays another withdrawal already is refused with its code (10122), not a 500.
        await tx
          .transaction(async (savepoint) => {
            await savepoint
              .update(withdrawals)
              .set({ status: 'paid', payoutHash: hash, paidAt: new Date(this.now()), paidById: actor.id })
              .where(eq(withdrawals.id, row.id));
          })
          .catch((error: unknown) => {
            if (violates(error, 'withdrawals_payout_hash_idx'))
              throw new ApiFailure(FUNDING_CODES.hashUsed, 'this payout hash pays another withdrawal already', 409);
            throw error;
          });
        await this.notice(tx, { ...row, payoutHash: hash }, 'withdrawalPaid', PAID);
        return { afterCommit: () => this.changed(row.userId) };
      }
      // fail: the payout bounced after all: the amount and its fee back to cash, so it costs nothing. Money
      // that left on one operator's word comes back on another's (SPEC §0 rule 9).
      if (row.paidById === actor.id)
        throw new ApiFailure(OPERATOR_CODES.ownProposal, 'another operator than the one who recorded the payout marks it failed', 409);
      await this.move(tx, row, [
        { type: 'withdrawal_return', from: { system: 'withdrawal_clearing' }, to: { user: 'cash' }, amount: money(row.received) },
        { type: 'withdrawal_fee_refund', from: { system: 'fees_income' }, to: { user: 'cash' }, amount: money(row.fee) },
      ]);
      await tx.update(withdrawals).set({ status: 'failed' }).where(eq(withdrawals.id, row.id));
      await this.notice(tx, row, 'withdrawalFailed', step.fields.failureReason ?? '');
      return { afterCommit: () => this.changed(row.userId) };
    });
  }

  /** The withdrawal's address is still linked and authorized (10131 otherwise), its row held until the commit. */
  private async stillAuthorized(tx: Transaction, linkId: number): Promise<void> {
    const [link] = await tx.select().from(walletLinks).where(eq(walletLinks.id, linkId)).for('share');
    if (!link || link.cancelledAt || !link.authSignedAt)
      throw new ApiFailure(FUNDING_CODES.authorizationMissing, 'the address is no longer linked and authorized: reject the request', 409);
  }

  /** Moves a withdrawal's money: its owner locked, one movement in its currency, referenced by the withdrawal. */
  private async move(tx: Transaction, row: WithdrawalRow, legs: Leg[]): Promise<void> {
    const ledger = Ledger.of(this.db);
    await ledger.lockOwner(tx, row.userId, 'real');
    await ledger.post(tx, {
      userId: row.userId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'withdrawal', id: String(row.id) },
      legs,
    });
  }

  private async row(tx: Transaction, subjectId: string): Promise<WithdrawalRow> {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, wholeNumber(subjectId)));
    if (!row) throw new ApiFailure('404', 'withdrawal not found', 404);
    return row;
  }

  private refresh() {
    return [{ key: 'userFunding' as const }, { key: 'userNotifications' as const }];
  }

  private changed(userId: string): void {
    this.balances.emit('changed', userId, 'real');
    this.notifyUser(userId, [...this.refresh(), { key: 'userFigures', mode: 'real' }]);
  }

  private async notice(
    tx: Transaction,
    row: WithdrawalRow,
    kind: 'withdrawalApproved' | 'withdrawalRejected' | 'withdrawalPaid' | 'withdrawalFailed',
    reason: string,
  ): Promise<void> {
    await tx.insert(notifications).values({
      userId: row.userId,
      kind,
      params: {
        amount: moneyString(money(row.amount)),
        received: moneyString(money(row.received)),
        currency: row.currency,
        network: row.network,
        reason,
        ...(row.payoutHash ? { hash: row.payoutHash } : {}),
      },
    });
  }

  /** The account's e-mail address: the code that confirms a withdrawal goes there (10132 without one). */
  async emailOf(userId: string): Promise<{ email: string; language: string }> {
    const [user] = await this.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    if (!user?.email)
      throw new ApiFailure(FUNDING_CODES.emailNeeded, 'withdrawals are confirmed by e-mail: add an e-mail address first', 409);
    return { email: user.email, language: user.language };
  }

  /**
   * Requests a withdrawal in the caller's (idempotent) transaction, the owner locked. Refused: no linked
   * address of the caller on the network's chain (10021), the address still on its hold (10130), its
   * authorization not signed or revoked (10131), a wrong or spent code (10091–10093), more than the free
   * balance (10011). The body passed the contract's rules already (method, network of the currency,
   * places, minimum).
   */
  async submit(tx: Transaction, userId: string, email: string, body: WithdrawalBody): Promise<WithdrawalView> {
    const network = body.network as WithdrawalNetwork;
    const link = await this.links.activeLink(tx, userId, chainOfNetwork(network), body.address.trim());
    if (!link) throw new ApiFailure(FUNDING_CODES.addressMissing, 'no linked address of yours on this network', 409);
    if (link.usableAt.getTime() > this.now()) throw new ApiFailure(FUNDING_CODES.addressOnHold, 'the address is still on its hold', 409);
    if (!link.authSignedAt) throw new ApiFailure(FUNDING_CODES.authorizationMissing, 'authorization not completed', 409);
    const currency = body.currency as FundingCurrency;
    const feePercent = (await this.settings.get('withdrawal_fee_percent', tx)) ?? '1';
    const amount = money(body.amount.trim());
    const { fee, received } = withdrawalFigures(moneyString(amount), feePercent, currency);
    // The fee is the one the customer saw: a fee changed since is refused, never charged unseen (SPEC §5.5).
    if (!money(body.fee.trim()).eq(fee)) throw new ApiFailure(FUNDING_CODES.feeChanged, 'the withdrawal fee changed: review it again', 409);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        currency,
        method: body.method,
        network,
        address: link.address,
        linkId: link.id,
        amount: moneyString(amount),
        fee: moneyString(fee),
        received: moneyString(received),
        createdAt: new Date(this.now()),
      })
      .returning();
    await this.move(tx, row!, [{ type: 'withdrawal_hold', from: { user: 'cash' }, to: { user: 'withdrawal_hold' }, amount }]);
    // The code last: a refusal above leaves it unspent for the corrected request.
    await consumeCodeIn(tx, email, 'withdrawal', body.code);
    await this.reviewService.enqueueNew(tx, {
      kind: 'withdrawal',
      subjectId: String(row!.id),
      userId,
      payload: {
        currency,
        network,
        address: link.address,
        amount: moneyString(amount),
        fee: moneyString(fee),
        received: moneyString(received),
        linkedAt: link.createdAt.toISOString(),
        usableAt: link.usableAt.toISOString(),
        authorizedAt: link.authSignedAt.toISOString(),
      },
    });
    return viewOf(row!, null);
  }

  /** After the answer: the hold moved money between the caller's accounts. */
  held(userId: string): void {
    this.changed(userId);
  }

  /** One page of the caller's withdrawals, newest first, each with its review's time and reason. */
  async list(userId: string, page: number, state?: WithdrawalState): Promise<ListWithdrawalResult> {
    const where = and(eq(withdrawals.userId, userId), state ? eq(withdrawals.status, state) : undefined);
    const joined = and(eq(reviews.kind, 'withdrawal'), eq(reviews.subjectId, sql`${withdrawals.id}::text`));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ row: withdrawals, review: reviews })
        .from(withdrawals)
        .leftJoin(reviews, joined)
        .where(where)
        .orderBy(desc(withdrawals.id))
        .limit(WITHDRAWALS_PAGE_SIZE)
        .offset((page - 1) * WITHDRAWALS_PAGE_SIZE),
      this.db.select({ n: count() }).from(withdrawals).where(where),
    ]);
    return { items: rows.map(({ row, review }) => viewOf(row, review)), total: total?.n ?? 0, page };
  }
}
