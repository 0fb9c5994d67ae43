import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import {
  dailyInterest,
  FUNDING_CODES,
  isLanguageCode,
  LOAN_CODES,
  LOAN_CURRENCY,
  LOAN_DAY_MS,
  loanQuote,
  LOANS_PAGE_SIZE,
  localeOf,
  money,
  OPEN_LOAN_STATES,
  OPERATOR_CODES,
  parseLoanProducts,
  splitRepayment,
  wholeNumber,
} from '@meridian/contracts';
import type {
  AccountModeName,
  LanguageCode,
  ListLoansResult,
  LoanBody,
  LoanDetailResult,
  LoanEventView,
  LoanProduct,
  LoanProductsResult,
  LoanState,
  LoanView,
  Money,
} from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { ledgerTransfers, loans, notifications, users } from '../db/schema.ts';
import type { Identification } from '../kyc/kyc.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';
import type { ImageSealer } from '../uploads/sealed-images.ts';
import { claimUpload, findUpload } from '../uploads/uploads.ts';
import type { AgreementInput } from './agreement/agreement-pdf.ts';

/** The platform named as the lender in every agreement. */
const LENDER = 'Meridian';

type LoanRow = typeof loans.$inferSelect;

const cents = (value: Money | string) => money(value).toFixed(2);

/**
 * Where a loan's days start: the first UTC midnight at or after its disbursement. Day k of the loan is
 * `[start + (k−1) days, start + k days)`; its interest is booked once it has ended, and the loan is due
 * when day `termDays` ends (the daily job's periods, `0 0 * * *`, are exactly these days).
 */
function firstLoanDay(disbursedAt: Date): number {
  const t = disbursedAt.getTime();
  return Math.ceil(t / LOAN_DAY_MS) * LOAN_DAY_MS;
}

/** A loan as its borrower reads it. */
function loanView(row: LoanRow, reason: string | null = null): LoanView {
  const disbursed = row.disbursedAt ? firstLoanDay(row.disbursedAt) : null;
  const accruing = row.status === 'repaying' || row.status === 'overdue';
  return {
    id: row.id,
    state: row.status as LoanState,
    currency: row.currency,
    amount: cents(row.amount),
    termDays: row.termDays,
    dailyRatePercent: money(row.dailyRatePercent).toFixed(),
    interestFreeDays: row.interestFreeDays,
    totalInterest: cents(row.totalInterest),
    repaymentAmount: cents(row.repaymentAmount),
    principalDue: cents(row.principalDue),
    interestDue: cents(row.interestDue),
    owed: cents(money(row.principalDue).plus(row.interestDue)),
    appliedAt: row.appliedAt.toISOString(),
    disbursedAt: row.disbursedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    nextInterestAt: accruing && disbursed !== null ? new Date(disbursed + (row.accruedDays + 1) * LOAN_DAY_MS).toISOString() : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    reason,
    agreementSha256: row.agreementSha256,
  };
}

/**
 * Crypto loans (SPEC §3, §4, §5.8, ADR 008, issue 26). A real-account customer with verified identity
 * applies on a product's terms with a drawn signature: the agreement PDF is generated in their language
 * and its SHA-256 kept; a `reviewer` approves (the principal is disbursed through the ledger in the
 * decision's transaction: `loan_disbursement` receivable → cash and the debt record `loan_debt` offset →
 * `loan_principal`) or rejects. A daily job books each day's interest after the interest-free days,
 * once per loan and day (`loan_day` references, the job's run keys), and marks a loan overdue after its
 * due date; repayments take accrued interest first, then principal, early without penalty.
 */
