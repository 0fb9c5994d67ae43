import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import {
  EXCHANGES_PAGE_SIZE,
  EXCHANGE_KEYS,
  EXCHANGE_QUOTE_TTL_MS,
  FUNDING_CODES,
  exchangeRate,
  meetsExchangeMinimum,
  money,
  moneyString,
  quoteExchange,
} from '@meridian/contracts';
import type {
  ExchangeCurrency,
  ExchangeQuoteBody,
  ExchangeQuoteResult,
  ExchangeView,
  ListExchangesResult,
  Money,
  ParamKey,
} from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { exchangeQuotes, exchanges } from '../db/schema.ts';
import type { UsdPrices } from '../ledger/currency.ts';
import { Ledger } from '../ledger/ledger.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';

/** The operator setting of the fee (SPEC §5.9 style: a percentage, 0 for none). */
const FEE_SETTING = 'flash_exchange_fee_percent' satisfies ParamKey;

/** An unused quote is forgotten this long after it expired (the clean-ups job). */
const UNUSED_QUOTE_LIFETIME_MS = 60 * 60 * 1000;

const view = (row: typeof exchanges.$inferSelect): ExchangeView => ({
  id: row.id,
  from: row.fromCurrency as ExchangeCurrency,
  to: row.toCurrency as ExchangeCurrency,
  amount: moneyString(money(row.amount)),
  rate: moneyString(money(row.rate)),
  fee: moneyString(money(row.fee)),
  received: moneyString(money(row.received)),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Flash exchange (SPEC §5.4, ADR 008 "Funding"): the real account's crypto for USD or USD for crypto. A quote
 * states the rate (the live prices), the fee (`flash_exchange_fee_percent` of the amount, in the currency
 * given) and what is received (rounded down), and holds for 30 s; submitting it books exactly those figures
 * once, in the caller's idempotent transaction: the amount leaves the currency given (`exchange_out` to the
 * platform's `exchange_clearing`, `exchange_fee` to `fees_income`) and what is received arrives in the other
 * (`exchange_in` from `exchange_clearing`), both movements referenced (`exchange`, id).
 */
export class FlashExchange {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsCache,
    /** Live USD prices (`marketUsdPrices` of the market service). */
    private readonly prices: UsdPrices,
    /** The clock quotes are dated and expire by (tests move it). */
    private readonly now: () => number,
    /** How long a quote holds (30 s; a test site shortens it so a journey can see one expire). */
    private readonly quoteMs: number = EXCHANGE_QUOTE_TTL_MS,
  ) {}

  /** The fee percentage in force: a missing or malformed setting quotes nothing (10018). */
  private async feePercent(): Promise<Money> {
    const value = await this.settings.get(FEE_SETTING);
    if (value === undefined || !/^\d{1,3}(\.\d{1,8})?$/.test(value) || money(value).gt(100))
      throw new ApiFailure('10018', `setting ${FEE_SETTING} is unavailable`, 409);
    return money(value);
  }

  /**
   * A quote for the caller (the real account: the route checked it), stored for `submit`. Refused: no live
   * price for a currency of the pair (10124), an amount that gives less than the receiving currency's
   * minimum (400, its message). The body passed the contract's rules already (pair, places).
   */
  async quote(userId: string, body: ExchangeQuoteBody): Promise<ExchangeQuoteResult> {
    const from = body.from as ExchangeCurrency;
    const to = body.to as ExchangeCurrency;
    const rate = exchangeRate(this.prices(from), this.prices(to));
    if (!rate?.gt(0)) throw new ApiFailure(FUNDING_CODES.noPrice, `no live price for ${from}/${to} now`, 409);
    const feePercent = await this.feePercent();
    const amount = money(body.amount.trim());
    const { fee, received } = quoteExchange({ from, to, amount, rate, feePercent });
    // The minimum (SPEC §5.4) yields to SPEC §0 rule 8: exchanging the whole of a balance is always allowed,
    // so a balance too small for the minimum (BTC, which no browser wallet withdraws) never needs a deposit to leave.
    if (!meetsExchangeMinimum(to, received) && !(received.gt(0) && (await this.isWholeBalance(userId, from, amount))))
      throw new ApiFailure('400', EXCHANGE_KEYS.minimumReceive(to), 400);
    const at = this.now();
    const row = {
      id: randomUUID(),
      userId,
      fromCurrency: from,
      toCurrency: to,
      amount: amount.toFixed(),
      rate: rate.toFixed(),
      feePercent: feePercent.toFixed(),
      fee: fee.toFixed(),
      received: received.toFixed(),
      createdAt: new Date(at),
      expiresAt: new Date(at + this.quoteMs),
    };
    await this.db.insert(exchangeQuotes).values(row);
    return {
      quoteId: row.id,
      from,
      to,
      amount: moneyString(amount),
      rate: moneyString(rate),
      fee: moneyString(fee),
      feePercent: moneyString(feePercent),
      received: moneyString(received),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** True when `amount` is all the caller's free real balance of `currency` (then no minimum applies). */
  private async isWholeBalance(userId: string, currency: ExchangeCurrency, amount: Money): Promise<boolean> {
    const { cash } = await Ledger.of(this.db).balancesOf(this.db, userId, 'real', currency);
    return cash.gt(0) && cash.eq(amount);
  }

  /**
   * Carries out one of the caller's quotes in the caller's transaction (`idempotent`, which holds the owner's
   * real account locked). Refused, changing nothing: a quote that is not the caller's (404), used already
   * (10125), expired at `now` (10123); cash short of the amount (10011, from the ledger).
   */
  async submit(tx: Transaction, userId: string, quoteId: string): Promise<ExchangeView> {
    const ledger = Ledger.of(this.db);
    await ledger.lockOwner(tx, userId, 'real');
    const [quote] = await tx
      .select()
      .from(exchangeQuotes)
      .where(and(eq(exchangeQuotes.id, quoteId), eq(exchangeQuotes.userId, userId)))
      .for('update');
    if (!quote) throw new ApiFailure('404', 'quote not found', 404);
    if (quote.usedAt) throw new ApiFailure(FUNDING_CODES.quoteUsed, 'this quote was used already', 409);
    const at = this.now();
    if (quote.expiresAt.getTime() <= at) throw new ApiFailure(FUNDING_CODES.quoteExpired, 'this quote has expired: get a new one', 409);
    // A quote below the minimum was the whole balance when it was given: it must still be, now, under the lock.
    const to = quote.toCurrency as ExchangeCurrency;
    if (!meetsExchangeMinimum(to, quote.received)) {
      const { cash } = await ledger.balancesOf(tx, userId, 'real', quote.fromCurrency);
      if (!cash.eq(quote.amount)) throw new ApiFailure('400', EXCHANGE_KEYS.minimumReceive(to), 400);
    }
    const spent = await tx
      .update(exchangeQuotes)
      .set({ usedAt: new Date(at) })
      .where(and(eq(exchangeQuotes.id, quote.id), isNull(exchangeQuotes.usedAt)))
      .returning();
    if (spent.length !== 1) throw new ApiFailure(FUNDING_CODES.quoteUsed, 'this quote was used already', 409);
    const [row] = await tx
      .insert(exchanges)
      .values({
        userId,
        quoteId: quote.id,
        fromCurrency: quote.fromCurrency,
        toCurrency: quote.toCurrency,
        amount: quote.amount,
        rate: quote.rate,
        fee: quote.fee,
        received: quote.received,
        createdAt: new Date(at),
      })
      .returning();
    const exchange = row!;
    const reference = { kind: 'exchange', id: String(exchange.id) };
    const amount = money(quote.amount);
    const fee = money(quote.fee);
    // The currency given: the amount leaves the cash (all of it, or 10011 and nothing moves).
    await ledger.post(tx, {
      userId,
      mode: 'real',
      currency: quote.fromCurrency,
      reference,
      legs: [
        { type: 'exchange_out', from: { user: 'cash' }, to: { system: 'exchange_clearing' }, amount: amount.minus(fee) },
        { type: 'exchange_fee', from: { user: 'cash' }, to: { system: 'fees_income' }, amount: fee },
      ],
    });
    // The currency received: exactly the quote's figure.
    await ledger.post(tx, {
      userId,
      mode: 'real',
      currency: quote.toCurrency,
      reference,
      legs: [{ type: 'exchange_in', from: { system: 'exchange_clearing' }, to: { user: 'cash' }, amount: money(quote.received) }],
    });
    return view(exchange);
  }

  /** One page of the caller's exchanges, newest first. */
  async list(userId: string, page: number): Promise<ListExchangesResult> {
    const mine = eq(exchanges.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(exchanges)
        .where(mine)
        .orderBy(desc(exchanges.id))
        .limit(EXCHANGES_PAGE_SIZE)
        .offset((page - 1) * EXCHANGES_PAGE_SIZE),
      this.db.select({ n: count() }).from(exchanges).where(mine),
    ]);
    return { items: rows.map(view), total: total?.n ?? 0, page };
  }
}

/** Forgets quotes that were never used, an hour after they expired (the clean-ups job; a used one stays with its exchange). */
export async function cleanExchangeQuotes(db: Database | Transaction, now: number): Promise<void> {
  await db
    .delete(exchangeQuotes)
    .where(and(isNull(exchangeQuotes.usedAt), lt(exchangeQuotes.expiresAt, new Date(now - UNUSED_QUOTE_LIFETIME_MS))));
}
