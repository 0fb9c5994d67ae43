import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, money } from './money.ts';
import {
  contractFee,
  contractMargin,
  liquidationPrice,
  notional,
  optionOutcome,
  optionProfit,
  pnlPercent,
  rawPnl,
  settledPnl,
  stopLossReasonable,
  takeProfitReasonable,
  triggeredClose,
  lotTermsFor,
  lotsBreach,
} from './trading-math.ts';
import { lotsWithin, LOTS_OUT_OF_BOUNDS } from './trading.ts';
import type { ContractSide } from './trading-math.ts';

// Every expected figure below is worked out by hand in the comment beside it, never by the code under test.

/** The exact decimal text of a `Money` (decimal.js `toFixed()` without places: plain notation, unrounded). */
const text = (m: Money): string => m.toFixed();

/** A positive decimal string with up to `intDigits` digits before the point and up to `places` after it. */
function positive(intDigits: number, places: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }))
    .filter(([whole, fraction]) => whole > 0n || fraction > 0n)
    .map(([whole, fraction]) => `${whole}.${fraction.toString().padStart(places, '0')}`);
}

const price = fc.oneof(positive(20, 8), positive(6, 8), positive(2, 18));
/** Lot counts: > 0, ≤ 8 places, up to MAX_LOTS (1000000). */
const lots = fc.oneof(positive(6, 8), fc.constant('1000000'), fc.constant('0.00000001'));
const contractSize = fc.constantFrom('1', '10', '100', '0.001', '0.01');
const leverage = fc.integer({ min: 1, max: 500 });
const side = fc.constantFrom<ContractSide>('buy', 'sell');
const unit = money('0.00000001');

describe('notional, margin and fee', () => {
  it('notional is exact: price × lots × size', () => {
    // 123456789012345678.12345678 × 0.00000003 = 370370367037037034.37037034 × 10^-8 = 3703703670.3703703437037034.
    expect(text(notional('123456789012345678.12345678', '0.00000003', '1'))).toBe('3703703670.3703703437037034');
  });

  it('margin is notional ÷ leverage rounded up to 8 places', () => {
    // 65432.1 × 0.00000001 = 0.000654321; ÷ 100 = 0.00000654321 → up → 0.00000655.
    expect(text(contractMargin('65432.1', '0.00000001', '1', 100))).toBe('0.00000655');
    // 12345.6789 × 0.12345678 = 1524.157763907942; × 100 = 152415.7763907942; ÷ 20 = 7620.78881953971 → 7620.78881954.
    expect(text(contractMargin('12345.6789', '0.12345678', '100', 20))).toBe('7620.78881954');
    // 3703703670.3703703437037034 ÷ 10 = 370370367.03703703437037034 → 8 places: .03703703|437… → up → .03703704.
    expect(text(contractMargin('123456789012345678.12345678', '0.00000003', '1', 10))).toBe('370370367.03703704');
    // 99999999999999999999.99999999 × 1000000 = 99999999999999999999999999.99;
    // ÷ 7: 7 × 14285714285714285714285714 = 99999999999999999999999998, remainder 1.99 ÷ 7 = 0.28428571|428… → up → .28428572.
    expect(text(contractMargin('99999999999999999999.99999999', '1000000', '1', 7))).toBe('14285714285714285714285714.28428572');
    // ÷ 3: 28 nines ÷ 3 = 28 threes, exact (no rounding).
    expect(text(contractMargin('99999999999999999999.99999999', '1000000', '1', 3))).toBe('33333333333333333333333333.33');
    // Exact already: 100 × 2 × 10 ÷ 10 = 200.
    expect(text(contractMargin('100', '2', '10', 10))).toBe('200');
  });

  it('fee is notional × fee % ÷ 100 rounded up to 8 places', () => {
    // 0.000654321 × 0.1 ÷ 100 = 0.000000654321 → up → 0.00000066.
    expect(text(contractFee('65432.1', '0.00000001', '1', '0.1'))).toBe('0.00000066');
    // 152415.7763907942 × 0.001 = 152.4157763907942 → 152.41577640 → up → 152.4157764.
    expect(text(contractFee('12345.6789', '0.12345678', '100', '0.1'))).toBe('152.4157764');
    // 3703703670.3703703437037034 × 0.001 = 3703703.6703703703437037034 → .67037037|03… → up → .67037038.
    expect(text(contractFee('123456789012345678.12345678', '0.00000003', '1', '0.1'))).toBe('3703703.67037038');
    // 99999999999999999999999999.99 × 0.001 = 99999999999999999999999.99999 (5 places, exact).
    expect(text(contractFee('99999999999999999999.99999999', '1000000', '1', '0.1'))).toBe('99999999999999999999999.99999');
    expect(text(contractFee('100', '1', '1', '0'))).toBe('0');
  });

  it('property: margin × leverage ≥ notional (and so ≥ notional rounded), by less than leverage units of the 8th place', () => {
    fc.assert(
      fc.property(price, lots, contractSize, leverage, (p, l, s, lev) => {
        const exact = money(p).times(l).times(s);
        const margin = contractMargin(p, l, s, lev);
        expect(margin.decimalPlaces()).toBeLessThanOrEqual(8);
        expect(margin.times(lev).gte(exact)).toBe(true);
        expect(margin.times(lev).gte(exact.toDecimalPlaces(8, Money.ROUND_DOWN))).toBe(true);
        expect(margin.minus(exact.div(lev)).lt(unit)).toBe(true);
      }),
    );
  });

  it('property: the fee charged is never below the exact fee and at most one unit above', () => {
    fc.assert(
      fc.property(price, lots, contractSize, positive(1, 3), (p, l, s, f) => {
        const exact = money(p).times(l).times(s).times(f).div(100);
        const fee = contractFee(p, l, s, f);
        expect(fee.gte(exact) && fee.minus(exact).lt(unit)).toBe(true);
      }),
    );
  });
});