export class Loans {
  constructor(
    private readonly db: Database,
    private readonly reviewService: ReviewService,
    private readonly settings: SettingsCache,
    private readonly identification: Identification,
    private readonly sealer: ImageSealer,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
    private readonly now: () => number,
  ) {
    reviewService.handle('loan', async (tx, review, decision) => {
      const approving = decision.decision === 'approve';
      const id = wholeNumber(review.subjectId);
      const [head] = await tx.select({ userId: loans.userId }).from(loans).where(eq(loans.id, id));
      if (!head) throw new ApiFailure('404', 'loan not found', 404);
      // The owner first, then the loan: the order every money path of a loan takes.
      if (approving) await Ledger.of(this.db).lockOwner(tx, head.userId, 'real');
      const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
      if (!row || row.status !== 'pending') throw new ApiFailure(OPERATOR_CODES.alreadyDecided, 'the loan is decided already', 409);
      if (approving) {
        // Paid out only to a customer still active and verified at the moment of the decision.
        const [borrower] = await tx.select({ status: users.status, kyc: users.kycStatus }).from(users).where(eq(users.id, row.userId));
        if (borrower?.status !== 'active' || borrower.kyc !== 'verified')
          throw new ApiFailure(LOAN_CODES.kycFirst, 'the borrower is no longer active and verified: reject the loan', 409);
      }
      const at = new Date(this.now());
      if (!approving) {
        await tx.update(loans).set({ status: 'rejected', closedAt: at }).where(eq(loans.id, id));
        await this.notice(tx, row.userId, 'loanRejected', {
          reason: decision.reasonCode,
          amount: cents(row.amount),
          currency: row.currency,
        });
        return { state: 'rejected', afterCommit: () => this.notifyUser(row.userId, this.refresh()) };
      }
      const principal = money(row.amount);
      await Ledger.of(this.db).post(tx, {
        userId: row.userId,
        mode: 'real',
        currency: row.currency,
        reference: { kind: 'loan', id: String(id) },
        legs: [
          { type: 'loan_disbursement', from: { system: 'loans_receivable' }, to: { user: 'cash' }, amount: principal },
          { type: 'loan_debt', from: { system: 'loan_debt_offset' }, to: { user: 'loan_principal' }, amount: principal },
        ],
      });
      const dueAt = new Date(firstLoanDay(at) + row.termDays * LOAN_DAY_MS);
      await tx.update(loans).set({ status: 'repaying', principalDue: principal.toFixed(), disbursedAt: at, dueAt }).where(eq(loans.id, id));
      await this.notice(tx, row.userId, 'loanApproved', { amount: cents(principal), currency: row.currency, dueAt: dueAt.toISOString() });
      return {
        state: 'completed',
        afterCommit: () => {
          this.balances.emit('changed', row.userId, 'real');
          this.notifyUser(row.userId, [...this.refresh(), { key: 'userFigures', mode: 'real' }]);
        },
      };
    });
    // The reviewer reads the agreement the customer signed, the same bytes.
    reviewService.handleDocument('loan', async (item) => {
      const found = await this.agreement(wholeNumber(item.subject), null);
      return found ? { data: found.pdf, mime: 'application/pdf', filename: `meridian-loan-${item.subject}.pdf` } : null;
    });
  }

  private refresh() {
    return [{ key: 'userLoans' as const }, { key: 'userNotifications' as const }];
  }

  private async notice(
    tx: Transaction,
    userId: string,
    kind: 'loanApproved' | 'loanRejected' | 'loanOverdue' | 'loanRepaid',
    params: Record<string, string>,
  ) {
    await tx.insert(notifications).values({ userId, kind, params });
  }

  /** The products in force and the interest-free days; 10023 when the setting is misconfigured. */
  async products(tx?: Transaction): Promise<{ products: LoanProduct[]; interestFreeDays: number }> {
    const products = parseLoanProducts(await this.settings.get('loan_products', tx));
    const freeText = (await this.settings.get('loan_interest_free_days', tx)) ?? '0';
    if (!products || !/^\d{1,3}$/.test(freeText))
      throw new ApiFailure(LOAN_CODES.periodMisconfigured, 'the loan products are misconfigured', 409);
    return { products, interestFreeDays: wholeNumber(freeText) };
  }

  async listProducts(): Promise<LoanProductsResult> {
    return { ...(await this.products()), currency: LOAN_CURRENCY };
  }

