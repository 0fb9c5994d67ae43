import { and, asc, count, desc, eq, inArray, like, lte, sql } from 'drizzle-orm';
import {
  earlyExitSplit,
  FUNDING_CODES,
  money,
  OPERATOR_CODES,
  moneyString,
  RUNNING_SMART_STATES,
  SMART_CODES,
  SMART_CURRENCY,
  SMART_DAY_MS,
  SMART_ORDERS_PAGE_SIZE,
  SMART_PRODUCTS_MAX,
  smartDailyIncome,
  smartQuote,
  wholeNumber,
} from '@meridian/contracts';
import type {
  AccountModeName,
  BuySmartBody,
  EarlyExitPreview,
  ListSmartOrderResult,
  SmartOrderDetail,
  SmartOrderView,
  SmartProductBody,
  SmartProductsResult,
  SmartProductView,
  SmartState,
} from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { ledgerTransfers, smartOrders, smartProducts } from '../db/schema.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { audit } from '../audit/audit.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import { nextProfitAt, planDaysDue } from './plan-days.ts';
import type { PlanState } from './plan-days.ts';

type OrderRow = typeof smartOrders.$inferSelect;

/** The most days of one plan the job books in one transaction (a month; a longer backlog takes several). */
const DAYS_PER_TRANSACTION = 31;
type ProductRow = typeof smartProducts.$inferSelect;

const cents = (value: string) => money(value).toFixed(2);
const percentText = (value: string) => moneyString(money(value));

function productView(row: ProductRow): SmartProductView {
  return {
    id: row.id,
    name: row.name,
    termDays: row.termDays,
    minAmount: cents(row.minAmount),
    maxAmount: cents(row.maxAmount),
    dailyYieldPercent: percentText(row.dailyYieldPercent),
    profitSharingDays: row.profitSharingDays,
    earlyExitPenaltyPercent: percentText(row.earlyExitPenaltyPercent),
    enabled: row.enabled,
  };
}

function stateOf(row: OrderRow): PlanState {
  return {
    amount: row.amount,
    termDays: row.termDays,
    profitSharingDays: row.profitSharingDays,
    dailyIncome: row.dailyIncome,
    startedAt: row.startedAt.getTime(),
    daysRun: row.daysRun,
    totalProfit: row.totalProfit,
    accrued: row.accrued,
    status: row.status as SmartState,
  };
}

function orderView(row: OrderRow): SmartOrderView {
  const quote = smartQuote(row.amount, {
    termDays: row.termDays,
    dailyYieldPercent: row.dailyYieldPercent,
    profitSharingDays: row.profitSharingDays,
    earlyExitPenaltyPercent: row.earlyExitPenaltyPercent,
  });
  const next = nextProfitAt(stateOf(row));
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    state: row.status as SmartState,
    currency: row.currency,
    amount: cents(row.amount),
    termDays: row.termDays,
    dailyYieldPercent: percentText(row.dailyYieldPercent),
    profitSharingDays: row.profitSharingDays,
    earlyExitPenaltyPercent: percentText(row.earlyExitPenaltyPercent),
    dailyIncome: cents(row.dailyIncome),
    totalIncome: quote.totalIncome,
    totalAtTerm: quote.totalAtTerm,
    startedAt: row.startedAt.toISOString(),
    endsAt: new Date(row.startedAt.getTime() + row.termDays * SMART_DAY_MS).toISOString(),
    nextProfitAt: next === null ? null : new Date(next).toISOString(),
    daysRun: row.daysRun,
    totalProfit: cents(row.totalProfit),
    accrued: cents(row.accrued),
    penalty: row.penalty === null ? null : cents(row.penalty),
    returned: row.returned === null ? null : cents(row.returned),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The unique violation of one running plan per customer and product (a race the lock did not see). */
function isRunningConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause.code === '23505' && (cause.constraint ?? '').includes('smart_orders_running_idx');
}

