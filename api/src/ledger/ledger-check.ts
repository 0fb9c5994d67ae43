import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { UserAccountKind } from '@meridian/contracts';
import { rowsOf } from '../db/database.ts';
import type { Database, Transaction } from '../db/database.ts';

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
  /** Transfers whose accounts are of another mode or currency, or of a user other than the transfer's. */
  misfiled: { transferId: number; problem: string }[];
  /**
   * Business figures the ledger must agree with (margin, escrow, limit-order holds, one hold and one
   * end per limit order, one settlement per order, one transfer per approved correction).
   */
  unreconciled: { what: string; ref: string; expected: string; actual: string }[];
}

/**
 * What a hold account must hold, from the business rows it holds for: an SQL expression of the expected
 * balance of the user account `a` (columns `a.owner_id`, `a.mode`, `a.currency`), evaluated in the check's
 * snapshot in the database's exact arithmetic. Each product registers one per account kind it holds in
 * (withdrawal hold = pending withdrawals, bid hold = live top bids, plan principal = earning plans,
 * loan principal = open loans) with `registerHoldReconciler`, beside the code that moves the money.
 */
export interface HoldReconciler {
  /** Why the account holds what it holds (shown nowhere; the reader of this registry). */
  rule: string;
  expected: (account: SQL) => SQL;
}

/** The hold reconcilers by user account kind: the check names every account of a registered kind that differs. */
export const HOLD_RECONCILERS = new Map<UserAccountKind, HoldReconciler>();

/** Registers (or replaces) the reconciler of one hold account kind. */
function registerHoldReconciler(kind: UserAccountKind, reconciler: HoldReconciler): void {
  HOLD_RECONCILERS.set(kind, reconciler);
}

/** The sum of one column of a business table over the account owner's rows of its mode in some states. */
const ownedSum = (table: string, column: string, states: readonly string[]) => (a: SQL) =>
  sql`coalesce((select sum(o.${sql.raw(column)}) from ${sql.raw(table)} o
    where o.user_id = ${a}.owner_id and o.mode = ${a}.mode and o.status in (${sql.raw(states.map((s) => `'${s}'`).join(', '))})), 0)`;

registerHoldReconciler('margin', {
  rule: 'the margin account holds exactly the margins of its holding positions',
  expected: ownedSum('contract_orders', 'margin', ['holding']),
});
registerHoldReconciler('options_escrow', {
  rule: 'the options escrow holds exactly the stakes of open options',
  expected: ownedSum('options_orders', 'amount', ['open']),
});
registerHoldReconciler('order_hold', {
  rule: 'the order hold holds exactly what the pending limit orders hold',
  expected: ownedSum('contract_orders', 'held', ['pending']),
});

registerHoldReconciler('withdrawal_hold', {
  rule: 'the withdrawal hold holds exactly the withdrawals of its currency requested and not yet paid or rejected',
  expected: (a) => sql`coalesce((select sum(w.amount) from withdrawals w
    where w.user_id = ${a}.owner_id and ${a}.mode = 'real' and w.currency = ${a}.currency and w.status in ('pending', 'approved')), 0)`,
});

// Loans (ADR 008): the debt accounts hold exactly what the open loans owe (kept on the loan row in the same transactions).
registerHoldReconciler('loan_principal', {
  rule: 'the loan principal account holds exactly the unpaid principal of the open loans',
  expected: (a) => sql`coalesce((select sum(l.principal_due) from loans l
    where l.user_id = ${a}.owner_id and ${a}.mode = 'real' and l.currency = ${a}.currency and l.status in ('repaying', 'overdue')), 0)`,
});
registerHoldReconciler('loan_interest_due', {
  rule: 'the loan interest account holds exactly the accrued, unpaid interest of the open loans',
  expected: (a) => sql`coalesce((select sum(l.interest_due) from loans l
    where l.user_id = ${a}.owner_id and ${a}.mode = 'real' and l.currency = ${a}.currency and l.status in ('repaying', 'overdue')), 0)`,
});