describe('profit and loss', () => {
  it('rawPnl: a buy gains when the price rises, a sell when it falls', () => {
    // (110.5 − 100) × 0.5 × 10 = 10.5 × 5 = 52.5.
    expect(text(rawPnl('buy', '100', '110.5', '0.5', '10'))).toBe('52.5');
    expect(text(rawPnl('sell', '100', '110.5', '0.5', '10'))).toBe('-52.5');
    // (99999999999999999999.99999999 − 0.00000001) × 1000000 = 99999999999999999999.99999998 × 10^6.
    expect(text(rawPnl('sell', '99999999999999999999.99999999', '0.00000001', '1000000', '1'))).toBe('99999999999999999999999999.98');
    expect(text(rawPnl('buy', '100', '100', '3', '1'))).toBe('0');
  });

  it('settledPnl floors: a profit fraction is dropped, a loss fraction costs a whole unit', () => {
    // (1.23456788 − 1.23456789) × 0.3 = −0.000000003 → floor → −0.00000001; the sell's +0.000000003 → 0.
    expect(text(settledPnl('buy', '1.23456789', '1.23456788', '0.3', '1', '1000'))).toBe('-0.00000001');
    expect(text(settledPnl('sell', '1.23456789', '1.23456788', '0.3', '1', '1000'))).toBe('0');
    // 0.00000001 × 0.12345678 = 0.0000000012345678 → 0; the sell's −0.0000000012345678 → −0.00000001.
    expect(text(settledPnl('buy', '100', '100.00000001', '0.12345678', '1', '1000'))).toBe('0');
    expect(text(settledPnl('sell', '100', '100.00000001', '0.12345678', '1', '1000'))).toBe('-0.00000001');
    expect(text(settledPnl('buy', '100', '110.5', '0.5', '10', '1000'))).toBe('52.5');
  });

  it('settledPnl caps a loss at the margin', () => {
    // Buy: (50 − 100) × 1 × 10 = −500, margin 100 → −100. Sell: (100 − 200) × 10 = −1000 → −100.
    expect(text(settledPnl('buy', '100', '50', '1', '10', '100'))).toBe('-100');
    expect(text(settledPnl('sell', '100', '200', '1', '10', '100'))).toBe('-100');
    // Exactly the margin: (90 − 100) × 10 = −100.
    expect(text(settledPnl('buy', '100', '90', '1', '10', '100'))).toBe('-100');
    // Just inside: (90.00000001 − 100) × 10 = −99.9999999.
    expect(text(settledPnl('buy', '100', '90.00000001', '1', '10', '100'))).toBe('-99.9999999');
    // Floor past the cap: −100.000000005 floors to −100.00000001, then the cap gives −100.
    expect(text(settledPnl('buy', '100', '89.9999999995', '1', '10', '100'))).toBe('-100');
  });

  it('property: settledPnl ≥ −margin, ≤ the raw PnL unless capped, with at most 8 places', () => {
    fc.assert(
      fc.property(side, price, price, lots, contractSize, leverage, (sd, open, mark, l, s, lev) => {
        const margin = contractMargin(open, l, s, lev);
        const raw = rawPnl(sd, open, mark, l, s);
        const settled = settledPnl(sd, open, mark, l, s, margin);
        expect(settled.gte(margin.neg())).toBe(true);
        expect(settled.decimalPlaces()).toBeLessThanOrEqual(8);
        if (raw.gte(margin.neg())) expect(settled.lte(raw) && raw.minus(settled).lt(unit)).toBe(true);
        else expect(settled.eq(margin.neg())).toBe(true);
      }),
    );
  });

  it('property: a buy and a sell at the same prices mirror each other', () => {
    fc.assert(
      fc.property(price, price, lots, contractSize, (open, mark, l, s) => {
        expect(
          rawPnl('buy', open, mark, l, s)
            .plus(rawPnl('sell', open, mark, l, s))
            .isZero(),
        ).toBe(true);
      }),
    );
  });

  it('pnlPercent: PnL ÷ margin × 100, half-even to 2 places, 0 without a margin', () => {
    expect(text(pnlPercent('52.5', '1000'))).toBe('5.25');
    expect(text(pnlPercent('-1', '3'))).toBe('-33.33'); // −33.333…
    expect(text(pnlPercent('2', '3'))).toBe('66.67'); // 66.666…
    expect(text(pnlPercent('-100', '100'))).toBe('-100');
    expect(text(pnlPercent('0.00125', '1'))).toBe('0.12'); // 0.125 → even
    expect(text(pnlPercent('0.00135', '1'))).toBe('0.14'); // 0.135 → even
    expect(text(pnlPercent('1', '0'))).toBe('0');
  });
});

