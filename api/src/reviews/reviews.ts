import { and, asc, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPERATOR_CODES,
  REVIEW_APPROVAL_REASONS,
  REVIEW_DECIDERS,
  REVIEW_KINDS,
  REVIEW_LIMIT_HOURS,
  REVIEW_REASONS,
  reviewReaders,
} from '@meridian/contracts';
import type { DecideReviewBody, OperatorRole, ReviewKind, ReviewState, ReviewView } from '@meridian/contracts';
import { decisionFieldsSchema, hasStepFrom, isMoneyReviewKind, reviewStepRule, stepFieldsSchema } from '@meridian/contracts/schemas';
import type { ReviewStepBody, ReviewStepName } from '@meridian/contracts/schemas';
import type { z } from 'zod';
import { audit } from '../audit/audit.ts';
import type { Database, Transaction } from '../db/database.ts';
import { operators, reviews, users } from '../db/schema.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * What deciding an item of a kind does to its business object, inside the decision's transaction
 * (a deposit credits, a correction posts its transfer …). Returns the state the item ends in: usually
 * the decision itself; `completed` when the decision finished the work at once.
 */
export type DecisionHandler = (
  tx: Transaction,
  review: ReviewRow,
  decision: DecideReviewBody & { decision: 'approve' | 'reject' },
  actor: OperatorIdentity,
) => Promise<ReviewState | { state: ReviewState; afterCommit: () => void }>;

/**
 * What a step after the decision does to its business object (a payout recorded, a loan's principal
 * posted …), inside the step's transaction, with the row locked and its state checked.
 */
export type StepHandler = (
  tx: Transaction,
  review: ReviewRow,
  step: { step: ReviewStepName; fields: Record<string, string>; note: string | null },
  actor: OperatorIdentity,
) => Promise<void | { afterCommit: () => void }>;

/** A document an item is decided on: its bytes, type and a file name. */
export interface ReviewDocument {
  data: Buffer;
  mime: string;
  filename: string;
}
export type DocumentProvider = (item: ReviewView) => Promise<ReviewDocument | null>;

const PAGE_SIZE = 50;

/** The kinds whose queues an operator with these roles may read. */
export const readableKinds = (roles: readonly OperatorRole[]): ReviewKind[] =>
  REVIEW_KINDS.filter((kind) => reviewReaders(kind).some((role) => roles.includes(role)));

/** The fields a decision or step carries, checked by its kind's schema: a 400 naming the first refused field. */
function checkFields(schema: z.ZodType<Record<string, string>>, fields: Record<string, string> | undefined): Record<string, string> {
  const parsed = schema.safeParse(fields ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiFailure('400', issue?.message ?? 'invalid fields', 400, undefined, { field: issue?.path.join('.') ?? null });
  }
  return parsed.data;
}

/** The payload with a decision's or step's fields added; a field never replaces one of the item's facts. */
function withFields(payload: Record<string, string>, fields: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(fields)) {
    if (Object.hasOwn(payload, key) && payload[key] !== value)
      throw new ApiFailure('400', `the field ${key} is one of the item's facts already`, 400, undefined, { field: key });
  }
  return { ...payload, ...fields };
}

const proposer = alias(operators, 'proposer');
const assignee = alias(operators, 'assignee');
const decider = alias(operators, 'decider');

/** What a caller puts in a queue. */
export interface NewReviewItem {
  kind: ReviewKind;
  subjectId: string;
  userId?: string | null;
  payload?: Record<string, string>;
  proposedById?: string | null;
}

/** The row of a new queue item. */
function newItem(item: NewReviewItem, enqueuedAt: Date) {
  return {
    kind: item.kind,
    subjectId: item.subjectId,
    userId: item.userId ?? null,
    payload: item.payload ?? {},
    proposedById: item.proposedById ?? null,
    enqueuedAt,
  };
}

/**
 * The one review mechanism (SPEC §0 rule 4): every kind of item that waits for an operator (support
 * conversations, KYC, deposits, withdrawals, loans, corrections) is a row here, decided through
 * `decide` with a reason code from the kind's list; each kind plugs in what a decision does.
 */
