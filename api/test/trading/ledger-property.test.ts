import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CURRENCIES,
  CURRENCY_CODES_LIST,
  DEMO_START_BALANCE,
  MONEY_CODES,
  Money,
  TRADING_CURRENCY,
  contractFee,
  contractMargin,
  money,
  moneyString,
  optionOutcome,
  optionProfit,
  settledPnl,
  triggeredClose,
} from '@meridian/contracts';
import type { AccountModeName, ContractSide, CurrencyCode, OptionDirection } from '@meridian/contracts';
import { lotsBreach } from '@meridian/contracts/schemas';
import type { LotTerms } from '@meridian/contracts/schemas';
import { accounts, contractOrders, ledgerAccounts, ledgerTransfers, optionsOrders } from '../../src/db/schema.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import type { LedgerCheck } from '../../src/ledger/ledger-check.ts';
import { withMoneyTransaction } from '../../src/ledger/money-transaction.ts';
import { ApiFailure } from '../../src/plugins/envelope.ts';
import { settleOption } from '../../src/trading/options/options.ts';
import { auth } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { moveCash } from '../ledger-helpers.ts';
import { withTradingApi } from './trading-fixture.ts';

/**
 * Random sequences of deposits, withdrawals, contract opens and closes, options, price moves (with
 * gaps), clock advances with options settlement and demo resets, by 2–3 users in both account modes.
 * After every step: the ledger check passes (balances = transfers, each mode sums to zero, no user
 * account below zero), each margin account is the sum of its holding positions' margins, each options
 * escrow the sum of its open stakes, and a refused step changed nothing. Each step's own effect is
 * checked too (the answer code predicted from the balance, cash moved by exactly margin + fee, PnL,
 * stake or payout), for every user of every run so far: earlier runs' positions go on closing.
 */

const t = withTradingApi();
const MODES = ['demo', 'real'] as const satisfies readonly AccountModeName[];
const PERIODS = [30, 60, 120, 300] as const;
const DAY = 24 * 3600_000;
/**
 * A fixed seed in CI; bench/ledger-property.ts runs the same properties many more times
 * (LEDGER_PROPERTY_RUNS_SCALE) with another seed (LEDGER_PROPERTY_SEED).
 */
const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20261123);
const RUNS_SCALE = Math.max(1, Number(process.env.LEDGER_PROPERTY_RUNS_SCALE ?? 1));
/**
 * Instruments no other test file trades (on PostgreSQL the files share one database and every API
 * closes the positions its own ticks trigger): a mid price with a 0.0001 tick and a sub-dollar one
 * with a 0.0000001 tick, so PnL and margins carry up to 15 places before rounding.
 */
const INSTRUMENTS = [
  ['BNB/USDT', 100],
  ['XRP/USDT', 100_000],
] as const;

interface Terms {
  id: number;
  /** Lots are scaled by this, so that an order's notional is of the order of a balance whatever the price. */
  lotScale: number;
  places: number;
  contractSize: string;
  leverages: number[];
  feePercent: string;
  /** The price the run's moves stay around (the start price), so prices never drift to nothing. */
  reference: Money;
  options: { period: number; payoutPercent: string; minStake: string; maxStake: string }[];
  /** The instrument's lot bounds (issue 31). */
  lotBounds: LotTerms;
}
let instruments: Terms[] = [];
/** Every user the runs made (the state and the invariants cover all of them). */
const everyone: string[] = [];