// Smart plans (ADR 008): the principal of the running plans, and their income credited and not yet released.
registerHoldReconciler('plan_principal', {
  rule: 'the plan principal account holds exactly the principal of the running plans',
  expected: (a) => sql`coalesce((select sum(p.amount) from smart_orders p
    where p.user_id = ${a}.owner_id and ${a}.mode = 'real' and p.currency = ${a}.currency and p.status in ('earning', 'profit_shared')), 0)`,
});
registerHoldReconciler('plan_accrued', {
  rule: 'the plan accrued account holds exactly the credited, unreleased income of the running plans',
  expected: (a) => sql`coalesce((select sum(p.accrued) from smart_orders p
    where p.user_id = ${a}.owner_id and ${a}.mode = 'real' and p.currency = ${a}.currency and p.status in ('earning', 'profit_shared')), 0)`,
});

// Charity NFTs (ADR 008): the bid hold holds exactly the user's leading bids of running auctions.
registerHoldReconciler('nft_bid_hold', {
  rule: 'the NFT bid hold holds exactly the leading bids of the running auctions',
  expected: (a) => sql`coalesce((select sum(b.amount) from nft_bids b join nfts n on n.id = b.nft_id
    where b.user_id = ${a}.owner_id and ${a}.mode = 'real' and n.currency = ${a}.currency and b.status = 'leading' and n.status = 'live'), 0)`,
});

/** One row per account of a registered hold kind whose balance differs from what its business rows hold. */
function holdQuery(): SQL {
  const a = sql.raw('a');
  const parts = [...HOLD_RECONCILERS].map(
    ([kind, { expected }]) => sql`
    select ${kind}::text as what, a.owner_id || ':' || a.mode || ':' || a.currency as ref, (${expected(a)})::text as expected, a.balance::text as actual
    from ledger_accounts a
    where a.kind = ${kind} and a.balance <> (${expected(a)})`,
  );
  return parts.length === 0
    ? sql`select null::text as what, null::text as ref, null::text as expected, null::text as actual where false`
    : sql.join(parts, sql` union all `);
}

