import { EventEmitter } from 'node:events';
import { and, eq } from 'drizzle-orm';
import { DEMO_START_BALANCE, money, moneyString } from '@meridian/contracts';
import type { AccountFigures, AccountModeName, Money } from '@meridian/contracts';
import type { Transaction } from '../db/database.ts';
import { accounts } from '../db/schema.ts';
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
 * The figures of one account mode (SPEC §3) from the ledger: base balance = free cash, margin in use =
 * the margin account, total assets = everything the user holds (cash, margin, stakes in escrow, plan
 * principal, held withdrawals, limit-order holds) plus the floating PnL of open positions, less what they owe on loans.
 */
export async function readFigures(
  db: Reader,
  ledger: Ledger,
  userId: string,
  mode: AccountModeName,
  floating: Money = money(0),
): Promise<AccountFigures> {
  const [row] = await db
    .select({ profit: accounts.profit, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)));
  if (!row) throw new Error(`account ${mode} of ${userId} is missing`);
  const b = await ledger.balancesOf(db, userId, mode);
  const held = b.cash
    .plus(b.margin)
    .plus(b.options_escrow)
    .plus(b.plan_principal)
    .plus(b.withdrawal_hold)
    .plus(b.nft_bid_hold)
    .plus(b.order_hold);
  return {
    mode,
    baseBalance: moneyString(b.cash),
    floatingPnL: moneyString(floating),
    totalAssets: moneyString(held.plus(floating).minus(b.loan_principal)),
    loanAmount: moneyString(b.loan_principal),
    bondAmount: moneyString(b.margin),
    profit: moneyString(row.profit),
    timestamp: Date.now(),
  };
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
