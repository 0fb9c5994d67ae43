import DecimalJs from 'decimal.js';

/**
 * The one money module of web and API. Money travels as a decimal string, is `numeric(38,18)` in the
 * database and a `Money` in code, never a JavaScript number.
 *
 * `Money` is a decimal.js clone with 80 significant digits: a product of two `numeric(38,18)` values
 * has at most 76, so no intermediate result of one formula loses a digit. Results are rounded only
 * where a rule says so, with the rounding named by what the figure is for:
 *  - what the user pays (margin, fees, stakes they are charged) rounds **up** to the cent-of-crypto
 *    (8 places): `toPay`;
 *  - what the user receives (payouts, released amounts, interest earned) rounds **down**: `toReceive`;
 *  - a profit or loss that can go either way rounds toward minus infinity (`toPnl`): a profit is
 *    rounded down and a loss rounded up in size, so the user is never credited a fraction the
 *    prices did not earn;
 *  - prices keep the places of the instrument's tick and are never rounded by money rules.
 */
export const Money = DecimalJs.clone({
  precision: 80,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Money = InstanceType<typeof Money>;
/** A decimal string or a `Money`; never a JavaScript number (a float cannot carry an exact amount). */
export type MoneyInput = Money | string;

/** Places of every amount a user sends, pays or receives (SPEC §5.10: ≤ 8 decimals). */
export const MONEY_PLACES = 8;
/** Places the database keeps (`numeric(38,18)`): prices and intermediate figures. */
export const STORE_PLACES = 18;
/** The largest amount a user may send: 20 digits before the point (fits `numeric(38,18)`). */
export const MAX_AMOUNT_DIGITS = 20;

/**
 * A `Money` from a decimal string (or a `Money`). A JavaScript number is refused, by the type and at run
 * time (an untyped caller, JSON parsed into numbers): `money('0.1')`, never `money(0.1)`.
 */
export function money(value: MoneyInput): Money {
  if (typeof value === 'number') throw new TypeError(`money() takes a decimal string, not the number ${String(value)}`);
  return new Money(value);
}

/** What the user pays: rounded up (away from zero) to `places`. */
export function toPay(value: MoneyInput, places = MONEY_PLACES): Money {
  return money(value).toDecimalPlaces(places, Money.ROUND_UP);
}

/** What the user receives: rounded down (toward zero) to `places`. */
export function toReceive(value: MoneyInput, places = MONEY_PLACES): Money {
  return money(value).toDecimalPlaces(places, Money.ROUND_DOWN);
}

/** A profit or loss: rounded toward minus infinity, so neither side of a loss or profit is flattered. */
export function toPnl(value: MoneyInput, places = MONEY_PLACES): Money {
  return money(value).toDecimalPlaces(places, Money.ROUND_FLOOR);
}

/** A figure kept in the database: rounded half-even to the column's 18 places. */
export function toStore(value: MoneyInput): Money {
  return money(value).toDecimalPlaces(STORE_PLACES, Money.ROUND_HALF_EVEN);
}

/** The plain decimal string of a value (no exponent, no trailing zeros): what goes on the wire. */
export function moneyString(value: MoneyInput): string {
  const d = money(value);
  return d.isZero() ? '0' : d.toFixed();
}

const AMOUNT_PATTERN = new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d{1,${MONEY_PLACES}})?$`);

/** True for an amount a user may send: a plain decimal > 0 with at most 8 places and 20 digits before the point. */
export function isAmount(text: string, places = MONEY_PLACES): boolean {
  if (!AMOUNT_PATTERN.test(text)) return false;
  const d = money(text);
  return d.gt(0) && d.decimalPlaces() <= places;
}

/** Compares two decimal strings exactly (−1, 0, 1). */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  return money(a).comparedTo(b) as -1 | 0 | 1;
}