export class ReviewService {
  private readonly handlers = new Map<ReviewKind, DecisionHandler>();
  private readonly stepHandlers = new Map<ReviewKind, StepHandler>();
  private readonly documents = new Map<ReviewKind, DocumentProvider>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The database the items live in (an item's images are read from it). */
  get database(): Database {
    return this.db;
  }

  /** The business side of a kind's decisions (one per kind). */
  handle(kind: ReviewKind, handler: DecisionHandler): void {
    this.handlers.set(kind, handler);
  }

  /** The document an item of a kind is decided on (a loan's signed agreement), for its readers. */
  handleDocument(kind: ReviewKind, provider: DocumentProvider): void {
    this.documents.set(kind, provider);
  }

  /** The document of a readable item, or null when its kind has none. */
  async document(item: ReviewView): Promise<ReviewDocument | null> {
    return (await this.documents.get(item.kind)?.(item)) ?? null;
  }

  /** The business side of a kind's steps after the decision (optional: without one, a step records its state and fields). */
  handleSteps(kind: ReviewKind, handler: StepHandler): void {
    this.stepHandlers.set(kind, handler);
  }

  /**
   * Puts an item in its queue, in the caller's transaction. An item that exists already (same kind and
   * subject) is put back to pending when `reopen` is set (a visitor writes again), else left as it is.
   * A decided money item is never reopened: that is refused with 10211 and nothing changes (a database
   * trigger refuses it too).
   */
  async enqueue(tx: Database | Transaction, item: NewReviewItem, options: { reopen?: boolean } = {}): Promise<ReviewRow> {
    const now = new Date(this.now());
    if (options.reopen && isMoneyReviewKind(item.kind)) {
      const [existing] = await tx
        .select({ state: reviews.state })
        .from(reviews)
        .where(and(eq(reviews.kind, item.kind), eq(reviews.subjectId, item.subjectId)))
        .for('update');
      if (existing && existing.state !== 'pending')
        throw new ApiFailure(OPERATOR_CODES.reviewFinal, 'a decided money review cannot be reopened', 409);
    }
    const [row] = await tx
      .insert(reviews)
      .values(newItem(item, now))
      .onConflictDoUpdate({
        target: [reviews.kind, reviews.subjectId],
        set: options.reopen
          ? {
              state: sql`case when ${reviews.state} = 'pending' then ${reviews.state} else 'pending' end`,
              enqueuedAt: sql`case when ${reviews.state} = 'pending' then ${reviews.enqueuedAt} else ${now} end`,
              decidedAt: sql`case when ${reviews.state} = 'pending' then ${reviews.decidedAt} else null end`,
              decidedById: sql`case when ${reviews.state} = 'pending' then ${reviews.decidedById} else null end`,
              reasonCode: sql`case when ${reviews.state} = 'pending' then ${reviews.reasonCode} else null end`,
              completedAt: sql`case when ${reviews.state} = 'pending' then ${reviews.completedAt} else null end`,
            }
          : { kind: sql`${reviews.kind}` },
      })
      .returning();
    return row!;
  }

  /** Puts a new item in its queue, or answers null when one exists for that subject already (nothing changed). */
  async enqueueNew(tx: Database | Transaction, item: NewReviewItem): Promise<ReviewRow | null> {
    const [row] = await tx
      .insert(reviews)
      .values(newItem(item, new Date(this.now())))
      .onConflictDoNothing({ target: [reviews.kind, reviews.subjectId] })
      .returning();
    return row ?? null;
  }

  /** The reason codes of the decided items of some subjects of a kind (subject → reason). */
  async subjectsReasons(kind: ReviewKind, subjectIds: string[]): Promise<Map<string, string>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await this.db
      .select({ subject: reviews.subjectId, reason: reviews.reasonCode })
      .from(reviews)
      .where(and(eq(reviews.kind, kind), inArray(reviews.subjectId, subjectIds)));
    return new Map(rows.flatMap((r) => (r.reason ? [[r.subject, r.reason] as const] : [])));
  }

