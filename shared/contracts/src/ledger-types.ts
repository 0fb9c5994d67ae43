// Zod-free: the kinds of ledger account and transfer (api/src/ledger). Every movement of value in
// the product is one of these types; the back-office and the user's records name them by these keys.

/** Accounts a user holds per mode and currency. */
export const USER_ACCOUNT_KINDS = [
  'cash', // free balance (baseBalance)
  'margin', // margin of open contract positions (bondAmount)
  'options_escrow', // stakes of open options orders
  'withdrawal_hold', // requested withdrawals until paid or rejected
  'plan_principal', // money in smart plans
  'plan_accrued', // smart plan income credited, not withdrawable until profit sharing or the term's end
  'loan_principal', // what a user owes on loans: unpaid principal
  'loan_interest_due', // what a user owes on loans: accrued, unpaid interest
  'nft_bid_hold', // the user's leading NFT bids
  'order_hold', // margin and fee of pending limit orders
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** The platform's side of every movement, per mode and currency. Their balances may go negative. */
export const SYSTEM_ACCOUNT_KINDS = [
  'demo_issuance', // where virtual demo money comes from and returns to
  'opening', // balances carried over from before the ledger
  'fees_income', // trading and withdrawal fees
  'house_pnl', // the other side of contract and options results
  'deposit_clearing', // approved deposits (money that arrived on chain)
  'withdrawal_clearing', // paid withdrawals (money sent on chain)
  'loans_receivable', // loans paid out
  'interest_income', // loan interest
  'loan_debt_offset', // the other side of users' loan debt records (ADR 008: a debt is a memo pair)
  'plan_income', // smart plan yields paid
  'penalty_income', // early-exit penalties of smart plans
  'charity_payable', // NFT proceeds owed to charities
  'corrections', // two-operator corrections (SPEC §0 rule 9)
  'rewards', // invite rewards paid (a platform expense)
  'exchange_clearing', // the platform's side of flash exchanges: currency taken in, the other currency paid out
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/** Every type of transfer; a transfer row carries one of these and the business reference. */
export const TRANSFER_TYPES = [
  'opening_balance',
  'demo_grant',
  'demo_reset',
  'contract_margin',
  'contract_fee',
  'contract_margin_release',
  'contract_profit',
  'contract_loss',
  'contract_hold', // a limit order's margin + fee, cash → order hold, at placement
  'contract_hold_margin', // at the fill: the margin, order hold → margin
  'contract_hold_fee', // at the fill: the fee, order hold → fees income
  'contract_hold_release', // what is left of the hold back to cash: at the fill, on cancel or expiry
  'options_stake',
  'options_stake_return',
  'options_profit',
  'options_loss',
  'deposit_credit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_fee',
  'withdrawal_paid',
  'plan_principal',
  'plan_principal_return',
  'plan_income',
  'plan_penalty',
  'plan_income_release', // accrued plan income made the user's cash: profit sharing, term end, early exit
  'loan_disbursement',
  'loan_repayment',
  'loan_interest',
  'loan_debt', // the record of a debt: loan debt offset → loan principal (disbursement) or interest due (a day's interest)
  'loan_debt_release', // a repayment's record: interest due, then principal → loan debt offset
  'nft_bid_hold',
  'nft_bid_release',
  'nft_sale',
  'charity_donation',
  'correction',
  'invite_reward', // the inviter's reward when an invitee's first deposit is approved
  'withdrawal_return', // a paid withdrawal whose payout failed: withdrawal clearing → cash
  'withdrawal_fee_refund', // its fee back: fees income → cash (a failed payout costs nothing, SPEC §0 rule 8)
  'exchange_out', // a flash exchange: the amount given less the fee, cash → exchange clearing (currency given)
  'exchange_fee', // a flash exchange's fee, cash → fees income (currency given)
  'exchange_in', // a flash exchange: what is received, exchange clearing → cash (currency received)
] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

/**
 * Transfers that happen at most once per business event: the database refuses a second one of the same
 * type and reference (a partial unique index on `ledger_transfers (type, reference_kind, reference_id)`
 * whose list is this one), whatever runs twice (a retried job, two API nodes, a double click). The
 * reference names the event, so a repeated event gets its own:
 *  - a contract's margin, fee, settlement, limit-order hold and its end: (`contract`, order id);
 *  - a deposit credit: (`deposit`, deposit id); a withdrawal's hold, release, fee, payout and return:
 *    (`withdrawal`, withdrawal id); a flash exchange's legs: (`exchange`, exchange id);
 *  - a plan's principal in and its return (at the term's end or an early exit): (`plan`, plan id); a plan's
 *    accrual for one day: (`plan_day`, `<plan id>:<YYYY-MM-DD>`);
 *  - a loan disbursement: (`loan`, loan id); a day's loan interest: (`loan_day`, `<loan id>:<YYYY-MM-DD>`);
 *  - a bid's hold and its release when outbid: (`nft_bid`, bid id); an auction's settlement (sale and
 *    donation): (`auction`, NFT id);
 *  - an invite reward: (`invite`, invitee's user id); a correction: (`correction`, review id).
 */
export const ONCE_PER_EVENT_TRANSFER_TYPES = [
  'contract_margin',
  'contract_fee',
  'contract_margin_release',
  'contract_profit',
  'contract_loss',
  'contract_hold',
  'contract_hold_margin',
  'contract_hold_fee',
  'contract_hold_release',
  'deposit_credit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_fee',
  'withdrawal_paid',
  'withdrawal_return',
  'withdrawal_fee_refund',
  'exchange_out',
  'exchange_fee',
  'exchange_in',
  'plan_principal',
  'plan_principal_return',
  'plan_income',
  'loan_disbursement',
  'loan_interest',
  'nft_bid_hold',
  'nft_bid_release',
  'nft_sale',
  'charity_donation',
  'invite_reward',
  'correction',
] as const satisfies readonly TransferType[];
export type OncePerEventTransferType = (typeof ONCE_PER_EVENT_TRANSFER_TYPES)[number];

/** The currency of the trading accounts (demo and real). Funding adds USDT, BTC, ETH. */
export const TRADING_CURRENCY = 'USD';