  /**
   * Applies for a loan in the caller's (idempotent) transaction, the owner locked. Refused: the demo
   * account (10120), identity not verified (10140), a term or terms that are not a product's now (10023),
   * an amount outside the product's range (10143), an open loan (10141), a signature that is not the
   * caller's unattached private upload. The agreement is rendered from what the customer signed and its
   * SHA-256 kept with the loan.
   */
  async apply(tx: Transaction, userId: string, mode: AccountModeName, body: LoanBody): Promise<LoanView> {
    if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'loans need the real account', 409);
    const [user] = await tx.select({ kycStatus: users.kycStatus, language: users.language }).from(users).where(eq(users.id, userId));
    if (user?.kycStatus !== 'verified') throw new ApiFailure(LOAN_CODES.kycFirst, 'verify your identity first', 409);
    const { products, interestFreeDays } = await this.products(tx);
    const product = products.find((p) => p.termDays === body.termDays);
    if (!product || !money(product.dailyRatePercent).eq(body.dailyRatePercent) || interestFreeDays !== body.interestFreeDays)
      throw new ApiFailure(LOAN_CODES.periodMisconfigured, 'the terms changed since they were shown', 409);
    const amount = money(body.amount.trim());
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount))
      throw new ApiFailure(LOAN_CODES.amountOutOfRange, 'the amount is outside the product range', 409, undefined, {
        min: product.minAmount,
        max: product.maxAmount,
      });
    const [open] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_LOAN_STATES])));
    if (open) throw new ApiFailure(LOAN_CODES.loanOpen, 'a loan is open already', 409);
    await claimUpload(tx, body.signatureId, [`user:${userId}`], { sealed: true, key: 'validation.notSigned' });
    const kyc = await this.identification.latest(tx, userId);
    if (!kyc) throw new ApiFailure(LOAN_CODES.kycFirst, 'verify your identity first', 409);
    const language: LanguageCode = isLanguageCode(user.language) ? user.language : 'en';
    const quote = loanQuote(amount, product, interestFreeDays);
    const appliedAt = new Date(this.now());
    const facts = {
      userId,
      currency: LOAN_CURRENCY,
      amount: amount.toFixed(),
      termDays: product.termDays,
      dailyRatePercent: product.dailyRatePercent,
      interestFreeDays,
      totalInterest: quote.totalInterest,
      repaymentAmount: quote.repaymentAmount,
      language,
      borrowerName: `${kyc.firstName} ${kyc.lastName}`,
      borrowerCountry: new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(kyc.country) ?? kyc.country,
      borrowerAddress: kyc.address,
      signatureId: body.signatureId,
      appliedAt,
    };
    // The row first (its id numbers the agreement), then the agreement's hash in the same transaction.
    const [row] = await tx
      .insert(loans)
      .values({ ...facts, agreementSha256: '', agreementPdf: Buffer.alloc(0) })
      .returning();
    // The agreement is rendered once, here, and kept as signed (sealed: it carries the signature and the
    // address); what the borrower and the reviewer download later is these bytes, checked against the hash.
    const pdf = await this.render(tx, row!);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const [saved] = await tx
      .update(loans)
      .set({ agreementSha256: sha, agreementPdf: this.sealer.seal(pdf) })
      .where(eq(loans.id, row!.id))
      .returning();
    const queued = await this.reviewService.enqueueNew(tx, {
      kind: 'loan',
      subjectId: String(row!.id),
      userId,
      payload: {
        amount: cents(amount),
        currency: LOAN_CURRENCY,
        termDays: String(product.termDays),
        dailyRatePercent: product.dailyRatePercent,
        interestFreeDays: String(interestFreeDays),
        totalInterest: quote.totalInterest,
        repaymentAmount: quote.repaymentAmount,
        borrower: facts.borrowerName,
        agreementSha256: sha,
        signatureId: body.signatureId,
      },
    });
    // A loan nobody could decide would hold the customer's one open loan forever (SPEC §0 rule 4).
    if (!queued) throw new Error(`loan ${row!.id} has a review item already`);
    return loanView(saved!);
  }

  /** The agreement, rendered from what the customer signed (once, at the application). */
  private async render(db: Database | Transaction, row: LoanRow): Promise<Buffer> {
    const signature = await findUpload(db, row.signatureId, this.sealer);
    if (!signature) throw new Error(`the signature of loan ${row.id} cannot be read`);
    const quote = loanQuote(
      row.amount,
      { termDays: row.termDays, dailyRatePercent: money(row.dailyRatePercent).toFixed() },
      row.interestFreeDays,
    );
    const input: AgreementInput = {
      language: isLanguageCode(row.language) ? row.language : 'en',
      loanId: row.id,
      platformName: LENDER,
      borrower: { fullName: row.borrowerName, accountId: row.userId, country: row.borrowerCountry, address: row.borrowerAddress },
      signedAt: row.appliedAt,
      terms: {
        currency: row.currency,
        principal: cents(row.amount),
        termDays: row.termDays,
        dailyRatePercent: money(row.dailyRatePercent).toFixed(),
        interestFreeDays: row.interestFreeDays,
        totalInterest: cents(row.totalInterest),
        repaymentAmount: cents(row.repaymentAmount),
      },
      schedule: quote.schedule,
      signature: { mime: signature.mime === 'image/jpeg' ? 'image/jpeg' : 'image/png', data: signature.data },
    };
    // Loaded on first use: the typesetter and its fonts cost nothing to a node that renders no agreement.
    const { renderAgreement } = await import('./agreement/agreement-pdf.ts');
    return renderAgreement(input);
  }

  /**
   * The agreement of a loan as it was signed: its borrower's (userId given) or, for a reviewer, any (null
   * when not theirs). The stored bytes, opened and checked against the SHA-256 kept since the signing.
   */
  async agreement(loanId: number, userId: string | null): Promise<{ pdf: Buffer; sha256: string } | null> {
    const [row] = await this.db
      .select({ pdf: loans.agreementPdf, sha256: loans.agreementSha256 })
      .from(loans)
      .where(and(eq(loans.id, loanId), userId ? eq(loans.userId, userId) : undefined));
    if (!row) return null;
    const pdf = this.sealer.open(row.pdf);
    if (!pdf || createHash('sha256').update(pdf).digest('hex') !== row.sha256)
      throw new Error(`the stored agreement of loan ${loanId} does not open to its SHA-256 (upload key changed?)`);
    return { pdf, sha256: row.sha256 };
  }

  /**
   * One day of a loan, in the daily job's transaction (the run key makes it once per loan and day, on any
   * number of nodes): after the interest-free days, the day's interest on the unpaid principal is booked
   * (`loan_interest` receivable → interest income, and the debt record `loan_debt` offset →
   * `loan_interest_due`, reference (`loan_day`, `<id>:<day>`)); once the due date has passed with money
   * owed, the loan is overdue and the borrower told.
   */
  async accrueDay(tx: Transaction, loanId: number, period: { day: string; start: number; end: number }): Promise<string | null> {
    const [head] = await tx.select({ userId: loans.userId }).from(loans).where(eq(loans.id, loanId));
    if (!head) return null;
    await Ledger.of(this.db).lockOwner(tx, head.userId, 'real');
    const [row] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!row) return null;
    const booked = await this.bookEndedDays(tx, row, period.end);
    return booked === row ? null : row.userId;
  }

  /**
   * Books every day of a loan that has ended by `until` and is not booked yet, oldest first, in the caller's
   * transaction with the owner and the loan locked (the daily job for its day; a repayment for every ended
   * day, so what it pays off is exact even when the job is late). After the interest-free days, a day's
   * interest on the unpaid principal (`loan_interest` receivable → interest income, and the debt record
   * `loan_debt` offset → `loan_interest_due`, reference (`loan_day`, `<id>:<day>`)); once the due date has
   * passed with money owed, the loan is overdue and the borrower told. Answers the row as it now stands
   * (the same object when nothing was due).
   */
  private async bookEndedDays(tx: Transaction, row: LoanRow, until: number): Promise<LoanRow> {
    if ((row.status !== 'repaying' && row.status !== 'overdue') || !row.disbursedAt) return row;
    const first = firstLoanDay(row.disbursedAt);
    const ended = Math.floor((until - first) / LOAN_DAY_MS);
    if (ended <= row.accruedDays) return row;
    let interestDue = money(row.interestDue);
    const rate = money(row.dailyRatePercent).toFixed();
    for (let day = row.accruedDays + 1; day <= ended; day += 1) {
      if (day <= row.interestFreeDays || !money(row.principalDue).gt(0)) continue;
      const interest = dailyInterest(row.principalDue, rate);
      const date = new Date(first + (day - 1) * LOAN_DAY_MS).toISOString().slice(0, 10);
      await Ledger.of(this.db).post(tx, {
        userId: row.userId,
        mode: 'real',
        currency: row.currency,
        reference: { kind: 'loan_day', id: `${row.id}:${date}` },
        legs: [
          { type: 'loan_interest', from: { system: 'loans_receivable' }, to: { system: 'interest_income' }, amount: interest },
          { type: 'loan_debt', from: { system: 'loan_debt_offset' }, to: { user: 'loan_interest_due' }, amount: interest },
        ],
      });
      interestDue = interestDue.plus(interest);
    }
    const overdue = row.status === 'repaying' && row.dueAt !== null && first + ended * LOAN_DAY_MS >= row.dueAt.getTime();
    const [saved] = await tx
      .update(loans)
      .set({ accruedDays: ended, interestDue: interestDue.toFixed(), ...(overdue ? { status: 'overdue', overdueAt: row.dueAt } : {}) })
      .where(eq(loans.id, row.id))
      .returning();
    if (overdue)
      await this.notice(tx, row.userId, 'loanOverdue', {
        amount: cents(money(row.principalDue).plus(interestDue)),
        currency: row.currency,
      });
    return saved!;
  }

  /** The loans the daily job walks: those still accruing, each from its disbursement. */
  async accruing(db: Database): Promise<{ reference: string; from: number }[]> {
    const rows = await db
      .select({ id: loans.id, disbursedAt: loans.disbursedAt })
      .from(loans)
      .where(inArray(loans.status, ['repaying', 'overdue']));
    return rows.flatMap((r) => (r.disbursedAt ? [{ reference: String(r.id), from: r.disbursedAt.getTime() }] : []));
  }

  /** After a day was booked or a repayment made: the borrower's pages and figures follow. */
  moved(userId: string): void {
    this.balances.emit('changed', userId, 'real');
    this.notifyUser(userId, [...this.refresh(), { key: 'userFigures', mode: 'real' }]);
  }

  /**
   * Repays `amount` of a loan from the cash balance, in the caller's (idempotent) transaction with the
   * owner locked: accrued interest first, then principal (`loan_repayment` cash → receivable, and
   * `loan_debt_release` of each part back to the offset). Refused: not the caller's loan (404), nothing
   * owed (not disbursed, repaid) or more than is owed (10142), short of cash (10011, nothing booked).
   * Owing nothing afterwards, the loan is repaid. The daily job has booked every ended day first.
   */
  async repay(tx: Transaction, userId: string, mode: AccountModeName, loanId: number, amountText: string): Promise<LoanView> {
    if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'loans need the real account', 409);
    await Ledger.of(this.db).lockOwner(tx, userId, 'real');
    const [locked] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
      .for('update');
    if (!locked) throw new ApiFailure('404', 'loan not found', 404);
    // Every day that has ended is booked first, in this transaction: what the repayment pays off is exact.
    const row = await this.bookEndedDays(tx, locked, this.now());
    const owed = money(row.principalDue).plus(row.interestDue);
    const amount = money(amountText.trim());
    if ((row.status !== 'repaying' && row.status !== 'overdue') || !owed.gt(0) || amount.gt(owed))
      throw new ApiFailure(LOAN_CODES.repayNotOwed, 'the amount is more than the loan owes', 409, undefined, { owed: cents(owed) });
    const { interest, principal } = splitRepayment(amount, row.interestDue);
    await Ledger.of(this.db).post(tx, {
      userId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'loan', id: String(row.id) },
      legs: [
        { type: 'loan_repayment', from: { user: 'cash' }, to: { system: 'loans_receivable' }, amount },
        { type: 'loan_debt_release', from: { user: 'loan_interest_due' }, to: { system: 'loan_debt_offset' }, amount: interest },
        { type: 'loan_debt_release', from: { user: 'loan_principal' }, to: { system: 'loan_debt_offset' }, amount: principal },
      ],
    });
    const principalDue = money(row.principalDue).minus(principal);
    const interestDue = money(row.interestDue).minus(interest);
    const repaid = principalDue.isZero() && interestDue.isZero();
    const at = new Date(this.now());
    const [saved] = await tx
      .update(loans)
      .set({
        principalDue: principalDue.toFixed(),
        interestDue: interestDue.toFixed(),
        ...(repaid ? { status: 'repaid', closedAt: at } : {}),
      })
      .where(eq(loans.id, row.id))
      .returning();
    if (repaid) await this.notice(tx, userId, 'loanRepaid', { amount: cents(row.amount), currency: row.currency });
    return loanView(saved!);
  }

  /** One page of the caller's loans, newest first. */
  async list(userId: string, page: number): Promise<ListLoansResult> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(loans)
        .where(eq(loans.userId, userId))
        .orderBy(desc(loans.id))
        .limit(LOANS_PAGE_SIZE)
        .offset((page - 1) * LOANS_PAGE_SIZE),
      this.db.select({ n: count() }).from(loans).where(eq(loans.userId, userId)),
    ]);
    const reasons = await this.reasons(rows.filter((r) => r.status === 'rejected').map((r) => r.id));
    return { items: rows.map((row) => loanView(row, reasons.get(row.id) ?? null)), total: total?.n ?? 0, page };
  }

  private async reasons(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.reviewService.subjectsReasons('loan', ids.map(String));
    return new Map([...rows].map(([subject, reason]) => [wholeNumber(subject), reason]));
  }

  /** One of the caller's loans with its history, from its ledger transfers and its row's times. */
  async detail(userId: string, loanId: number): Promise<LoanDetailResult | null> {
    const [row] = await this.db
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.userId, userId)));
    if (!row) return null;
    const transfers = await this.db
      .select({
        id: ledgerTransfers.id,
        type: ledgerTransfers.type,
        amount: ledgerTransfers.amount,
        createdAt: ledgerTransfers.createdAt,
        referenceId: ledgerTransfers.referenceId,
      })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.userId, userId),
          or(
            and(eq(ledgerTransfers.referenceKind, 'loan'), eq(ledgerTransfers.referenceId, String(row.id))),
            and(eq(ledgerTransfers.referenceKind, 'loan_day'), like(ledgerTransfers.referenceId, `${row.id}:%`)),
          ),
          inArray(ledgerTransfers.type, ['loan_disbursement', 'loan_interest', 'loan_repayment', 'loan_debt_release']),
        ),
      )
      .orderBy(ledgerTransfers.id);
    const events: LoanEventView[] = [
      { kind: 'applied', at: row.appliedAt.toISOString(), amount: cents(row.amount), interest: null, principal: null },
    ];
    for (const t of transfers) {
      const at = t.createdAt.toISOString();
      if (t.type === 'loan_disbursement') events.push({ kind: 'disbursed', at, amount: cents(t.amount), interest: null, principal: null });
      else if (t.type === 'loan_interest')
        events.push({ kind: 'interest', at, amount: cents(t.amount), interest: cents(t.amount), principal: null });
      else if (t.type === 'loan_repayment') {
        events.push({ kind: 'repayment', at, amount: cents(t.amount), interest: cents('0'), principal: cents('0') });
      }
    }
    // A repayment's split: its releases follow it (interest, then principal); recomputed from the amounts.
    let interestLeft = money('0');
    for (const event of events) {
      if (event.kind === 'interest') interestLeft = interestLeft.plus(event.amount!);
      if (event.kind === 'repayment') {
        const split = splitRepayment(event.amount!, interestLeft);
        event.interest = cents(split.interest);
        event.principal = cents(split.principal);
        interestLeft = interestLeft.minus(split.interest);
      }
    }
    if (row.overdueAt) events.push({ kind: 'overdue', at: row.overdueAt.toISOString(), amount: null, interest: null, principal: null });
    if (row.status === 'repaid' && row.closedAt)
      events.push({ kind: 'repaid', at: row.closedAt.toISOString(), amount: null, interest: null, principal: null });
    if (row.status === 'rejected' && row.closedAt)
      events.push({ kind: 'rejected', at: row.closedAt.toISOString(), amount: null, interest: null, principal: null });
    events.sort((a, b) => a.at.localeCompare(b.at));
    const reasons = row.status === 'rejected' ? await this.reasons([row.id]) : new Map<number, string>();
    return { loan: loanView(row, reasons.get(row.id) ?? null), events };
  }
}
