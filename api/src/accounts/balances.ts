import { EventEmitter } from 'node:events';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { DEMO_START_BALANCE } from '@meridian/contracts';
import type { AccountFigures, AccountModeName } from '@meridian/contracts';
import type { Database, Transaction as Tx } from '../db/database.ts';
import { accounts, ledgerEntries } from '../db/schema.ts';

type AccountRow = typeof accounts.$inferSelect;

/** Balance changes, for the live connection to push to their owner (`USER_BALANCE_UPDATE`). */
export class BalanceEvents extends EventEmitter<{ balance: [userId: string, figures: AccountFigures] }> {}

const plain = (value: string) => new Decimal(value).toFixed();

export function figuresOf(row: AccountRow): AccountFigures {
  const base = new Decimal(row.baseBalance);
  const floating = new Decimal(row.floatingPnl);
  return {
    mode: row.mode as AccountModeName,
    baseBalance: plain(row.baseBalance),
    floatingPnL: plain(row.floatingPnl),
    // Total assets: free balance + margin in use + floating profit or loss.
    totalAssets: base.plus(row.bondAmount).plus(floating).toFixed(),
    loanAmount: plain(row.loanAmount),
    bondAmount: plain(row.bondAmount),
    profit: plain(row.profit),
    timestamp: row.updatedAt.getTime(),
  };
}

/** Creates both accounts of a new user: demo with its virtual start balance (a ledger entry), real at 0. */
export async function openAccounts(tx: Tx, userId: string): Promise<void> {
  await tx.insert(accounts).values([
    { userId, mode: 'demo', baseBalance: DEMO_START_BALANCE },
    { userId, mode: 'real', baseBalance: '0' },
  ]);
  await tx
    .insert(ledgerEntries)
    .values({ userId, mode: 'demo', kind: 'demo_grant', amount: DEMO_START_BALANCE, balanceAfter: DEMO_START_BALANCE });
}

export async function readAccount(db: Database, userId: string, mode: AccountModeName): Promise<AccountFigures> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.mode, mode)));
  if (!row) throw new Error(`account ${mode} of ${userId} is missing`);
  return figuresOf(row);
}

export type ResetOutcome = { kind: 'reset'; figures: AccountFigures } | { kind: 'unchanged'; figures: AccountFigures };

/**
 * Puts the demo balance back to its start value with one ledger entry for the difference. The row
 * lock makes two concurrent resets write one entry between them.
 */
export async function resetDemoBalance(db: Database, userId: string): Promise<ResetOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.mode, 'demo')))
      .for('update');
    if (!row) throw new Error(`demo account of ${userId} is missing`);
    const difference = new Decimal(DEMO_START_BALANCE).minus(row.baseBalance);
    const atStart = difference.isZero() && new Decimal(row.bondAmount).isZero() && new Decimal(row.floatingPnl).isZero();
    if (atStart) return { kind: 'unchanged', figures: figuresOf(row) } as const;
    const [updated] = await tx
      .update(accounts)
      .set({ baseBalance: DEMO_START_BALANCE, floatingPnl: '0', bondAmount: '0', profit: '0', updatedAt: new Date() })
      .where(eq(accounts.id, row.id))
      .returning();
    await tx
      .insert(ledgerEntries)
      .values({ userId, mode: 'demo', kind: 'demo_reset', amount: difference.toFixed(), balanceAfter: DEMO_START_BALANCE });
    return { kind: 'reset', figures: figuresOf(updated!) } as const;
  });
}
