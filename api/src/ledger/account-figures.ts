import { EventEmitter } from 'node:events';
import { and, eq } from 'drizzle-orm';
import {
  BALANCE_FIGURES_VERSION,
  CURRENCIES,
  DEMO_START_BALANCE,
  TRADING_CURRENCY,
  money,
  moneyString,
  toReceive,
} from '@meridian/contracts';
import type { AccountFigures, AccountModeName, Money, UserAccountKind } from '@meridian/contracts';
import type { Transaction } from '../db/database.ts';
import { accounts } from '../db/schema.ts';
import type { UsdPrices } from './currency.ts';
import { DEBT_KINDS, foldFigures } from './figures-contributors.ts';
import { noBalances } from './ledger.ts';
import type { Ledger, Reader } from './ledger.ts';

/**
 * Balance changes, for the live connection to push to their owner (`USER_BALANCE_UPDATE`): with the new
 * figures, or only the news that an account changed (`changed`) — then the nodes where the owner is connected
 * read the figures, and a change of someone with no open connection costs no read at all.
 */
export class BalanceEvents extends EventEmitter<{
  balance: [userId: string, figures: AccountFigures];
  /** `orders`: how many of the user's orders the change touched (several reach the user as one batch frame). */
  changed: [userId: string, mode: AccountModeName, orders?: number];
  /** The user switched account mode (switchMode): their open windows follow it (`ACCOUNT_MODE`). */
  mode: [userId: string, mode: AccountModeName];
}> {}

/**
 * The figures of one account mode (SPEC §3) from the ledger: base balance = free cash; margin in use, what
 * the user holds and what they owe come from each product's figures contributor (`FIGURES_CONTRIBUTORS`);
 * total assets = what they hold plus the floating PnL of open positions, less what they owe.
 */
export async function readFigures(
  db: Reader,
  ledger: Ledger,
  userId: string,
  mode: AccountModeName,
  floating: Money = money('0'),
  prices?: UsdPrices,
): Promise<AccountFigures> {
  return figuresOf(await readAccountMoney(db, ledger, userId, mode), mode, floating, prices);
}

/** What an account's figures are made of, as stored: its realized profit and its ledger balances per currency. */
export interface AccountMoney {
  profit: string;
  balances: ReadonlyMap<string, Record<UserAccountKind, Money>>;
}

/** An account's stored money (two reads), for `figuresOf`. */
export async function readAccountMoney(db: Reader, ledger: Ledger, userId: string, mode: AccountModeName): Promise<AccountMoney> {
  const [row] = await db
    .select({ profit: accounts.profit })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)));
  if (!row) throw new Error(`account ${mode} of ${userId} is missing`);
  return { profit: row.profit, balances: await ledger.balancesByCurrency(db, userId, mode) };
}

/** The figures of one account mode from its stored money, the floating PnL at the current prices and the USD prices. */
export function figuresOf(stored: AccountMoney, mode: AccountModeName, floating: Money = money('0'), prices?: UsdPrices): AccountFigures {
  const { balances } = stored;
  const b = balances.get(TRADING_CURRENCY) ?? noBalances();
  const { held, owed, bond } = foldFigures(b);
  const totalAssets = held.plus(floating).minus(owed);
  const perCurrency = currencyFigures(balances, { cash: b.cash, total: totalAssets }, prices);
  return {
    mode,
    baseBalance: moneyString(b.cash),
    floatingPnL: moneyString(floating),
    totalAssets: moneyString(totalAssets),
    loanAmount: moneyString(owed),
    bondAmount: moneyString(bond),
    profit: moneyString(stored.profit),
    timestamp: Date.now(),
    version: BALANCE_FIGURES_VERSION,
    ...perCurrency,
  };
}

/**
 * The per-currency figures (balance frame version 2): USD always (its SPEC §3 figures), every other
 * currency the user has an account in, in table order; each at its live USD price (`prices`), and the
 * sum of those as the estimated total in USD. A currency no market prices counts for nothing in it.
 */
function currencyFigures(
  balances: ReadonlyMap<string, Record<UserAccountKind, Money>>,
  usd: { cash: Money; total: Money },
  prices: UsdPrices | undefined,
): Pick<AccountFigures, 'currencies' | 'estimatedTotalUsd'> {
  const sums = new Map<string, { cash: Money; total: Money }>([[TRADING_CURRENCY, usd]]);
  for (const [currency, kinds] of balances) {
    if (currency === TRADING_CURRENCY) continue;
    let total = money('0');
    for (const [kind, amount] of Object.entries(kinds)) {
      total = DEBT_KINDS.has(kind as UserAccountKind) ? total.minus(amount) : total.plus(amount);
    }
    sums.set(currency, { cash: kinds.cash, total });
  }
  let estimate = money('0');
  const currencies = CURRENCIES.flatMap(({ code }) => {
    const sum = sums.get(code);
    if (!sum) return [];
    const price = code === TRADING_CURRENCY ? money('1') : prices?.(code);
    const value = price ? sum.total.times(price) : null;
    if (value) estimate = estimate.plus(value);
    return [
      {
        currency: code,
        balance: moneyString(sum.cash),
        total: moneyString(sum.total),
        usdPrice: price ? moneyString(price) : null,
        usdValue: value ? moneyString(toReceive(value)) : null,
      },
    ];
  });
  return { currencies, estimatedTotalUsd: moneyString(toReceive(estimate)) };
}

/** Creates both accounts of a new user: demo with its virtual start balance (a ledger movement), real at 0. */
export async function openAccounts(tx: Transaction, ledger: Ledger, userId: string): Promise<void> {
  await tx.insert(accounts).values([
    { userId, mode: 'demo' },
    { userId, mode: 'real' },
  ]);
  await ledger.post(tx, {
    userId,
    mode: 'demo',
    reference: { kind: 'user', id: userId },
    legs: [{ type: 'demo_grant', from: { system: 'demo_issuance' }, to: { user: 'cash' }, amount: money(DEMO_START_BALANCE) }],
  });
}
