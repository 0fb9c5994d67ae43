import { eq } from 'drizzle-orm';
import { OPERATOR_CODES, money, moneyString } from '@meridian/contracts';
import type { AccountModeName, ProposeCorrectionBody, ReviewView } from '@meridian/contracts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { notifications, users } from '../db/schema.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { NotifyUser } from '../live/user-events.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from './reviews.ts';

/**
 * Corrections (SPEC §0 rule 9): the only manual money movement. Operator A proposes (user, account
 * mode, credit or debit, amount, reason); a different operator B approves; the approval posts one
 * `correction` transfer between the user's cash and the platform's corrections account, notifies the
 * user and is audited — all in the approval's transaction.
 */
export class Corrections {
  constructor(
    private readonly db: Database,
    private readonly reviewService: ReviewService,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
  ) {
    reviewService.handle('correction', async (tx, review, decision, actor) => {
      if (!actor.id || review.proposedById === actor.id)
        throw new ApiFailure(OPERATOR_CODES.ownProposal, 'a correction needs a second operator', 403);
      const p = review.payload;
      // An approval carries the proposal's reason (what the customer reads); a rejection says the proposal was wrong.
      const fits = decision.decision === 'approve' ? decision.reasonCode === p.reasonCode : decision.reasonCode === 'proposalWrong';
      if (!fits) throw new ApiFailure(OPERATOR_CODES.reasonNotForKind, 'the reason does not fit this decision', 400);
      if (decision.decision === 'reject') {
        await audit(tx, actor, 'correction.reject', { kind: 'correction', id: String(review.id) }, p, null);
        return 'rejected';
      }
      const mode = p.mode as AccountModeName;
      const amount = money(p.amount!);
      const ledger = Ledger.of(this.db);
      await ledger.lockOwner(tx, review.userId!, mode);
      await ledger.post(tx, {
        userId: review.userId!,
        mode,
        reference: { kind: 'correction', id: String(review.id) },
        legs: [
          p.direction === 'credit'
            ? { type: 'correction', from: { system: 'corrections' }, to: { user: 'cash' }, amount }
            : { type: 'correction', from: { user: 'cash' }, to: { system: 'corrections' }, amount },
        ],
      });
      await tx.insert(notifications).values({
        userId: review.userId!,
        kind: 'correction',
        params: { direction: p.direction!, amount: moneyString(amount), mode, reason: p.reasonCode! },
      });
      await audit(tx, actor, 'correction.approve', { kind: 'correction', id: String(review.id) }, null, p);
      // Tell the owner's open pages once the decision has committed (before, they would read the old balance):
      // the new figures, and which of their queries to read again (the figures of that mode, the notice).
      const afterCommit = () => {
        this.balances.emit('changed', review.userId!, mode);
        this.notifyUser(review.userId!, [{ key: 'userFigures', mode }, { key: 'userNotifications' }]);
      };
      return { state: 'completed', afterCommit };
    });
  }

  /** Operator A's proposal: a pending review; `key` (the request's Idempotency-Key) makes a retry find it again. */
  async propose(actor: OperatorIdentity, body: ProposeCorrectionBody, key: string): Promise<ReviewView> {
    if (!actor.id) throw new ApiFailure(OPERATOR_CODES.forbidden, 'a correction needs a named operator', 403);
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!user) throw new ApiFailure(OPERATOR_CODES.userNotFound, 'user not found', 404);
    const payload = {
      mode: body.mode,
      direction: body.direction,
      amount: moneyString(money(body.amount)),
      reasonCode: body.reasonCode,
      note: body.note.trim(),
    };
    const row = await this.db.transaction(async (tx) => {
      // Insert-or-nothing: of two proposals with one key at once, exactly one creates it.
      const created = await this.reviewService.enqueueNew(tx, {
        kind: 'correction',
        subjectId: key,
        userId: body.userId,
        payload,
        proposedById: actor.id,
      });
      if (created) {
        await audit(tx, actor, 'correction.propose', { kind: 'correction', id: String(created.id) }, null, {
          userId: body.userId,
          ...payload,
        });
        return created;
      }
      const existing = (await this.reviewService.ofSubject(tx, 'correction', key))!;
      const same =
        Object.entries(payload).every(([k, v]) => existing.payload[k] === v) &&
        Object.keys(existing.payload).length === Object.keys(payload).length;
      if (existing.proposedById !== actor.id || !same || existing.userId !== body.userId)
        throw new ApiFailure('10101', 'idempotency key reused', 422);
      return existing;
    });
    return (await this.reviewService.get(row.id))!;
  }
}