/** The queries of the check, all run in one snapshot. */
const QUERIES = {
  mismatches: sql`
    with moves as (
      select debit_account_id as account_id, -amount as amount from ledger_transfers
      union all
      select credit_account_id, amount from ledger_transfers
    ), rebuilt as (
      select account_id, sum(amount) as total from moves group by account_id
    )
    select a.id as "accountId", a.balance::text as kept, coalesce(r.total, 0)::text as rebuilt
    from ledger_accounts a full join rebuilt r on r.account_id = a.id
    where a.id is null or a.balance <> coalesce(r.total, 0)`,
  unbalanced: sql`
    select mode, currency, sum(balance)::text as sum from ledger_accounts group by mode, currency having sum(balance) <> 0`,
  overdrawn: sql`
    select id as "accountId", balance::text as balance from ledger_accounts
    where owner_id <> '00000000-0000-0000-0000-000000000000' and balance < 0`,
  misfiled: sql`
    select t.id::int as "transferId",
      case
        when d.mode <> t.mode or c.mode <> t.mode then 'mode'
        when d.currency <> t.currency or c.currency <> t.currency then 'currency'
        else 'user'
      end as problem
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where d.mode <> t.mode or c.mode <> t.mode or d.currency <> t.currency or c.currency <> t.currency
      or (d.owner_id <> '00000000-0000-0000-0000-000000000000' and d.owner_id is distinct from t.user_id)
      or (c.owner_id <> '00000000-0000-0000-0000-000000000000' and c.owner_id is distinct from t.user_id)`,
  unreconciled: sql`
    -- A limit order's hold is taken once at placement and ends once: nothing while pending; filled
    -- (holding, closed) through the margin from the hold; cancelled or expired through one release.
    select 'order_hold_settlement' as what, o.id::text as ref, o.status as expected,
      (h.holds || '/' || h.to_margin || '/' || h.releases)::text as actual
    from contract_orders o
    join lateral (
      select count(*) filter (where t.type = 'contract_hold') as holds,
        count(*) filter (where t.type = 'contract_hold_margin') as to_margin,
        count(*) filter (where t.type = 'contract_hold_release') as releases
      from ledger_transfers t where t.reference_kind = 'contract' and t.reference_id = o.id::text
    ) h on true
    where o.order_type = 'limit' and o.held is not null and (h.holds <> 1
      or (o.status = 'pending' and h.to_margin + h.releases > 0)
      or (o.status in ('holding', 'closed') and h.to_margin <> 1)
      or (o.status in ('cancelled', 'expired') and (h.releases <> 1 or h.to_margin > 0)))
    union all
    -- A position's margin is settled once, when it closes: at most one release, one profit, one loss, none while holding.
    select 'contract_settlement', o.id::text, o.status, (m.releases + m.profits + m.losses)::text
    from contract_orders o
    join lateral (
      select count(*) filter (where t.type = 'contract_margin_release') as releases,
        count(*) filter (where t.type = 'contract_profit') as profits,
        count(*) filter (where t.type = 'contract_loss') as losses
      from ledger_transfers t where t.reference_kind = 'contract' and t.reference_id = o.id::text
    ) m on true
    where m.releases > 1 or m.profits > 1 or m.losses > 1
      or (o.status = 'holding' and m.releases + m.profits + m.losses > 0)
      or (o.status in ('pending', 'cancelled', 'expired') and m.releases + m.profits + m.losses > 0)
      or (o.status = 'closed' and m.releases + m.losses = 0)
    union all
    -- An option settles once: at most one return of its stake, one profit, one loss, never while open.
    select 'option_settlement', o.id::text, o.status, (select count(*) from ledger_transfers t
      where t.reference_kind = 'option' and t.reference_id = o.id::text and t.type <> 'options_stake')::text
    from options_orders o
    where (select count(*) from ledger_transfers t where t.reference_kind = 'option' and t.reference_id = o.id::text
        and t.type <> 'options_stake') > case o.status when 'open' then 0 when 'won' then 2 else 1 end
    union all
    -- A correction moves money once, when a second operator approves it: exactly one transfer per
    -- completed correction review, its amount, and none for any other review or none at all.
    select 'correction', coalesce(r.id::text, t.reference_id), coalesce(r.state, 'missing'),
      coalesce(t.n, 0)::text
    from (select id, state, payload from reviews where kind = 'correction') r
    full join (select reference_id, count(*) as n, sum(amount) as total from ledger_transfers
      where reference_kind = 'correction' group by reference_id) t on t.reference_id = r.id::text
    where r.id is null
      or (r.state = 'completed' and (coalesce(t.n, 0) <> 1 or t.total <> (r.payload->>'amount')::numeric))
      or (r.state <> 'completed' and coalesce(t.n, 0) <> 0)
    union all
    -- A plan's transfers agree with its row, plan by plan (the hold reconcilers compare owners' totals, where
    -- one plan's excess could hide another's shortfall): its principal in once; one income per day run,
    -- summing to its total profit; its penalty; no principal back while it runs, once at the term's end,
    -- at most once when left early (none when the penalty took it all).
    select 'plan', p.id::text,
      p.status || ' days ' || p.days_run || ' income ' || p.total_profit::text || ' penalty ' || coalesce(p.penalty, 0)::text,
      ('in ' || m.ins || ' days ' || m.days || ' income ' || m.income || ' penalty ' || m.penalty || ' returns ' || m.returns)::text
    from smart_orders p
    join lateral (
      select count(*) filter (where t.type = 'plan_principal') as ins,
        count(*) filter (where t.type = 'plan_principal_return') as returns,
        count(*) filter (where t.type = 'plan_income') as days,
        coalesce(sum(t.amount) filter (where t.type = 'plan_income'), 0) as income,
        coalesce(sum(t.amount) filter (where t.type = 'plan_penalty'), 0) as penalty
      from ledger_transfers t
      where (t.reference_kind = 'plan' and t.reference_id = p.id::text)
        or (t.reference_kind = 'plan_day' and t.reference_id like p.id::text || ':%')
    ) m on true
    where m.ins <> 1 or m.days <> p.days_run or m.income <> p.total_profit or m.penalty <> coalesce(p.penalty, 0)
      or (p.status in ('earning', 'profit_shared') and m.returns > 0)
      or (p.status = 'completed' and m.returns <> 1)
      or (p.status = 'ended_early' and m.returns > 1)
    union all
    -- An auction's sale is booked once, when it is sold, at its price; a running or unsold one has none; a
    -- running one has exactly its leading bid (one when it has a current bid, none before the first bid),
    -- and an ended one none (the winner's became the sale, the others were released when outbid).
    select 'auction', n.id::text, n.status || ' ' || coalesce(n.sold_price, 0)::text || ' leading ' || (n.current_bid is not null)::text,
      ('sales ' || s.sales || ' ' || s.total || ' leading ' || s.leading)::text
    from nfts n
    join lateral (
      select (select count(*) from ledger_transfers t where t.type = 'nft_sale' and t.reference_kind = 'auction' and t.reference_id = n.id::text) as sales,
        (select coalesce(sum(t.amount), 0) from ledger_transfers t where t.type = 'nft_sale' and t.reference_kind = 'auction' and t.reference_id = n.id::text) as total,
        (select count(*) from nft_bids b where b.nft_id = n.id and b.status = 'leading') as leading
    ) s on true
    where (n.status = 'sold' and (s.sales <> 1 or s.total <> n.sold_price or s.leading <> 0))
      or (n.status <> 'sold' and s.sales <> 0)
      or (n.status = 'live' and s.leading <> case when n.current_bid is null then 0 else 1 end)
      or (n.status = 'unsold' and s.leading <> 0)
      or (n.current_bid is not null and n.current_bid <> (select b.amount from nft_bids b where b.id = n.leading_bid_id))
    union all
    -- Each bid holds once and is released at most once, bid by bid (the hold reconciler compares owners'
    -- totals): leading, held and not released; outbid, held and released; won at the close, held and not
    -- released (the hold became the sale); bought now, never held.
    select 'nft_bid', b.id::text, b.status || coalesce(' ' || n.sold_by, ''), ('holds ' || h.holds || ' releases ' || h.releases)::text
    from nft_bids b
    join nfts n on n.id = b.nft_id
    join lateral (
      select count(*) filter (where t.type = 'nft_bid_hold') as holds, count(*) filter (where t.type = 'nft_bid_release') as releases
      from ledger_transfers t where t.reference_kind = 'nft_bid' and t.reference_id = b.id::text
    ) h on true
    where (b.status = 'leading' and (h.holds <> 1 or h.releases <> 0))
      or (b.status = 'outbid' and (h.holds <> 1 or h.releases <> 1))
      or (b.status = 'won' and (h.releases <> 0 or h.holds <> case when n.sold_by = 'auction' then 1 else 0 end))`,
  counts: sql`
    select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`,
};