describe('liquidationPrice', () => {
  it('buy: open − margin × (1 − m%) ÷ (lots × size); sell: open + the same', () => {
    // 100 × 50 ÷ 100 ÷ (1 × 10) = 5 → buy 95, sell 105.
    expect(text(liquidationPrice('buy', '100', '1', '10', '100', '50'))).toBe('95');
    expect(text(liquidationPrice('sell', '100', '1', '10', '100', '50'))).toBe('105');
    // 0.00000655 × 99.5 ÷ 100 = 0.00000651725; ÷ 0.00000001 = 651.725 → 65432.1 ∓ 651.725.
    expect(text(liquidationPrice('buy', '65432.1', '0.00000001', '1', '0.00000655', '0.5'))).toBe('64780.375');
    expect(text(liquidationPrice('sell', '65432.1', '0.00000001', '1', '0.00000655', '0.5'))).toBe('66083.825');
  });

  it('keeps 18 places, half-even', () => {
    // 10 ÷ 3 = 3.333…; 100 − 3.333… = 96.666… → 18th place 6, next 6 → 96.666666666666666667.
    expect(text(liquidationPrice('buy', '100', '3', '1', '10', '0'))).toBe('96.666666666666666667');
    // 100 + 3.333… = 103.333… → 103.333333333333333333.
    expect(text(liquidationPrice('sell', '100', '3', '1', '10', '0'))).toBe('103.333333333333333333');
  });

  it('never goes below 0', () => {
    // 200 × 100 ÷ 100 ÷ 1 = 200 > 100: the buy would be liquidated at −100 → 0.
    expect(text(liquidationPrice('buy', '100', '1', '1', '200', '0'))).toBe('0');
    // Exactly 0: 100 ÷ 1 = 100.
    expect(text(liquidationPrice('buy', '100', '1', '1', '100', '0'))).toBe('0');
    // The sell side is never capped: 100 + 200 = 300.
    expect(text(liquidationPrice('sell', '100', '1', '1', '200', '0'))).toBe('300');
  });

  it('property: buy liquidation ∈ [0, open], sell liquidation ≥ open', () => {
    fc.assert(
      fc.property(price, lots, contractSize, leverage, positive(2, 2), (open, l, s, lev, m) => {
        const margin = contractMargin(open, l, s, lev);
        const buy = liquidationPrice('buy', open, l, s, margin, m);
        const sell = liquidationPrice('sell', open, l, s, margin, m);
        expect(buy.gte(0) && buy.lte(open)).toBe(true);
        expect(sell.gte(open)).toBe(true);
      }),
    );
  });
});