beforeAll(async () => {
  const reader = await t.user();
  instruments = [];
  // This file's clock runs 30 days ahead of the other trading files': on a PostgreSQL database they
  // share, their settlement runs never reach this file's options (due 30 days after theirs).
  t.advance(30 * DAY);
  for (const [code, lotScale] of INSTRUMENTS) {
    const instrument = t.app.market.catalogue.byCode(code)!;
    const terms = (await t.get(`getTradingTerms/${instrument.id}`, reader)).json().result;
    instruments.push({
      id: instrument.id,
      lotScale,
      places: money(terms.tickSize).decimalPlaces(),
      contractSize: terms.contractSize,
      leverages: terms.leverages,
      feePercent: terms.feePercent,
      reference: money(t.app.market.book.quote(instrument.id)!.price),
      options: terms.options,
      lotBounds: terms.lots,
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// Actions

type Action =
  | { kind: 'deposit'; user: number; mode: AccountModeName; amount: string }
  | { kind: 'withdraw'; user: number; mode: AccountModeName; percent: number }
  | {
      kind: 'buyContracts';
      user: number;
      mode: AccountModeName;
      instrument: number;
      side: ContractSide;
      lots: { units: number; dust: number };
      leverage: number;
      offered: boolean;
      stopLossBps: number | null;
      takeProfitBps: number | null;
    }
  | { kind: 'closeContracts'; user: number; mode: AccountModeName; pick: number; foreign: boolean }
  | {
      kind: 'buyOptions';
      user: number;
      mode: AccountModeName;
      instrument: number;
      direction: OptionDirection;
      period: number;
      amount: string;
    }
  | { kind: 'tick'; instrument: number; bps: number }
  | { kind: 'advance'; seconds: number; settle: boolean }
  | { kind: 'resetDemo'; user: number };

const userArb = fc.nat({ max: 2 });
const modeArb = fc.constantFrom<AccountModeName>(...MODES);

/** A decimal string with up to 8 places, `min` ≤ value ≤ `max` (whole numbers), never 0. */
const decimalArb = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.nat({ max: 8 }), fc.nat({ max: 99_999_999 })).map(([whole, places, fraction]) => {
    const value = money(String(whole)).plus(money(String(fraction)).div(100_000_000).toDecimalPlaces(places, Money.ROUND_DOWN));
    return moneyString(value.isZero() ? money('0.00000001') : value);
  });

/**
 * Lots in 0.00000001 steps before the instrument's scale: mostly tiny to moderate, sometimes more than
 * any balance covers; `dust` keeps all 8 places after scaling.
 */
const lotsArb = fc.record({
  units: fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 50_000_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 500_000_000 }) },
  ),
  dust: fc.nat({ max: 99_999 }),
});

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), user: userArb, mode: modeArb, amount: decimalArb(0, 50_000) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      user: userArb,
      mode: modeArb,
      percent: fc.integer({ min: 1, max: 130 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('buyContracts' as const),
      user: userArb,
      mode: modeArb,
      instrument: fc.nat({ max: 1 }),
      side: fc.constantFrom<ContractSide>('buy', 'sell'),
      lots: lotsArb,
      leverage: fc.nat({ max: 6 }),
      offered: fc.oneof({ weight: 12, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      stopLossBps: fc.option(fc.integer({ min: 1, max: 3000 })),
      takeProfitBps: fc.option(fc.integer({ min: 1, max: 3000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('closeContracts' as const),
      user: userArb,
      mode: modeArb,
      pick: fc.nat({ max: 20 }),
      foreign: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buyOptions' as const),
      user: userArb,
      mode: modeArb,
      instrument: fc.nat({ max: 1 }),
      direction: fc.constantFrom<OptionDirection>('up', 'down'),
      period: fc.constantFrom(...PERIODS),
      amount: fc.oneof(
        { weight: 8, arbitrary: decimalArb(10, 3000) },
        { weight: 1, arbitrary: decimalArb(0, 9) },
        { weight: 1, arbitrary: decimalArb(40_000, 120_000) },
      ),
    }),
  },
  {
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      instrument: fc.nat({ max: 1 }),
      // Mostly small moves around the current price, sometimes a gap of up to 25 %.
      bps: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -40, max: 40 }) },
        { weight: 1, arbitrary: fc.integer({ min: -2500, max: 2500 }) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.integer({ min: 1, max: 400 }),
      // Sometimes the settlement job is late: ticks after the due time come before it runs.
      settle: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resetDemo' as const), user: userArb }) },
);

// ---------------------------------------------------------------------------------------------------
// What the users hold, read in one consistent snapshot

interface Position {
  id: number;
  userId: string;
  mode: AccountModeName;
  instrumentId: number;
  side: ContractSide;
  lots: string;
  contractSize: string;
  margin: string;
  openPrice: string;
  stopLoss: string | null;
  takeProfit: string | null;
  liquidationPrice: string;
}
interface OpenOption {
  id: number;
  userId: string;
  mode: AccountModeName;
  instrumentId: number;
  direction: OptionDirection;
  amount: string;
  payoutPercent: string;
  openPrice: string;
  settleAt: number;
}
interface State {
  /** `${userId}:${mode}:${kind}` → balance (plain decimal). */
  balances: Record<string, string>;
  /** `${userId}:${mode}:${kind}:${currency}` → balance, for the currencies other than the trading one. */
  otherCurrencies: Record<string, string>;
  /** `${userId}:${mode}` → profit figure. */
  profits: Record<string, string>;
  transfers: number;
  holding: Position[];
  open: OpenOption[];
  check: LedgerCheck;
}

const key = (userId: string, mode: AccountModeName, kind = 'cash') => `${userId}:${mode}:${kind}`;
const balanceOf = (state: State, userId: string, mode: AccountModeName, kind = 'cash') =>
  money(state.balances[key(userId, mode, kind)] ?? '0');

async function observe(ids: string[]): Promise<State> {
  return t.database.db.transaction(
    async (tx) => {
      const check = await checkLedger(tx);
      const balances: Record<string, string> = {};
      const otherCurrencies: Record<string, string> = {};
      for (const row of await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.ownerId, ids))) {
        // Trading is in the trading currency; the batched runs also move cash of the other currencies.
        if (row.currency !== TRADING_CURRENCY) {
          otherCurrencies[`${key(row.ownerId, row.mode as AccountModeName, row.kind)}:${row.currency}`] = moneyString(row.balance);
          continue;
        }
        balances[key(row.ownerId, row.mode as AccountModeName, row.kind)] = moneyString(row.balance);
      }
      const profits: Record<string, string> = {};
      for (const row of await tx.select().from(accounts).where(inArray(accounts.userId, ids))) {
        profits[`${row.userId}:${row.mode}`] = moneyString(row.profit);
      }
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.userId, ids));
      const holding = (
        await tx
          .select()
          .from(contractOrders)
          .where(sql`${inArray(contractOrders.userId, ids)} and ${contractOrders.status} = 'holding'`)
          .orderBy(contractOrders.id)
      ).map((r) => ({
        id: r.id,
        userId: r.userId,
        mode: r.mode as AccountModeName,
        instrumentId: r.instrumentId,
        side: r.side as ContractSide,
        lots: moneyString(r.lots),
        contractSize: moneyString(r.contractSize),
        margin: moneyString(r.margin),
        openPrice: moneyString(r.openPrice),
        stopLoss: r.stopLoss === null ? null : moneyString(r.stopLoss),
        takeProfit: r.takeProfit === null ? null : moneyString(r.takeProfit),
        liquidationPrice: moneyString(r.liquidationPrice),
      }));
      const open = (
        await tx
          .select()
          .from(optionsOrders)
          .where(sql`${inArray(optionsOrders.userId, ids)} and ${optionsOrders.status} = 'open'`)
          .orderBy(optionsOrders.id)
      ).map((r) => ({
        id: r.id,
        userId: r.userId,
        mode: r.mode as AccountModeName,
        instrumentId: r.instrumentId,
        direction: r.direction as OptionDirection,
        amount: moneyString(r.amount),
        payoutPercent: moneyString(r.payoutPercent),
        openPrice: moneyString(r.openPrice),
        settleAt: r.settleAt,
      }));
      return { balances, otherCurrencies, profits, transfers: count?.n ?? 0, holding, open, check };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The invariants every state must keep. */
function expectInvariants(state: State, ids: string[], step: string): void {
  expect(state.check.ok, `${step}: ledger check ${JSON.stringify(state.check)}`).toBe(true);
  for (const [name, balance] of Object.entries(state.balances)) expect(money(balance).gte(0), `${step}: ${name} = ${balance}`).toBe(true);
  for (const userId of ids) {
    for (const mode of MODES) {
      const margins = state.holding
        .filter((p) => p.userId === userId && p.mode === mode)
        .reduce((sum, p) => sum.plus(p.margin), money('0'));
      const margin = balanceOf(state, userId, mode, 'margin');
      expect(margin.gte(0), `${step}: margin of ${mode}`).toBe(true);
      expect(moneyString(margin), `${step}: margin of ${userId} ${mode} = its holding positions' margins`).toBe(moneyString(margins));
      const stakes = state.open.filter((o) => o.userId === userId && o.mode === mode).reduce((sum, o) => sum.plus(o.amount), money('0'));
      expect(moneyString(balanceOf(state, userId, mode, 'options_escrow')), `${step}: escrow of ${userId} ${mode} = its open stakes`).toBe(
        moneyString(stakes),
      );
    }
  }
}

/** How often each kind of step happened, was refused, closed positions or settled options. */
const seen = new Map<string, number>();
const count = (name: string, n = 1) => seen.set(name, (seen.get(name) ?? 0) + n);

/** What a refusal must leave as it was: every balance, transfer, open order and profit figure. */
const footprint = ({ check: _check, ...rest }: State) => rest;

// ---------------------------------------------------------------------------------------------------
// Running one action: the answer it must get and what it must change

const priceOf = (terms: Terms) => money(t.app.market.book.quote(terms.id)!.price);

/** A price `bps` basis points from `price`, on the instrument's tick, rounded away from `price`. */
function shifted(terms: Terms, price: Money, bps: number): string {
  const raw = price.times(money('10000').plus(bps)).div(10_000);
  return raw.toDecimalPlaces(terms.places, bps >= 0 ? Money.ROUND_UP : Money.ROUND_DOWN).toFixed(terms.places);
}

/** What closing positions at `price` pays into cash per `${userId}:${mode}`: margin + settled PnL each. */
function closingDeltas(positions: Position[], price: string) {
  const deltas = new Map<string, Money>();
  for (const p of positions) {
    const pnl = settledPnl(p.side, p.openPrice, price, p.lots, p.contractSize, p.margin);
    const k = `${p.userId}:${p.mode}`;
    deltas.set(k, (deltas.get(k) ?? money('0')).plus(p.margin).plus(pnl));
  }
  return deltas;
}

/** Runs one action; answers whether it was refused (then it must have changed nothing). */
async function run(action: Action, users: SignedUp[], before: State): Promise<{ refused: boolean; after: State }> {
  const ids = [...everyone];
  const user = 'user' in action ? users[action.user % users.length]! : null;
  const after = () => observe(ids);
  const cashMoved = (state: State, mode: AccountModeName, delta: Money) =>
    expect(moneyString(balanceOf(state, user!.userId, mode)), `cash of ${mode} after ${action.kind}`).toBe(
      moneyString(balanceOf(before, user!.userId, mode).plus(delta)),
    );

  switch (action.kind) {
    case 'deposit': {
      await moveCash(t.database.db, user!.userId, action.mode, action.amount);
      const state = await after();
      cashMoved(state, action.mode, money(action.amount));
      return { refused: false, after: state };
    }

    case 'withdraw': {
      const cash = balanceOf(before, user!.userId, action.mode);
      let amount = cash.times(action.percent).div(100).toDecimalPlaces(8, Money.ROUND_DOWN);
      if (amount.isZero()) amount = money('0.00000001');
      const refusal = await moveCash(t.database.db, user!.userId, action.mode, amount.neg().toFixed()).then(
        () => null,
        (error: unknown) => error,
      );
      if (amount.gt(cash)) {
        expect(refusal).toBeInstanceOf(ApiFailure);
        expect((refusal as ApiFailure).code).toBe(MONEY_CODES.insufficientBalance);
        return { refused: true, after: await after() };
      }
      expect(refusal).toBeNull();
      const state = await after();
      cashMoved(state, action.mode, amount.neg());
      return { refused: false, after: state };
    }

    case 'buyContracts': {
      const terms = instruments[action.instrument]!;
      const price = priceOf(terms);
      const leverage = action.offered ? terms.leverages[action.leverage % terms.leverages.length]! : 3;
      const buy = action.side === 'buy';
      const raw = money(String(action.lots.units))
        .times(terms.lotScale)
        .plus(action.lots.dust % terms.lotScale)
        .div(100_000_000);
      // Mostly a lot count snapped into the instrument's bounds; one in ten as drawn (often off the step or below the minimum).
      const { min, step, max } = terms.lotBounds;
      const snapped = Money.min(Money.max(raw.div(step).floor().times(step), min), max);
      const lots = moneyString(action.lots.dust % 10 === 0 ? raw : snapped);
      const body = {
        instrumentId: terms.id,
        side: action.side,
        lots,
        leverage,
        ...(action.stopLossBps === null ? {} : { stopLoss: shifted(terms, price, buy ? -action.stopLossBps : action.stopLossBps) }),
        ...(action.takeProfitBps === null ? {} : { takeProfit: shifted(terms, price, buy ? action.takeProfitBps : -action.takeProfitBps) }),
      };
      const margin = contractMargin(price, lots, terms.contractSize, leverage);
      const fee = contractFee(price, lots, terms.contractSize, terms.feePercent);
      const cash = balanceOf(before, user!.userId, action.mode);
      const expected = !terms.leverages.includes(leverage)
        ? MONEY_CODES.leverageNotOffered
        : lotsBreach(lots, terms.lotBounds) !== null || margin.isZero()
          ? MONEY_CODES.amountWrong
          : margin.plus(fee).gt(cash)
            ? MONEY_CODES.insufficientBalance
            : '200';
      const res = await t.post('buyContracts', user!, body, crypto.randomUUID(), action.mode);
      expect(res.json().code, `buyContracts ${JSON.stringify(body)} at ${price.toFixed()} with ${cash.toFixed()}: ${res.body}`).toBe(
        expected,
      );
      const state = await after();
      if (expected !== '200') return { refused: true, after: state };
      const order = res.json().result;
      expect(order).toMatchObject({ status: 'holding', openPrice: moneyString(price), margin: moneyString(margin), fee: moneyString(fee) });
      cashMoved(state, action.mode, margin.plus(fee).neg());
      expect(moneyString(balanceOf(state, user!.userId, action.mode, 'margin'))).toBe(
        moneyString(balanceOf(before, user!.userId, action.mode, 'margin').plus(margin)),
      );
      expect(state.holding.map((p) => String(p.id))).toContain(order.id);
      return { refused: false, after: state };
    }

    case 'closeContracts': {
      // One of the user's own positions (either mode); or, when they have none or `foreign`, someone
      // else's, one of the other mode, or none at all: not theirs to close.
      const mine = before.holding.filter((p) => p.userId === user!.userId);
      if (mine.length === 0 || action.foreign) {
        const others = before.holding.filter((p) => p.userId !== user!.userId || p.mode !== action.mode);
        const id = others.length > 0 ? others[action.pick % others.length]!.id : 999_999_999;
        const res = await t.post(`closeContracts/${id}`, user!, undefined, crypto.randomUUID(), action.mode);
        expect(res.json().code).toBe(MONEY_CODES.closeFailed);
        return { refused: true, after: await after() };
      }
      const target = mine[action.pick % mine.length]!;
      const price = priceOf(instruments.find((i) => i.id === target.instrumentId)!).toFixed();
      const res = await t.post(`closeContracts/${target.id}`, user!, undefined, crypto.randomUUID(), target.mode);
      expect(res.json().code, res.body).toBe('200');
      const pnl = settledPnl(target.side, target.openPrice, price, target.lots, target.contractSize, target.margin);
      expect(res.json().result).toMatchObject({
        profit: moneyString(pnl),
        price: moneyString(price),
        order: { status: 'closed', closeReason: 'user' },
      });
      const state = await after();
      expect(state.holding.map((p) => p.id)).not.toContain(target.id);
      cashMoved(state, target.mode, pnl.plus(target.margin));
      return { refused: false, after: state };
    }

    case 'buyOptions': {
      const terms = instruments[action.instrument]!;
      const product = terms.options.find((p) => p.period === action.period)!;
      const stake = money(action.amount);
      const cash = balanceOf(before, user!.userId, action.mode);
      const expected =
        stake.lt(product.minStake) || stake.gt(product.maxStake)
          ? MONEY_CODES.amountWrong
          : stake.gt(cash)
            ? MONEY_CODES.insufficientBalance
            : '200';
      const body = { instrumentId: terms.id, direction: action.direction, period: action.period, amount: action.amount };
      const res = await t.post('buyOptions', user!, body, crypto.randomUUID(), action.mode);
      expect(res.json().code, `buyOptions ${JSON.stringify(body)} with ${cash.toFixed()}: ${res.body}`).toBe(expected);
      const state = await after();
      if (expected !== '200') return { refused: true, after: state };
      expect(res.json().result).toMatchObject({ status: 'open', amount: moneyString(stake), settleAt: t.now() + action.period * 1000 });
      cashMoved(state, action.mode, stake.neg());
      return { refused: false, after: state };
    }

    case 'tick': {
      const terms = instruments[action.instrument]!;
      let next = money(shifted(terms, priceOf(terms), action.bps));
      // Prices stay within 0.4× – 2.5× of the start: a long run of falls never reaches zero.
      if (next.lt(terms.reference.times('0.4'))) next = terms.reference.times('0.4');
      if (next.gt(terms.reference.times('2.5'))) next = terms.reference.times('2.5');
      const price = next.toFixed(terms.places);
      await t.tick(terms.id, price);
      expect(t.app.market.book.quote(terms.id)!.price).toBe(price);
      const state = await after();
      // Exactly the positions this price triggers closed, each at this tick and paying margin + PnL into cash.
      const triggered = before.holding.filter((p) => p.instrumentId === terms.id && triggeredClose(p, price) !== null);
      const triggeredIds = new Set(triggered.map((p) => p.id));
      expect(state.holding.map((p) => p.id)).toEqual(before.holding.filter((p) => !triggeredIds.has(p.id)).map((p) => p.id));
      const deltas = closingDeltas(triggered, price);
      if (triggered.length > 0) {
        const closed = await t.database.db
          .select()
          .from(contractOrders)
          .where(inArray(contractOrders.id, [...triggeredIds]));
        for (const row of closed) {
          const p = triggered.find((x) => x.id === row.id)!;
          expect(row, `position ${row.id} closed by ${price}`).toMatchObject({
            status: 'closed',
            closeReason: triggeredClose(p, price),
            closeTime: t.now(),
          });
          expect(moneyString(row.closePrice!)).toBe(moneyString(price));
          expect(moneyString(row.realizedProfit!)).toBe(
            moneyString(settledPnl(p.side, p.openPrice, price, p.lots, p.contractSize, p.margin)),
          );
        }
      }
      for (const userId of ids) {
        for (const mode of MODES) {
          expect(moneyString(balanceOf(state, userId, mode)), `cash of ${userId} ${mode} after the tick ${price}`).toBe(
            moneyString(balanceOf(before, userId, mode).plus(deltas.get(`${userId}:${mode}`) ?? 0)),
          );
        }
      }
      return { refused: false, after: state };
    }

    case 'advance': {
      t.advance(action.seconds * 1000);
      if (!action.settle) {
        const state = await after();
        expect(footprint(state), 'time alone changes nothing').toEqual(footprint(before));
        return { refused: false, after: state };
      }
      const now = t.now();
      const due = before.open.filter((o) => o.settleAt <= now);
      if (t.database.kind === 'pglite') {
        // This file's own database: the scheduler's settlement job.
        await t.settle();
      } else {
        // A database shared with files running at once: the job would settle their orders too, at this
        // file's prices; the same settlement, for this file's orders only.
        for (const o of due) expect(await settleOption(t.app.trading.ctx, o.id), `option ${o.id}`).not.toBeNull();
      }
      const state = await after();
      expect(state.open.map((o) => o.id)).toEqual(before.open.filter((o) => o.settleAt > now).map((o) => o.id));
      // Each due order settled on the price in effect at its due time: stake (+ payout) back, or nothing.
      const credits = new Map<string, Money>();
      for (const o of due) {
        // A price at the due time this node no longer knows: the order is cancelled and the stake returned.
        const quote = t.app.market.book.quoteAt(o.instrumentId, o.settleAt);
        const outcome = quote ? optionOutcome(o.direction, o.openPrice, quote.price) : 'draw';
        const credit =
          outcome === 'lost'
            ? money('0')
            : outcome === 'draw'
              ? money(o.amount)
              : money(o.amount).plus(optionProfit(o.amount, o.payoutPercent));
        const k = `${o.userId}:${o.mode}`;
        credits.set(k, (credits.get(k) ?? money('0')).plus(credit));
      }
      for (const userId of ids) {
        for (const mode of MODES) {
          expect(moneyString(balanceOf(state, userId, mode)), `cash of ${userId} ${mode} after settling`).toBe(
            moneyString(balanceOf(before, userId, mode).plus(credits.get(`${userId}:${mode}`) ?? 0)),
          );
        }
      }
      return { refused: false, after: state };
    }

    case 'resetDemo': {
      const atStart =
        !before.holding.some((p) => p.userId === user!.userId && p.mode === 'demo') &&
        !before.open.some((o) => o.userId === user!.userId && o.mode === 'demo') &&
        balanceOf(before, user!.userId, 'demo').eq(DEMO_START_BALANCE);
      await t.inMode(user!, 'demo');
      const res = await t.app.inject({ method: 'POST', url: '/api/swx/customer/user/resetDemo', headers: auth(user!.token) });
      const state = await after();
      if (atStart) {
        expect(res.json().code).toBe('10097');
        return { refused: true, after: state };
      }
      expect(res.json()).toMatchObject({ code: '200', result: { baseBalance: DEMO_START_BALANCE, bondAmount: '0', profit: '0' } });
      expect(moneyString(balanceOf(state, user!.userId, 'demo'))).toBe(DEMO_START_BALANCE);
      expect(moneyString(balanceOf(state, user!.userId, 'demo', 'options_escrow'))).toBe('0');
      expect(state.holding.filter((p) => p.userId === user!.userId && p.mode === 'demo')).toEqual([]);
      expect(state.open.filter((o) => o.userId === user!.userId && o.mode === 'demo')).toEqual([]);
      expect(state.profits[`${user!.userId}:demo`]).toBe('0');
      // Its positions closed at the current price; its options cancelled, each stake back to its cash.
      const positions = before.holding.filter((p) => p.userId === user!.userId && p.mode === 'demo');
      if (positions.length > 0) {
        const rows = await t.database.db
          .select()
          .from(contractOrders)
          .where(
            inArray(
              contractOrders.id,
              positions.map((p) => p.id),
            ),
          );
        for (const row of rows) {
          const p = positions.find((x) => x.id === row.id)!;
          const price = t.app.market.book.quote(p.instrumentId)!.price;
          expect(row).toMatchObject({ status: 'closed', closeReason: 'reset' });
          expect(moneyString(row.realizedProfit!)).toBe(
            moneyString(settledPnl(p.side, p.openPrice, price, p.lots, p.contractSize, p.margin)),
          );
        }
      }
      for (const o of before.open.filter((x) => x.userId === user!.userId && x.mode === 'demo')) {
        const [row] = await t.database.db
          .select()
          .from(optionsOrders)
          .where(inArray(optionsOrders.id, [o.id]));
        expect(row).toMatchObject({ status: 'cancelled' });
        const moves = await t.database.db
          .select()
          .from(ledgerTransfers)
          .where(sql`${ledgerTransfers.referenceKind} = 'option' and ${ledgerTransfers.referenceId} = ${String(o.id)}`);
        expect(moves.map((m) => [m.type, moneyString(m.amount)]).sort()).toEqual(
          [
            ['options_stake', o.amount],
            ['options_stake_return', o.amount],
          ].sort(),
        );
      }
      // The real account is not touched.
      for (const kind of ['cash', 'margin', 'options_escrow']) {
        expect(state.balances[key(user!.userId, 'real', kind)]).toBe(before.balances[key(user!.userId, 'real', kind)]);
      }
      return { refused: false, after: state };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Concurrent batches: several calls at once, of the same and different users, in both modes and in
// several currencies (cash moved in and out of each through the ledger)

type BatchStep =
  | { kind: 'move'; user: number; mode: AccountModeName; currency: CurrencyCode; amount: string; out: boolean }
  | { kind: 'buyContracts'; user: number; instrument: number; side: ContractSide; percent: number; leverage: number }
  | { kind: 'closeContracts'; user: number; pick: number }
  | { kind: 'buyOptions'; user: number; instrument: number; direction: OptionDirection; period: number; percent: number };
interface Batch {
  /** Each user's mode during the batch (a user's calls all come from one window). */
  modes: AccountModeName[];
  steps: BatchStep[];
  /** A price move after the batch (it closes what it triggers, checked as in the sequential run). */
  tick: Extract<Action, { kind: 'tick' }> | null;
}

const stepArb: fc.Arbitrary<BatchStep> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      user: userArb,
      mode: modeArb,
      currency: fc.constantFrom(...CURRENCY_CODES_LIST),
      amount: decimalArb(0, 5_000),
      out: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('buyContracts' as const),
      user: userArb,
      instrument: fc.nat({ max: 1 }),
      side: fc.constantFrom<ContractSide>('buy', 'sell'),
      // The share of the cash before the batch the order is meant to take: several at once overdraw it.
      percent: fc.integer({ min: 5, max: 90 }),
      leverage: fc.nat({ max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('closeContracts' as const), user: userArb, pick: fc.nat({ max: 20 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buyOptions' as const),
      user: userArb,
      instrument: fc.nat({ max: 1 }),
      direction: fc.constantFrom<OptionDirection>('up', 'down'),
      period: fc.constantFrom(...PERIODS),
      percent: fc.integer({ min: 5, max: 90 }),
    }),
  },
);

const batchArb: fc.Arbitrary<Batch> = fc.record({
  modes: fc.array(modeArb, { minLength: 3, maxLength: 3 }),
  steps: fc.array(stepArb, { minLength: 2, maxLength: 8 }),
  tick: fc.option(
    fc.record({ kind: fc.constant('tick' as const), instrument: fc.nat({ max: 1 }), bps: fc.integer({ min: -300, max: 300 }) }),
    { freq: 3 },
  ),
});

/** What one call of a batch answered and what it moved in its account (`${userId}:${mode}[:currency]`). */
interface Outcome {
  kind: BatchStep['kind'];
  code: string;
  account: string;
  /** The change of the account's total (cash + holds) the answer states: a fee paid, a profit, money moved. */
  total: Money;
}

/** Cash of any currency moved through the ledger (the trading currency's own cash with moveCash's booking). */
async function moveIn(userId: string, mode: AccountModeName, currency: CurrencyCode, delta: Money) {
  if (currency === TRADING_CURRENCY) return moveCash(t.database.db, userId, mode, delta.toFixed());
  const ledger = t.app.trading.ctx.ledger;
  return withMoneyTransaction(t.database.db, async (tx) => {
    await ledger.lockOwner(tx, userId, mode);
    await ledger.post(tx, {
      userId,
      mode,
      currency,
      reference: { kind: 'test', id: `moveIn:${crypto.randomUUID()}` },
      legs: [
        delta.gt(0)
          ? { type: 'correction', from: { system: 'corrections' }, to: { user: 'cash' }, amount: delta }
          : { type: 'correction', from: { user: 'cash' }, to: { system: 'corrections' }, amount: delta.neg() },
      ],
    });
  });
}

/** Runs one call of a batch (at the same time as the others); answers its code and what it moved. */
async function runConcurrent(step: BatchStep, users: SignedUp[], modes: AccountModeName[], before: State): Promise<Outcome> {
  const user = users[step.user % users.length]!;
  const mode = step.kind === 'move' ? step.mode : modes[step.user % users.length]!;
  const account = `${user.userId}:${mode}`;
  const cash = balanceOf(before, user.userId, mode);
  const codeOf = (res: { json: () => { code: string } }) => res.json().code;
  switch (step.kind) {
    case 'move': {
      const currency = CURRENCIES.find((c) => c.code === step.currency)!;
      const amount = money(step.amount).toDecimalPlaces(currency.places, Money.ROUND_DOWN);
      const delta = amount.isZero() ? money('1') : step.out ? amount.neg() : amount;
      const code = await moveIn(user.userId, mode, step.currency, delta).then(
        () => '200',
        (error: unknown) => {
          if (error instanceof ApiFailure) return error.code;
          throw error;
        },
      );
      const where = step.currency === TRADING_CURRENCY ? account : `${account}:${step.currency}`;
      if (code === '200') count(`batch:move:200:${step.currency}`);
      return { kind: step.kind, code, account: where, total: code === '200' ? delta : money('0') };
    }
    case 'buyContracts': {
      const terms = instruments[step.instrument]!;
      const price = priceOf(terms);
      const leverage = terms.leverages[step.leverage % terms.leverages.length]!;
      // Lots worth about `percent` of the cash before the batch, in whole lot steps within the bounds.
      const { min, step: lotStep, max } = terms.lotBounds;
      const wanted = cash.times(step.percent).div(100).times(leverage).div(price.times(terms.contractSize));
      const lots = moneyString(Money.min(Money.max(wanted.div(lotStep).floor().times(lotStep), min), max));
      const res = await t.post(
        'buyContracts',
        user,
        { instrumentId: terms.id, side: step.side, lots, leverage },
        crypto.randomUUID(),
        mode,
      );
      const code = codeOf(res);
      expect([MONEY_CODES.insufficientBalance, MONEY_CODES.amountWrong, '200'], `buyContracts ${lots}: ${res.body}`).toContain(code);
      return { kind: step.kind, code, account, total: code === '200' ? money(res.json().result.fee).neg() : money('0') };
    }
    case 'closeContracts': {
      const mine = before.holding.filter((p) => p.userId === user.userId && p.mode === mode);
      const id = mine.length > 0 ? mine[step.pick % mine.length]!.id : 999_999_999;
      const res = await t.post(`closeContracts/${id}`, user, undefined, crypto.randomUUID(), mode);
      const code = codeOf(res);
      // Two closes of one position at once: one closes it, the other is told it is not open.
      expect([MONEY_CODES.closeFailed, '200'], `closeContracts ${id}: ${res.body}`).toContain(code);
      return { kind: step.kind, code, account, total: code === '200' ? money(res.json().result.profit) : money('0') };
    }
    case 'buyOptions': {
      const terms = instruments[step.instrument]!;
      const product = terms.options.find((p) => p.period === step.period)!;
      const wanted = cash.times(step.percent).div(100).toDecimalPlaces(2, Money.ROUND_DOWN);
      const amount = moneyString(Money.min(Money.max(wanted, product.minStake), product.maxStake));
      const body = { instrumentId: terms.id, direction: step.direction, period: step.period, amount };
      const res = await t.post('buyOptions', user, body, crypto.randomUUID(), mode);
      const code = codeOf(res);
      expect([MONEY_CODES.insufficientBalance, '200'], `buyOptions ${amount}: ${res.body}`).toContain(code);
      // A stake moves from cash to the escrow: the total stays.
      return { kind: step.kind, code, account, total: money('0') };
    }
  }
}

/** Each account's total (cash + margin + escrow + order hold) moved by exactly the sum its answered calls state. */
function expectMovedBy(before: State, after: State, outcomes: Outcome[], label: string): void {
  const totalOf = (state: State, account: string) => {
    const [userId, mode, currency] = account.split(':') as [string, AccountModeName, string | undefined];
    if (currency) return money(state.otherCurrencies[`${key(userId, mode)}:${currency}`] ?? '0');
    return ['cash', 'margin', 'options_escrow', 'order_hold'].reduce(
      (sum, kind) => sum.plus(balanceOf(state, userId, mode, kind)),
      money('0'),
    );
  };
  const moved = new Map<string, Money>();
  for (const o of outcomes) moved.set(o.account, (moved.get(o.account) ?? money('0')).plus(o.total));
  for (const [account, delta] of moved) {
    expect(moneyString(totalOf(after, account)), `${label}: the total of ${account}`).toBe(
      moneyString(totalOf(before, account).plus(delta)),
    );
  }
}

describe(`the ledger under random trading (${databaseKind})`, () => {
  it(
    'keeps every balance equal to its transfers, margins and escrows equal to their orders, and refusals change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 2, max: 3 }),
          fc.array(decimalArb(0, 20_000), { minLength: 3, maxLength: 3 }),
          fc.array(actionArb, { minLength: 10, maxLength: 30 }),
          async (size, deposits, actions) => {
            const users: SignedUp[] = [];
            for (let i = 0; i < size; i++) users.push(await t.user());
            everyone.push(...users.map((u) => u.userId));
            // Every user so far: positions and options of earlier runs go on being closed and settled.
            const ids = [...everyone];
            for (const [i, user] of users.entries()) await moveCash(t.database.db, user.userId, 'real', deposits[i]!);
            let state = await observe(ids);
            expectInvariants(state, ids, 'start');
            // The batched runs below add other currencies; this one trades only the trading currency.
            expect(state.otherCurrencies).toEqual({});
            for (const [step, action] of actions.entries()) {
              const label = `step ${step} ${JSON.stringify(action)}`;
              const { refused, after } = await run(action, users, state);
              expectInvariants(after, ids, label);
              if (refused) expect(footprint(after), `${label} was refused and changed nothing`).toEqual(footprint(state));
              count(`${action.kind}:${refused ? 'refused' : 'done'}`);
              count(`${action.kind}:closed`, state.holding.filter((p) => !after.holding.some((q) => q.id === p.id)).length);
              count(`${action.kind}:settled`, state.open.filter((o) => !after.open.some((q) => q.id === o.id)).length);
              state = after;
            }
          },
        ),
        { seed: SEED, numRuns: Math.ceil(25 * RUNS_SCALE), endOnFailure: true },
      );
      // The runs did reach what they are about (a generator that drifted would pass vacuously).
      for (const kind of ['buyContracts', 'closeContracts', 'buyOptions', 'withdraw', 'resetDemo']) {
        expect(seen.get(`${kind}:done`), kind).toBeGreaterThan(0);
        expect(seen.get(`${kind}:refused`), kind).toBeGreaterThan(0);
      }
      for (const kind of ['tick:closed', 'advance:settled', 'resetDemo:closed', 'deposit:done'])
        expect(seen.get(kind), kind).toBeGreaterThan(0);
    },
    120_000 * RUNS_SCALE,
  );

  it(
    'steps in concurrent batches (both modes, several currencies): every call answers a business code, never a 500; the ledger sums and each account moves by exactly what its answered calls moved',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(decimalArb(1_000, 20_000), { minLength: 3, maxLength: 3 }),
          fc.array(batchArb, { minLength: 3, maxLength: 8 }),
          async (deposits, batches) => {
            const users: SignedUp[] = [];
            for (let i = 0; i < 3; i++) users.push(await t.user());
            everyone.push(...users.map((u) => u.userId));
            const ids = [...everyone];
            for (const [i, user] of users.entries()) await moveCash(t.database.db, user.userId, 'real', deposits[i]!);
            let state = await observe(ids);
            expectInvariants(state, ids, 'start');
            for (const [index, batch] of batches.entries()) {
              const label = `batch ${index} ${JSON.stringify(batch)}`;
              // The calls of one batch run at once; each user stays in one mode for the batch.
              for (const [i, user] of users.entries()) await t.inMode(user, batch.modes[i]!);
              const outcomes = await Promise.all(batch.steps.map((step) => runConcurrent(step, users, batch.modes, state)));
              const after = await observe(ids);
              expectInvariants(after, ids, label);
              expectMovedBy(state, after, outcomes, label);
              for (const outcome of outcomes) count(`batch:${outcome.kind}:${outcome.code}`);
              state = after;
              if (batch.tick) {
                const { refused: _refused, after: ticked } = await run(batch.tick, users, state);
                expectInvariants(ticked, ids, `${label} tick`);
                state = ticked;
              }
            }
          },
        ),
        { seed: SEED + 1, numRuns: Math.ceil(8 * RUNS_SCALE), endOnFailure: true },
      );
      // The batches did reach what they are about: orders placed and refused at once, closes racing, other currencies moved.
      for (const name of [
        'batch:buyContracts:200',
        'batch:buyContracts:10011',
        'batch:closeContracts:200',
        'batch:buyOptions:200',
        'batch:move:200',
        'batch:move:10011',
      ])
        expect(seen.get(name), name).toBeGreaterThan(0);
      expect([...seen.keys()].filter((name) => name.startsWith('batch:move:200:')).length, 'currencies moved').toBeGreaterThan(1);
    },
    180_000 * RUNS_SCALE,
  );
});
