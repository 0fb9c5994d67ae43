import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMoney, isAmount, money, moneyString, toPay, toPnl, toReceive, toStore } from './money.ts';
import type { Money } from './money.ts';

// Every expected figure below is worked out by hand in the comment beside it, never by the code under test.

/** The exact decimal text of a `Money` (decimal.js `toFixed()` without places: plain notation, unrounded). */
const text = (m: Money): string => m.toFixed();

/** A decimal string with up to `intDigits` digits before the point and exactly `places` after it (so trailing zeros too). */
function decimalText(intDigits: number, places: number, signed = true): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }),
    )
    .map(([negative, whole, fraction]) => `${signed && negative ? '-' : ''}${whole}.${fraction.toString().padStart(places, '0')}`);
}

/** The canonical form of a plain decimal string, by string rules only: no trailing zeros, no bare point, no "-0". */
function canonical(s: string): string {
  let out = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  out = out.replace(/^(-?)0+(?=\d)/, '$1');
  return out === '-0' ? '0' : out;
}

/** A `numeric(38,18)` value: 20 digits before the point, 18 after. */
const numeric38 = decimalText(20, 18);

describe('money: exact decimal arithmetic', () => {
  it('refuses a JavaScript number at run time (and by type): 0.1 + 0.2 never becomes an amount', () => {
    const untyped = money as (value: unknown) => Money;
    expect(() => untyped(0.1 + 0.2)).toThrow(TypeError);
    expect(() => untyped(0)).toThrow(/decimal string/);
    expect(() => (toPay as (value: unknown) => Money)(1)).toThrow(TypeError);
    // @ts-expect-error a number is not a MoneyInput
    expect(() => money(5)).toThrow(TypeError);
    expect(money('0.3').toFixed()).toBe('0.3');
    expect(money(money('7')).toFixed()).toBe('7');
  });

  it("adds the issue's example exactly (a float would give 123456789012345680)", () => {
    // 123456789012345678.12345678 + 0.00000001: only the 8th place moves, 8 → 9.
    expect(text(money('123456789012345678.12345678').plus('0.00000001'))).toBe('123456789012345678.12345679');
    // And back: − 0.00000001 undoes it.
    expect(text(money('123456789012345678.12345679').minus('0.00000001'))).toBe('123456789012345678.12345678');
  });

  it('multiplies numeric(38,18) values without losing a digit', () => {
    // A = 10^20 − 10^-18 (the largest numeric(38,18)); A² = 10^40 − 2·10^2 + 10^-36
    //   = 37 nines, then 800, then a point, 35 zeros and a 1 (76 significant digits < 80).
    const a = '99999999999999999999.999999999999999999';
    expect(text(money(a).times(a))).toBe(`${'9'.repeat(37)}800.${'0'.repeat(35)}1`);
    // x × 10^-18 moves the point 18 places left: 20 + 18 = 38 digits after it.
    const x = '12345678901234567890.123456789012345678';
    expect(text(money(x).times('0.000000000000000001'))).toBe('12.345678901234567890123456789012345678');
    // 0.000000000000000001² = 10^-36.
    expect(text(money('0.000000000000000001').times('0.000000000000000001'))).toBe(`0.${'0'.repeat(35)}1`);
  });

  it('divides numeric(38,18) values without loss where the quotient terminates', () => {
    // x ÷ 0.000000000000000002 = x × 5·10^17 = 12345678901234567890.123456789012345678 × 500000000000000000
    //   = 6172839450617283945.061728394506172839 × 10^18 = 6172839450617283945061728394506172839.
    const x = '12345678901234567890.123456789012345678';
    expect(text(money(x).div('0.000000000000000002'))).toBe('6172839450617283945061728394506172839');
    // A ÷ 10^-18 = 10^38 − 1: 38 nines.
    expect(text(money('99999999999999999999.999999999999999999').div('0.000000000000000001'))).toBe('9'.repeat(38));
    // 1 ÷ 3 keeps 80 significant digits: 0. and 80 threes.
    expect(text(money('1').div(3))).toBe(`0.${'3'.repeat(80)}`);
  });

  it('property: (a × b) ÷ b = a and (a + b) − b = a for numeric(38,18) values', () => {
    fc.assert(
      fc.property(numeric38, numeric38, (a, b) => {
        expect(money(a).plus(b).minus(b).eq(a)).toBe(true);
        if (money(b).isZero()) return;
        // The product has at most 76 significant digits, so it is exact and the division gives a back.
        expect(money(a).times(b).div(b).eq(a)).toBe(true);
      }),
    );
  });
});

