import { sql } from 'drizzle-orm';
import type { Reader } from './ledger.ts';

export interface LedgerCheck {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Accounts whose kept balance differs from the sum of their transfers. */
  mismatches: { accountId: number; kept: string; rebuilt: string }[];
  /** (mode, currency) pairs whose accounts do not sum to zero. */
  unbalanced: { mode: string; currency: string; sum: string }[];
  /** User accounts below zero. */
  overdrawn: { accountId: number; balance: string }[];
}

/**
 * Rebuilds every balance from the transfers and compares it with the kept projection; checks that each
 * mode and currency sums to zero and that no user account is below zero. Runs in the database (exact
 * `numeric` arithmetic), so it is as exact as the columns.
 */
export async function checkLedger(db: Reader): Promise<LedgerCheck> {
  const mismatches = await db.execute<{ account_id: number; kept: string; rebuilt: string }>(sql`
    with moves as (
      select debit_account_id as account_id, -amount as amount from ledger_transfers
      union all
      select credit_account_id, amount from ledger_transfers
    ), rebuilt as (
      select account_id, sum(amount) as total from moves group by account_id
    )
    select a.id as account_id, a.balance::text as kept, coalesce(r.total, 0)::text as rebuilt
    from ledger_accounts a full join rebuilt r on r.account_id = a.id
    where a.id is null or a.balance <> coalesce(r.total, 0)`);
  const unbalanced = await db.execute<{ mode: string; currency: string; sum: string }>(sql`
    select mode, currency, sum(balance)::text as sum from ledger_accounts group by mode, currency having sum(balance) <> 0`);
  const overdrawn = await db.execute<{ account_id: number; balance: string }>(sql`
    select id as account_id, balance::text as balance from ledger_accounts where not allow_negative and balance < 0`);
  const counts = await db.execute<{ accounts: number; transfers: number }>(sql`
    select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`);
  const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
  const m = rowsOf<{ account_id: number; kept: string; rebuilt: string }>(mismatches).map((r) => ({
    accountId: r.account_id,
    kept: r.kept,
    rebuilt: r.rebuilt,
  }));
  const u = rowsOf<{ mode: string; currency: string; sum: string }>(unbalanced);
  const o = rowsOf<{ account_id: number; balance: string }>(overdrawn).map((r) => ({ accountId: r.account_id, balance: r.balance }));
  const c = rowsOf<{ accounts: number; transfers: number }>(counts)[0]!;
  return {
    ok: m.length === 0 && u.length === 0 && o.length === 0,
    accounts: c.accounts,
    transfers: c.transfers,
    mismatches: m,
    unbalanced: u,
    overdrawn: o,
  };
}