  /** The item of a business object (e.g. a support conversation), if any. */
  async ofSubject(db: Database | Transaction, kind: ReviewKind, subjectId: string): Promise<ReviewRow | null> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.kind, kind), eq(reviews.subjectId, subjectId)));
    return row ?? null;
  }

  private async views(
    where: ReturnType<typeof and> | undefined,
    order: 'queue' | 'recent',
    page = 1,
  ): Promise<{ items: ReviewView[]; total: number }> {
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(reviews).where(where);
    const rows = await this.db
      .select({
        review: reviews,
        userEmail: users.email,
        proposer: proposer.email,
        assignee: assignee.email,
        decider: decider.email,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .leftJoin(proposer, eq(proposer.id, reviews.proposedById))
      .leftJoin(assignee, eq(assignee.id, reviews.assigneeId))
      .leftJoin(decider, eq(decider.id, reviews.decidedById))
      .where(where)
      .orderBy(...(order === 'queue' ? [asc(reviews.enqueuedAt), asc(reviews.id)] : [desc(reviews.id)]))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    return {
      total,
      items: rows.map((r) =>
        this.view(r.review, { userEmail: r.userEmail, proposer: r.proposer, assignee: r.assignee, decider: r.decider }),
      ),
    };
  }

  view(
    row: ReviewRow,
    names: { userEmail?: string | null; proposer?: string | null; assignee?: string | null; decider?: string | null } = {},
  ): ReviewView {
    const kind = row.kind as ReviewKind;
    const end = row.decidedAt?.getTime() ?? this.now();
    const waitedSeconds = Math.max(0, Math.floor((end - row.enqueuedAt.getTime()) / 1000));
    const limitSeconds = REVIEW_LIMIT_HOURS[kind] * 3600;
    return {
      id: row.id,
      kind,
      state: row.state as ReviewState,
      subject: row.subjectId,
      userId: row.userId,
      userEmail: names.userEmail ?? null,
      assignee: names.assignee ?? null,
      proposedBy: names.proposer ?? null,
      decidedBy: names.decider ?? null,
      reasonCode: row.reasonCode,
      note: row.note,
      payload: row.payload,
      enqueuedAt: row.enqueuedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      waitedSeconds,
      limitSeconds,
      overdue: waitedSeconds > limitSeconds,
    };
  }

  /** A queue: pending items oldest first; decided ones newest first. */
  list(kinds: readonly ReviewKind[], query: { kind?: ReviewKind | undefined; state?: ReviewState | undefined; page: number }) {
    const allowed = query.kind ? kinds.filter((k) => k === query.kind) : [...kinds];
    if (allowed.length === 0) return Promise.resolve({ items: [], total: 0 });
    const state = query.state ?? 'pending';
    return this.views(and(inArray(reviews.kind, allowed), eq(reviews.state, state)), state === 'pending' ? 'queue' : 'recent', query.page);
  }

  async get(id: number): Promise<ReviewView | null> {
    const { items } = await this.views(eq(reviews.id, id), 'recent');
    return items[0] ?? null;
  }

  /** An item the reader may read; one of a kind the reader may not read answers as if it did not exist (404). */
  async readable(id: number, roles: readonly OperatorRole[]): Promise<ReviewView> {
    const item = await this.get(id);
    if (!item || !readableKinds(roles).includes(item.kind)) throw new ApiFailure('404', 'review not found', 404);
    return item;
  }

  /** A customer's items of the kinds the reader may see, for their profile in the back-office. */
  async ofUser(userId: string, kinds: readonly ReviewKind[]): Promise<ReviewView[]> {
    if (kinds.length === 0) return [];
    return (await this.views(and(eq(reviews.userId, userId), inArray(reviews.kind, [...kinds])), 'recent')).items;
  }

  /** Queue counts and the oldest waiting item per kind (the dashboard). */
  async counts(): Promise<{ kind: ReviewKind; pending: number; overdue: number; oldestEnqueuedAt: string | null; limitSeconds: number }[]> {
    const rows = await this.db
      .select({ kind: reviews.kind, pending: count(), oldest: min(reviews.enqueuedAt) })
      .from(reviews)
      .where(eq(reviews.state, 'pending'))
      .groupBy(reviews.kind);
    const now = this.now();
    const overdue = await Promise.all(
      REVIEW_KINDS.map(async (kind) => {
        const [r] = await this.db
          .select({ n: count() })
          .from(reviews)
          .where(
            and(
              eq(reviews.kind, kind),
              eq(reviews.state, 'pending'),
              sql`${reviews.enqueuedAt} < ${new Date(now - REVIEW_LIMIT_HOURS[kind] * 3600_000)}`,
            ),
          );
        return [kind, r?.n ?? 0] as const;
      }),
    );
    const overdueBy = new Map(overdue);
    return REVIEW_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        pending: row?.pending ?? 0,
        overdue: overdueBy.get(kind) ?? 0,
        oldestEnqueuedAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
        limitSeconds: REVIEW_LIMIT_HOURS[kind] * 3600,
      };
    });
  }

  private mayDecide(actor: OperatorIdentity, kind: ReviewKind): boolean {
    return REVIEW_DECIDERS[kind].some((role) => actor.roles.includes(role));
  }

  /** An operator takes a pending item (others see who has it). */
  async assign(actor: OperatorIdentity, id: number): Promise<ReviewView> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'review not found', 404);
      if (!this.mayDecide(actor, row.kind as ReviewKind)) throw new ApiFailure(OPERATOR_CODES.forbidden, 'role not allowed', 403);
      if (row.state !== 'pending') throw new ApiFailure(OPERATOR_CODES.alreadyDecided, 'the item is decided already', 409);
      await tx.update(reviews).set({ assigneeId: actor.id }).where(eq(reviews.id, id));
      await audit(
        tx,
        actor,
        'review.assign',
        { kind: `review:${row.kind}`, id: String(id) },
        { assignee: row.assigneeId },
        { assignee: actor.id },
      );
    });
    return (await this.get(id))!;
  }

  /**
   * Decides a pending item once: the row is locked, its state checked, the kind's handler runs, the
   * state, decider and reason are written and audited — all in one transaction. A second decision
   * (two operators at once, or a retry) finds it decided and changes nothing.
   */
  async decide(actor: OperatorIdentity, id: number, body: DecideReviewBody): Promise<ReviewView> {
    // What the handler wants done once the decision is committed (e.g. tell the owner's pages).
    let afterCommit: (() => void) | null = null;
    // Run again as a whole on a deadlock or serialization failure (a handler may move money).
    await withMoneyTransaction(this.db, async (tx) => {
      afterCommit = null;
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'review not found', 404);
      const kind = row.kind as ReviewKind;
      if (!this.mayDecide(actor, kind) || actor.breakGlass) throw new ApiFailure(OPERATOR_CODES.forbidden, 'role not allowed', 403);
      if (row.state !== 'pending') throw new ApiFailure(OPERATOR_CODES.alreadyDecided, 'the item is decided already', 409);
      if (!(REVIEW_REASONS[kind] as readonly string[]).includes(body.reasonCode))
        throw new ApiFailure(OPERATOR_CODES.reasonNotForKind, 'the reason does not fit this kind', 400);
      // A kind with an approval reason: approving says it, and rejecting says anything but it.
      const approval = (REVIEW_APPROVAL_REASONS as Partial<Record<ReviewKind, string>>)[kind];
      if (approval !== undefined && (body.decision === 'approve') !== (body.reasonCode === approval))
        throw new ApiFailure(OPERATOR_CODES.reasonNotForKind, `an approval says ${approval}; a rejection says why not`, 400);
      const handler = this.handlers.get(kind);
      if (!handler) throw new ApiFailure(OPERATOR_CODES.forbidden, `${kind} items are decided where they are handled`, 403);
      const fields = checkFields(decisionFieldsSchema(kind, body.decision), body.fields);
      const payload = withFields(row.payload, fields);
      const outcome = await handler(tx, { ...row, payload }, { ...body, decision: body.decision, fields }, actor);
      const state = typeof outcome === 'string' ? outcome : outcome.state;
      if (typeof outcome !== 'string') afterCommit = outcome.afterCommit;
      const now = new Date(this.now());
      await tx
        .update(reviews)
        .set({
          state,
          decidedById: actor.id,
          reasonCode: body.reasonCode,
          note: body.note ?? null,
          payload,
          decidedAt: now,
          ...(state === 'completed' || state === 'failed' ? { completedAt: now } : {}),
        })
        .where(eq(reviews.id, id));
      await audit(
        tx,
        actor,
        'review.decide',
        { kind: `review:${kind}`, id: String(id) },
        { state: row.state },
        { state, decision: body.decision, reasonCode: body.reasonCode, note: body.note ?? null, fields },
      );
    });
    (afterCommit as (() => void) | null)?.();
    return (await this.get(id))!;
  }

  /**
   * A step after the decision (approved → paid with its payout hash, approved → disbursed, paid → failed):
   * the row is locked, the step must be one of the kind's (`REVIEW_STEPS`) and start from the item's
   * current state, its fields pass the step's schema; the kind's step handler runs, the state moves and
   * the step is audited — all in one transaction. Two steps at once: the second finds the state moved
   * and is refused with 10212, changing nothing.
   */
  async step(actor: OperatorIdentity, id: number, body: ReviewStepBody): Promise<ReviewView> {
    // What the handler wants done once the step is committed (e.g. tell the owner's pages).
    let afterCommit: (() => void) | null = null;
    await withMoneyTransaction(this.db, async (tx) => {
      afterCommit = null;
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'review not found', 404);
      const kind = row.kind as ReviewKind;
      if (!this.mayDecide(actor, kind) || actor.breakGlass) throw new ApiFailure(OPERATOR_CODES.forbidden, 'role not allowed', 403);
      const rule = reviewStepRule(kind, body.step);
      if (!rule) throw new ApiFailure(OPERATOR_CODES.stepNotAllowed, `${kind} items have no step ${body.step}`, 409);
      if (row.state !== rule.from)
        throw new ApiFailure(OPERATOR_CODES.stepNotAllowed, `${body.step} starts from ${rule.from}, the item is ${row.state}`, 409);
      const fields = checkFields(stepFieldsSchema(kind, body.step), body.fields);
      const payload = withFields(row.payload, fields);
      const note = body.note?.trim() || null;
      const outcome = await this.stepHandlers.get(kind)?.(tx, { ...row, payload }, { step: body.step, fields, note }, actor);
      if (outcome) afterCommit = outcome.afterCommit;
      const now = new Date(this.now());
      // The state guard again in the update itself: the step moves the item only from the state it checked.
      const moved = await tx
        .update(reviews)
        .set({ state: rule.to, payload, ...(hasStepFrom(kind, rule.to) ? {} : { completedAt: now }) })
        .where(and(eq(reviews.id, id), eq(reviews.state, rule.from)))
        .returning();
      if (moved.length !== 1) throw new ApiFailure(OPERATOR_CODES.stepNotAllowed, 'the item moved meanwhile', 409);
      await audit(
        tx,
        actor,
        'review.step',
        { kind: `review:${kind}`, id: String(id) },
        { state: row.state },
        { state: rule.to, step: body.step, fields, note },
      );
    });
    (afterCommit as (() => void) | null)?.();
    return (await this.get(id))!;
  }

  /**
   * Marks a decided item done by the system or an operator action outside `decide` (a support reply…).
   * Money items move only through `decide` and `step`: refused with 10211.
   */
  async setState(tx: Transaction, row: ReviewRow, state: ReviewState, actor: OperatorIdentity, reasonCode: string): Promise<void> {
    if (isMoneyReviewKind(row.kind)) throw new ApiFailure(OPERATOR_CODES.reviewFinal, 'money items move only through decide and step', 409);
    const now = new Date(this.now());
    await tx
      .update(reviews)
      .set({
        state,
        reasonCode,
        decidedById: actor.id,
        decidedAt: row.decidedAt && row.state !== 'pending' ? row.decidedAt : now,
        assigneeId: row.assigneeId ?? actor.id,
        ...(state === 'completed' || state === 'failed' ? { completedAt: now } : {}),
      })
      .where(eq(reviews.id, row.id));
  }
}