describe('triggeredClose', () => {
  const buy = { side: 'buy' as const, stopLoss: '97', takeProfit: '110', liquidationPrice: '95' };
  const sell = { side: 'sell' as const, stopLoss: '103', takeProfit: '90', liquidationPrice: '105' };

  it('a buy: liquidation at or below its price, stop loss at or below, take profit at or above', () => {
    expect(triggeredClose(buy, '100')).toBeNull();
    expect(triggeredClose(buy, '97.00000001')).toBeNull();
    expect(triggeredClose(buy, '97')).toBe('stopLoss');
    expect(triggeredClose(buy, '96')).toBe('stopLoss');
    expect(triggeredClose(buy, '95.00000001')).toBe('stopLoss');
    expect(triggeredClose(buy, '95')).toBe('liquidation');
    expect(triggeredClose(buy, '1')).toBe('liquidation');
    expect(triggeredClose(buy, '109.99999999')).toBeNull();
    expect(triggeredClose(buy, '110')).toBe('takeProfit');
    expect(triggeredClose(buy, '200')).toBe('takeProfit');
  });

  it('a sell: liquidation at or above its price, stop loss at or above, take profit at or below', () => {
    expect(triggeredClose(sell, '100')).toBeNull();
    expect(triggeredClose(sell, '103')).toBe('stopLoss');
    expect(triggeredClose(sell, '104.99999999')).toBe('stopLoss');
    expect(triggeredClose(sell, '105')).toBe('liquidation');
    expect(triggeredClose(sell, '1000')).toBe('liquidation');
    expect(triggeredClose(sell, '90.00000001')).toBeNull();
    expect(triggeredClose(sell, '90')).toBe('takeProfit');
    expect(triggeredClose(sell, '0.00000001')).toBe('takeProfit');
  });

  it('without stop loss and take profit only liquidation closes', () => {
    const bare = { ...buy, stopLoss: null, takeProfit: null };
    expect(triggeredClose(bare, '96')).toBeNull();
    expect(triggeredClose(bare, '1000')).toBeNull();
    expect(triggeredClose(bare, '95')).toBe('liquidation');
    const bareSell = { ...sell, stopLoss: null, takeProfit: null };
    expect(triggeredClose(bareSell, '0.00000001')).toBeNull();
    expect(triggeredClose(bareSell, '105')).toBe('liquidation');
  });

  it('tie order: liquidation, then stop loss, then take profit', () => {
    // A stop loss on the liquidation price: the price there liquidates.
    expect(triggeredClose({ ...buy, stopLoss: '95' }, '95')).toBe('liquidation');
    expect(triggeredClose({ ...sell, stopLoss: '105' }, '105')).toBe('liquidation');
    // A stop loss past the liquidation price is never reached first.
    expect(triggeredClose({ ...buy, stopLoss: '90' }, '92')).toBe('liquidation');
    // Stop loss and take profit both met (only with levels the order form refuses): stop loss wins.
    expect(triggeredClose({ ...buy, stopLoss: '105', takeProfit: '102' }, '103')).toBe('stopLoss');
    expect(triggeredClose({ ...sell, stopLoss: '98', takeProfit: '101' }, '100')).toBe('stopLoss');
  });
});

describe('stop loss and take profit reasonableness (SPEC §5.7)', () => {
  it('a buy: stop loss strictly below the open price, take profit strictly above', () => {
    expect(stopLossReasonable('buy', '100', '99.99999999')).toBe(true);
    expect(stopLossReasonable('buy', '100', '100')).toBe(false);
    expect(stopLossReasonable('buy', '100', '100.00000001')).toBe(false);
    expect(takeProfitReasonable('buy', '100', '100.00000001')).toBe(true);
    expect(takeProfitReasonable('buy', '100', '100')).toBe(false);
    expect(takeProfitReasonable('buy', '100', '99.99999999')).toBe(false);
  });

  it('a sell: stop loss strictly above, take profit strictly below', () => {
    expect(stopLossReasonable('sell', '100', '100.00000001')).toBe(true);
    expect(stopLossReasonable('sell', '100', '100')).toBe(false);
    expect(stopLossReasonable('sell', '100', '99.99999999')).toBe(false);
    expect(takeProfitReasonable('sell', '100', '99.99999999')).toBe(true);
    expect(takeProfitReasonable('sell', '100', '100')).toBe(false);
    expect(takeProfitReasonable('sell', '100', '100.00000001')).toBe(false);
  });

  it('compares past float precision', () => {
    // These two differ at the 8th place of an 18-digit integer part: equal as floats, not as decimals.
    expect(stopLossReasonable('buy', '123456789012345678.12345679', '123456789012345678.12345678')).toBe(true);
    expect(takeProfitReasonable('buy', '123456789012345678.12345679', '123456789012345678.12345678')).toBe(false);
  });
});