/**
 * Smart trading plans (SPEC §3, §4, ADR 008, issue 27). A customer buys a plan of a product on the terms
 * shown (copied onto the plan: a product edit applies to new plans only): the principal moves from cash to
 * `plan_principal`. Each day at its next-profit time the plan's stated daily income is credited
 * (`plan_income` platform → `plan_accrued`, reference (`plan_day`, `<id>:<date>`), once per plan and day
 * by the ledger's unique index and the plan's row lock), released to cash from the profit-sharing day on
 * (`plan_income_release`); at the term's end the principal returns (`plan_principal_return`). Leaving
 * early costs the stated share of principal (`plan_penalty`, from the unreleased income first, then the
 * principal) and returns the rest.
 */
export class SmartPlans {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsCache,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
    /** The plans' clock: the site's, or a test site's movable one. */
    readonly now: () => number,
  ) {}

  async listProducts(): Promise<SmartProductsResult> {
    const rows = await this.db.select().from(smartProducts).orderBy(asc(smartProducts.termDays), asc(smartProducts.id));
    return { products: rows.map(productView), currency: SMART_CURRENCY };
  }

  /**
   * Buys a plan in the caller's (idempotent) transaction, the owner locked. Refused, changing nothing: the
   * demo account (10120), no such product (10010), a product switched off (10150), a term that is not the
   * product's now (10012) or other terms that changed since shown (10010), an amount outside the range
   * (10013, with the range), a running plan of the product (10024), short of cash (10011).
   */
  async buy(tx: Transaction, userId: string, mode: AccountModeName, body: BuySmartBody): Promise<SmartOrderView> {
    if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'smart trading needs the real account', 409);
    const [product] = await tx.select().from(smartProducts).where(eq(smartProducts.id, body.productId)).for('share');
    if (!product) throw new ApiFailure(SMART_CODES.productWrong, 'no such smart product', 409);
    if (!product.enabled) throw new ApiFailure(SMART_CODES.notEnabled, 'smart trading is not enabled for this product', 409);
    if (product.termDays !== body.termDays) throw new ApiFailure(SMART_CODES.daysNotFound, 'the term changed since it was shown', 409);
    if (
      !money(product.dailyYieldPercent).eq(body.dailyYieldPercent) ||
      !money(product.earlyExitPenaltyPercent).eq(body.earlyExitPenaltyPercent) ||
      product.profitSharingDays !== body.profitSharingDays
    )
      throw new ApiFailure(SMART_CODES.productWrong, 'the terms changed since they were shown', 409);
    const amount = money(body.amount.trim());
    // A plan must pay something: an amount whose daily income rounds to 0.00 is refused like one out of range.
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount) || smartDailyIncome(amount, product.dailyYieldPercent).isZero())
      throw new ApiFailure(SMART_CODES.amountWrong, 'the amount is outside the product range', 409, undefined, {
        min: cents(product.minAmount),
        max: cents(product.maxAmount),
      });
    await Ledger.of(this.db).lockOwner(tx, userId, 'real');
    const [running] = await tx
      .select({ id: smartOrders.id })
      .from(smartOrders)
      .where(
        and(eq(smartOrders.userId, userId), eq(smartOrders.productId, product.id), inArray(smartOrders.status, [...RUNNING_SMART_STATES])),
      );
    if (running) throw new ApiFailure(SMART_CODES.alreadyBought, 'a plan of this product is running', 409);
    const startedAt = new Date(this.now());
    let row: OrderRow;
    try {
      [row] = (await tx
        .insert(smartOrders)
        .values({
          userId,
          productId: product.id,
          productName: product.name,
          currency: SMART_CURRENCY,
          amount: amount.toFixed(),
          termDays: product.termDays,
          dailyYieldPercent: product.dailyYieldPercent,
          profitSharingDays: product.profitSharingDays,
          earlyExitPenaltyPercent: product.earlyExitPenaltyPercent,
          dailyIncome: smartDailyIncome(amount, product.dailyYieldPercent).toFixed(),
          startedAt,
          nextProfitAt: new Date(startedAt.getTime() + SMART_DAY_MS),
        })
        .returning()) as [OrderRow];
    } catch (error) {
      if (isRunningConflict(error)) throw new ApiFailure(SMART_CODES.alreadyBought, 'a plan of this product is running', 409);
      throw error;
    }
    await Ledger.of(this.db).post(tx, {
      userId,
      mode: 'real',
      currency: SMART_CURRENCY,
      reference: { kind: 'plan', id: String(row.id) },
      legs: [{ type: 'plan_principal', from: { user: 'cash' }, to: { user: 'plan_principal' }, amount }],
    });
    return orderView(row);
  }

  /**
   * Books every day of a plan that is due by `until` and not booked yet, in the caller's transaction with
   * the owner and the plan locked (the accrual job; an early exit first). Answers the row as it now stands.
   */
  private async bookDueDays(tx: Transaction, row: OrderRow, until: number, maxDays?: number): Promise<OrderRow> {
    const { days, after } = planDaysDue(stateOf(row), until, maxDays);
    if (days.length === 0) return row;
    const ledger = Ledger.of(this.db);
    let returned = money('0');
    for (const day of days) {
      await ledger.post(tx, {
        userId: row.userId,
        mode: 'real',
        currency: row.currency,
        reference: { kind: 'plan_day', id: `${row.id}:${day.date}` },
        legs: [
          { type: 'plan_income', from: { system: 'plan_income' }, to: { user: 'plan_accrued' }, amount: day.income },
          { type: 'plan_income_release', from: { user: 'plan_accrued' }, to: { user: 'cash' }, amount: day.release },
        ],
      });
      if (day.last) {
        await ledger.post(tx, {
          userId: row.userId,
          mode: 'real',
          currency: row.currency,
          reference: { kind: 'plan', id: String(row.id) },
          legs: [{ type: 'plan_principal_return', from: { user: 'plan_principal' }, to: { user: 'cash' }, amount: money(row.amount) }],
        });
        returned = money(row.amount).plus(day.release);
      }
      await ledger.addProfit(tx, row.userId, 'real', day.income);
    }
    const completed = after.status === 'completed';
    const next = nextProfitAt(after);
    const [saved] = await tx
      .update(smartOrders)
      .set({
        daysRun: after.daysRun,
        accrued: after.accrued,
        totalProfit: after.totalProfit,
        status: after.status,
        nextProfitAt: next === null ? null : new Date(next),
        ...(completed ? { returned: returned.toFixed(), penalty: '0', endedAt: new Date(days.at(-1)!.at) } : {}),
      })
      .where(eq(smartOrders.id, row.id))
      .returning();
    return saved!;
  }

  /** The plans whose next day is due by `now` (the accrual job's due rows), oldest due first. */
  async due(now: number, limit = 500): Promise<number[]> {
    const rows = await this.db
      .select({ id: smartOrders.id })
      .from(smartOrders)
      .where(and(inArray(smartOrders.status, [...RUNNING_SMART_STATES]), lte(smartOrders.nextProfitAt, new Date(now))))
      .orderBy(asc(smartOrders.nextProfitAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Books the due days of one plan, at most `DAYS_PER_TRANSACTION` in each money transaction (owner, then
   * plan locked; a second node or run finds them booked and does nothing), so a long backlog never holds the
   * customer's lock for long. Answers the owner when something was booked.
   */
  async accrue(id: number, now: number): Promise<string | null> {
    let owner: string | null = null;
    for (;;) {
      const step = await withMoneyTransaction(this.db, async (tx) => {
        const [head] = await tx.select({ userId: smartOrders.userId }).from(smartOrders).where(eq(smartOrders.id, id));
        if (!head) return null;
        await Ledger.of(this.db).lockOwner(tx, head.userId, 'real');
        const [row] = await tx.select().from(smartOrders).where(eq(smartOrders.id, id)).for('update');
        if (!row) return null;
        const saved = await this.bookDueDays(tx, row, now, DAYS_PER_TRANSACTION);
        if (saved === row) return null;
        return { userId: row.userId, more: saved.nextProfitAt !== null && saved.nextProfitAt.getTime() <= now };
      });
      if (!step) return owner;
      owner = step.userId;
      if (!step.more) return owner;
    }
  }

  /** After a plan moved (a day booked, bought, left): the owner's pages and figures follow, on every node. */
  moved(userId: string): void {
    this.balances.emit('changed', userId, 'real');
    this.notifyUser(userId, [{ key: 'userPlans' }, { key: 'userFigures', mode: 'real' }]);
  }

  private preview(row: OrderRow): EarlyExitPreview {
    const split = earlyExitSplit(row.amount, row.accrued, row.earlyExitPenaltyPercent);
    return {
      orderId: row.id,
      principal: cents(row.amount),
      accrued: cents(row.accrued),
      earlyExitPenaltyPercent: percentText(row.earlyExitPenaltyPercent),
      ...split,
    };
  }

  /** What leaving one of the caller's running plans now would cost and return (its due days counted in). 404 / 10151. */
  async previewEarlyExit(userId: string, id: number): Promise<EarlyExitPreview> {
    const [row] = await this.db
      .select()
      .from(smartOrders)
      .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)));
    if (!row) throw new ApiFailure('404', 'plan not found', 404);
    const { after } = planDaysDue(stateOf(row), this.now());
    if (after.status !== 'earning' && after.status !== 'profit_shared')
      throw new ApiFailure(SMART_CODES.notRunning, 'the plan is not running', 409);
    return this.preview({ ...row, accrued: after.accrued });
  }

  /**
   * Leaves a running plan early, in the caller's (idempotent) transaction with the owner and the plan
   * locked: its due days are booked first, then, when what the customer receives is what they were shown
   * (else 10152 with the new preview, nothing done), the penalty (`plan_penalty`: from the unreleased
   * income first, then principal → `penalty_income`) and the returns (`plan_income_release`,
   * `plan_principal_return` → cash), reference (`plan`, id). A plan not running: 10151.
   */
  async earlyExit(tx: Transaction, userId: string, mode: AccountModeName, id: number, receive: string): Promise<SmartOrderView> {
    if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'smart trading needs the real account', 409);
    await Ledger.of(this.db).lockOwner(tx, userId, 'real');
    const [locked] = await tx
      .select()
      .from(smartOrders)
      .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)))
      .for('update');
    if (!locked) throw new ApiFailure('404', 'plan not found', 404);
    const row = await this.bookDueDays(tx, locked, this.now());
    if (row.status !== 'earning' && row.status !== 'profit_shared')
      throw new ApiFailure(SMART_CODES.notRunning, 'the plan is not running', 409);
    const preview = this.preview(row);
    if (!money(preview.receive).eq(receive))
      throw new ApiFailure(SMART_CODES.previewChanged, 'the figures changed since they were shown', 409, undefined, { preview });
    await Ledger.of(this.db).post(tx, {
      userId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'plan', id: String(row.id) },
      legs: [
        { type: 'plan_penalty', from: { user: 'plan_accrued' }, to: { system: 'penalty_income' }, amount: money(preview.fromIncome) },
        { type: 'plan_penalty', from: { user: 'plan_principal' }, to: { system: 'penalty_income' }, amount: money(preview.fromPrincipal) },
        { type: 'plan_income_release', from: { user: 'plan_accrued' }, to: { user: 'cash' }, amount: money(preview.incomeReturned) },
        { type: 'plan_principal_return', from: { user: 'plan_principal' }, to: { user: 'cash' }, amount: money(preview.principalReturned) },
      ],
    });
    await Ledger.of(this.db).addProfit(tx, userId, 'real', money(preview.penalty).negated());
    const [saved] = await tx
      .update(smartOrders)
      .set({
        status: 'ended_early',
        accrued: '0',
        nextProfitAt: null,
        penalty: preview.penalty,
        returned: preview.receive,
        endedAt: new Date(this.now()),
      })
      .where(eq(smartOrders.id, row.id))
      .returning();
    return orderView(saved!);
  }

  /** One page of the caller's plans, newest first; `running` is earning or profit shared. */
  async list(userId: string, status: 'running' | SmartState | undefined, page: number): Promise<ListSmartOrderResult> {
    const states = status === undefined ? null : status === 'running' ? [...RUNNING_SMART_STATES] : [status];
    const where = and(eq(smartOrders.userId, userId), states ? inArray(smartOrders.status, states) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(smartOrders)
        .where(where)
        .orderBy(desc(smartOrders.id))
        .limit(SMART_ORDERS_PAGE_SIZE)
        .offset((page - 1) * SMART_ORDERS_PAGE_SIZE),
      this.db.select({ n: count() }).from(smartOrders).where(where),
    ]);
    return { items: rows.map(orderView), total: total?.n ?? 0, page, now: new Date(this.now()).toISOString() };
  }

  /** One of the caller's plans with each credited day (from its ledger transfers). */
  async detail(userId: string, id: number): Promise<SmartOrderDetail | null> {
    const [row] = await this.db
      .select()
      .from(smartOrders)
      .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)));
    if (!row) return null;
    const transfers = await this.db
      .select({ amount: ledgerTransfers.amount, referenceId: ledgerTransfers.referenceId })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.userId, userId),
          eq(ledgerTransfers.type, 'plan_income'),
          eq(ledgerTransfers.referenceKind, 'plan_day'),
          like(ledgerTransfers.referenceId, `${row.id}:%`),
        ),
      )
      .orderBy(ledgerTransfers.id);
    // Each day is numbered from its reference (`<id>:<UTC date of its due time>`): day k is due k × 24 h after the start.
    const start = row.startedAt.getTime();
    const startDay = Date.UTC(row.startedAt.getUTCFullYear(), row.startedAt.getUTCMonth(), row.startedAt.getUTCDate());
    const accruals = transfers.map((t) => {
      const day = Math.round((Date.parse(`${t.referenceId.split(':')[1]}T00:00:00Z`) - startDay) / SMART_DAY_MS);
      return { day, at: new Date(start + day * SMART_DAY_MS).toISOString(), amount: cents(t.amount) };
    });
    return { order: orderView(row), accruals, now: new Date(this.now()).toISOString() };
  }

  // ——— operators (back-office, audited) ———

  async adminProducts() {
    const { products } = await this.listProducts();
    const penalty = (await this.settings.get('early_exit_penalty_percent')) ?? '10';
    return { products, defaultPenaltyPercent: percentText(penalty) };
  }

  private values(body: SmartProductBody) {
    return {
      name: body.name.trim(),
      termDays: wholeNumber(String(body.termDays)),
      minAmount: money(body.minAmount).toFixed(),
      maxAmount: money(body.maxAmount).toFixed(),
      dailyYieldPercent: money(body.dailyYieldPercent).toFixed(),
      profitSharingDays: wholeNumber(String(body.profitSharingDays)),
      earlyExitPenaltyPercent: money(body.earlyExitPenaltyPercent).toFixed(),
      enabled: body.enabled,
    };
  }

  async createProduct(actor: OperatorIdentity, body: SmartProductBody): Promise<SmartProductView> {
    return this.db.transaction(async (tx) => {
      // Counted under a lock: two operators adding at once cannot pass the limit together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('smart_products'))`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(smartProducts);
      if (n >= SMART_PRODUCTS_MAX) throw new ApiFailure(OPERATOR_CODES.settingInvalid, 'validation.smartProductsMax', 409);
      const [row] = await tx.insert(smartProducts).values(this.values(body)).returning();
      const view = productView(row!);
      await audit(tx, actor, 'product.change', { kind: 'smart_product', id: String(row!.id) }, null, view);
      return view;
    });
  }

  /** Changes a product for new plans; running plans keep the terms copied at their purchase. */
  async updateProduct(actor: OperatorIdentity, id: number, body: SmartProductBody): Promise<SmartProductView> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(smartProducts).where(eq(smartProducts.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'product not found', 404);
      const [updated] = await tx
        .update(smartProducts)
        .set({ ...this.values(body), updatedAt: sql`now()` })
        .where(eq(smartProducts.id, id))
        .returning();
      const before = productView(row);
      const after = productView(updated!);
      await audit(tx, actor, 'product.change', { kind: 'smart_product', id: String(id) }, before, after);
      return after;
    });
  }
}