describe('money: rounding named by purpose, at the 8th place', () => {
  it('toPay rounds away from zero', () => {
    expect(text(toPay('1.000000001'))).toBe('1.00000001'); // a 9th-place 1 lifts the 8th
    expect(text(toPay('1.00000001'))).toBe('1.00000001'); // already 8 places: unchanged
    expect(text(toPay('0.000000000000000001'))).toBe('0.00000001'); // any dust costs a whole unit
    expect(text(toPay('2.123456789999'))).toBe('2.12345679');
    expect(text(toPay('-1.000000001'))).toBe('-1.00000001'); // away from zero on the negative side
    expect(text(toPay('1.001', 2))).toBe('1.01'); // other places when asked
  });

  it('toReceive rounds toward zero', () => {
    expect(text(toReceive('1.000000019'))).toBe('1.00000001');
    expect(text(toReceive('1.00000001'))).toBe('1.00000001');
    expect(text(toReceive('0.000000009'))).toBe('0');
    expect(text(toReceive('-1.000000019'))).toBe('-1.00000001'); // toward zero on the negative side
    expect(text(toReceive('1.019', 2))).toBe('1.01');
  });

  it('toPnl rounds toward minus infinity: a profit down, a loss up in size', () => {
    expect(text(toPnl('1.000000019'))).toBe('1.00000001');
    expect(text(toPnl('0.000000009'))).toBe('0');
    expect(text(toPnl('-1.000000001'))).toBe('-1.00000001'); // a 9th-place loss floors to a whole unit
    expect(text(toPnl('-1.000000011'))).toBe('-1.00000002'); // −1.000000011 floors to −1.00000002
    expect(text(toPnl('-0.000000001'))).toBe('-0.00000001'); // the smallest loss costs a whole unit
    expect(text(toPnl('-2.5'))).toBe('-2.5'); // exact at 8 places: unchanged
  });

  it('toStore rounds half-even to 18 places', () => {
    // 0.5·10^-18 → 0 (even), 1.5·10^-18 → 2·10^-18, 2.5·10^-18 → 2·10^-18 (even), 2.51·10^-18 → 3·10^-18.
    expect(text(toStore('0.0000000000000000005'))).toBe('0');
    expect(text(toStore('0.0000000000000000015'))).toBe('0.000000000000000002');
    expect(text(toStore('0.0000000000000000025'))).toBe('0.000000000000000002');
    expect(text(toStore('0.00000000000000000251'))).toBe('0.000000000000000003');
    expect(text(toStore('-0.0000000000000000015'))).toBe('-0.000000000000000002');
  });

  const anyValue = fc.oneof(decimalText(20, 18), decimalText(3, 30), decimalText(20, 8));
  const places = (m: Money) => m.decimalPlaces();
  const unit = money('0.00000001');

  it('property: toPay(x) ≥ x ≥ toReceive(x) for x ≥ 0, both within one unit of the 8th place', () => {
    fc.assert(
      fc.property(decimalText(20, 18, false), (x) => {
        const pay = toPay(x);
        const receive = toReceive(x);
        expect(pay.gte(x) && money(x).gte(receive)).toBe(true);
        expect(places(pay)).toBeLessThanOrEqual(8);
        expect(places(receive)).toBeLessThanOrEqual(8);
        expect(pay.minus(x).lt(unit) && money(x).minus(receive).lt(unit)).toBe(true);
      }),
    );
  });

  it('property: |toPay(x)| ≥ |x| ≥ |toReceive(x)| for any sign (paying rounds away from zero)', () => {
    fc.assert(
      fc.property(anyValue, (x) => {
        expect(toPay(x).abs().gte(money(x).abs())).toBe(true);
        expect(money(x).abs().gte(toReceive(x).abs())).toBe(true);
      }),
    );
  });

  it('property: toPnl(x) ≤ x, less than one unit below, with at most 8 places', () => {
    fc.assert(
      fc.property(anyValue, (x) => {
        const pnl = toPnl(x);
        expect(pnl.lte(x)).toBe(true);
        expect(money(x).minus(pnl).lt(unit)).toBe(true);
        expect(places(pnl)).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe('moneyString', () => {
  it('writes a plain decimal: no exponent, no trailing zeros, no negative zero', () => {
    expect(moneyString('1.500')).toBe('1.5');
    expect(moneyString('-0')).toBe('0');
    expect(moneyString('0.000')).toBe('0');
    expect(moneyString('1e-30')).toBe(`0.${'0'.repeat(29)}1`);
    expect(moneyString('1e25')).toBe(`1${'0'.repeat(25)}`);
    expect(moneyString('123456789012345678.12345679')).toBe('123456789012345678.12345679');
    expect(moneyString(money('99999999999999999999.999999999999999999'))).toBe('99999999999999999999.999999999999999999');
  });

  it('property: moneyString round-trips through money() and matches the canonical text', () => {
    fc.assert(
      fc.property(fc.oneof(numeric38, decimalText(20, 8), decimalText(2, 40)), (s) => {
        const out = moneyString(s);
        expect(out).toBe(canonical(s));
        expect(out).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(money(out).eq(s)).toBe(true);
        expect(moneyString(money(out))).toBe(out);
      }),
    );
  });
});

describe('compareMoney', () => {
  it('compares exactly, past what a float can tell apart', () => {
    expect(compareMoney('123456789012345678.12345678', '123456789012345678.12345679')).toBe(-1);
    expect(compareMoney('1.10', '1.1')).toBe(0);
    expect(compareMoney('-0.00000001', '0')).toBe(-1);
    expect(compareMoney('0.000000000000000002', '0.000000000000000001')).toBe(1);
  });
});

describe('isAmount (what a user may send)', () => {
  it('accepts > 0 with ≤ 8 places and ≤ 20 digits before the point', () => {
    expect(isAmount('0.00000001')).toBe(true); // the smallest amount
    expect(isAmount('1')).toBe(true);
    expect(isAmount('1.12345678')).toBe(true);
    expect(isAmount('99999999999999999999')).toBe(true); // 20 digits
    expect(isAmount('99999999999999999999.99999999')).toBe(true); // 20 + 8: the largest
  });

  it('refuses zero, 9 places, 21 digits and anything but a plain positive decimal', () => {
    for (const bad of [
      '0',
      '0.0',
      '0.00000000',
      '0.000000001', // 9 places
      '1.123456789', // 9 places
      '100000000000000000000', // 21 digits
      '123456789012345678901.5',
      '1e5',
      '1E5',
      ' 1',
      '1 ',
      '-1',
      '+1',
      '.5',
      '1.',
      '1,5',
      '',
      'NaN',
      'Infinity',
      '0x10',
    ]) {
      expect(isAmount(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes fewer places when asked', () => {
    expect(isAmount('1.23', 2)).toBe(true);
    expect(isAmount('1.234', 2)).toBe(false);
    expect(isAmount('0.001', 2)).toBe(false);
  });

  it('property: a generated plain decimal is an amount exactly when it is > 0', () => {
    fc.assert(
      fc.property(decimalText(20, 8, false), (s) => {
        expect(isAmount(s)).toBe(!/^0\.0+$/.test(s));
      }),
    );
  });
});