async function run<T>(tx: Transaction, query: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query));
}

/**
 * Rebuilds every balance from the transfers and compares it with the kept projection; checks that each
 * mode and currency sums to zero, that no user account is below zero, that every transfer's accounts are
 * of its mode, currency and user, and that the ledger agrees with the orders (margin = holding margins,
 * escrow = open stakes, one release per closed position, one settlement per option). All in one snapshot
 * (a read-only repeatable-read transaction), in the database's exact `numeric` arithmetic.
 */
export async function checkLedger(db: Database | Transaction): Promise<LedgerCheck> {
  // Inside a caller's transaction this is a savepoint of its snapshot.
  return (db as Database).transaction(
    async (tx) => {
      const mismatches = await run<LedgerCheck['mismatches'][number]>(tx, QUERIES.mismatches);
      const unbalanced = await run<LedgerCheck['unbalanced'][number]>(tx, QUERIES.unbalanced);
      const overdrawn = await run<LedgerCheck['overdrawn'][number]>(tx, QUERIES.overdrawn);
      const misfiled = await run<LedgerCheck['misfiled'][number]>(tx, QUERIES.misfiled);
      const unreconciled = [
        ...(await run<LedgerCheck['unreconciled'][number]>(tx, holdQuery())),
        ...(await run<LedgerCheck['unreconciled'][number]>(tx, QUERIES.unreconciled)),
      ];
      const [counts] = await run<{ accounts: number; transfers: number }>(tx, QUERIES.counts);
      return {
        ok: [mismatches, unbalanced, overdrawn, misfiled, unreconciled].every((list) => list.length === 0),
        accounts: counts?.accounts ?? 0,
        transfers: counts?.transfers ?? 0,
        mismatches,
        unbalanced,
        overdrawn,
        misfiled,
        unreconciled,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