describe('options', () => {
  it('optionProfit: stake × payout % ÷ 100, rounded down', () => {
    expect(text(optionProfit('10', '85'))).toBe('8.5');
    expect(text(optionProfit('100', '85'))).toBe('85');
    // 1.23456789 × 0.87 = 1.0740740643 → down → 1.07407406.
    expect(text(optionProfit('1.23456789', '87'))).toBe('1.07407406');
    // 0.00000001 × 0.85 = 0.0000000085 → 0 (never rounded up to a unit the stake did not earn).
    expect(text(optionProfit('0.00000001', '85'))).toBe('0');
    // 0.00000003 × 0.5 = 0.000000015 → down → 0.00000001 (half-even would give 0.00000002).
    expect(text(optionProfit('0.00000003', '50'))).toBe('0.00000001');
    expect(text(optionProfit('99999999999999999999.99999999', '100'))).toBe('99999999999999999999.99999999');
  });

  it('optionOutcome: up wins above the open price, down below, the same price draws', () => {
    expect(optionOutcome('up', '100', '100.00000001')).toBe('won');
    expect(optionOutcome('up', '100', '99.99999999')).toBe('lost');
    expect(optionOutcome('down', '100', '99.99999999')).toBe('won');
    expect(optionOutcome('down', '100', '100.00000001')).toBe('lost');
    expect(optionOutcome('up', '100', '100.000')).toBe('draw');
    expect(optionOutcome('down', '100', '100')).toBe('draw');
    // Past float precision: 123456789012345678.12345679 > …78.
    expect(optionOutcome('up', '123456789012345678.12345678', '123456789012345678.12345679')).toBe('won');
  });

  it('property: a win profit is ≤ the exact profit by less than one unit, with at most 8 places', () => {
    fc.assert(
      fc.property(positive(12, 8), positive(3, 2), (stake, payout) => {
        const exact = money(stake).times(payout).div(100);
        const profit = optionProfit(stake, payout);
        expect(profit.lte(exact) && exact.minus(profit).lt(unit)).toBe(true);
        expect(profit.decimalPlaces()).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe('lot bounds (issue 31)', () => {
  it('states fixed terms per market type and price-scaled terms for crypto', () => {
    // forex, futures, metals: 0.01 … 100 in steps of 0.01; stocks and ETFs: 0.1 … 10,000 in steps of 0.1.
    expect(lotTermsFor(1, '1.0850')).toEqual({ min: '0.01', step: '0.01', max: '100' });
    expect(lotTermsFor(4, '75')).toEqual({ min: '0.01', step: '0.01', max: '100' });
    expect(lotTermsFor(5, '2300')).toEqual({ min: '0.01', step: '0.01', max: '100' });
    expect(lotTermsFor(3, '190')).toEqual({ min: '0.1', step: '0.1', max: '10000' });
    expect(lotTermsFor(6, '500')).toEqual({ min: '0.1', step: '0.1', max: '10000' });
    // BTC at 62,000: 0.00001 is worth 0.62 (< 1 USD), 0.0001 is worth 6.2 → min = step = 0.0001, max 10^7 steps = 1000.
    expect(lotTermsFor(2, '62000')).toEqual({ min: '0.0001', step: '0.0001', max: '1000' });
    // A coin at 1 USD: 1 lot is worth 1 → min 1, max 10,000,000.
    expect(lotTermsFor(2, '1')).toEqual({ min: '1', step: '1', max: '10000000' });
    // At 0.00001 USD: 100,000 coins are worth 1 → min 100,000; 10^7 steps would be 10^12 = MAX_LOTS.
    expect(lotTermsFor(2, '0.00001')).toEqual({ min: '100000', step: '100000', max: '1000000000000' });
  });

  it('names the breach: below the minimum, off the step, above the maximum; none on the bounds', () => {
    const terms = { min: '0.01', step: '0.01', max: '100' };
    expect(lotsBreach('0.0000001', terms)).toBe('below');
    expect(lotsBreach('0.009', terms)).toBe('below');
    expect(lotsBreach('0.015', terms)).toBe('step');
    expect(lotsBreach('1.001', terms)).toBe('step');
    expect(lotsBreach('100.01', terms)).toBe('above');
    expect(lotsBreach('0.01', terms)).toBeNull();
    expect(lotsBreach('100', terms)).toBeNull();
    expect(lotsBreach('37.25', terms)).toBeNull();
  });

  it('the shared schema refuses lots outside the terms with the bounds message, and passes those inside', () => {
    const schema = lotsWithin({ min: '0.1', step: '0.1', max: '10000' });
    for (const lots of ['0.05', '0.15', '10000.1']) {
      const result = schema.safeParse(lots);
      expect(result.success, lots).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOTS_OUT_OF_BOUNDS);
    }
    expect(schema.safeParse(' 0.1 ').data).toBe('0.1');
    expect(schema.safeParse('10000').success).toBe(true);
    // A lot count that is not a number at all keeps its own message.
    expect(schema.safeParse('abc').error?.issues[0]?.message).toBe('validation.quantityInvalid');
  });
});
