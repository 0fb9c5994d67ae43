// Zod-free: the flash exchange's constants and its quote math (the schemas are in exchange.ts), so the
// client previews with the very formulas the API applies.
import { currencyOf } from './currencies.ts';
import type { CurrencyCode } from './currencies.ts';
import { STORE_PLACES, money, toPay, toReceive } from './money.ts';
import type { Money, MoneyInput } from './money.ts';

/**
 * Flash exchange (SPEC §1, §3, §5.4): the real account's crypto for USD or USD for crypto, at the live
 * price, for a stated percentage fee (`flash_exchange_fee_percent`) taken in the currency given. A quote
 * states the rate, the fee and what is received; it holds for `EXCHANGE_QUOTE_TTL_MS` and is used once.
 */

/** The crypto side of a pair: the funded currencies. */
export const EXCHANGE_CRYPTO = ['USDT', 'BTC', 'ETH'] as const satisfies readonly CurrencyCode[];
/** Every currency of a pair: USD and the crypto it is exchanged with. */
export const EXCHANGE_CURRENCIES = ['USD', ...EXCHANGE_CRYPTO] as const satisfies readonly CurrencyCode[];
export type ExchangeCurrency = (typeof EXCHANGE_CURRENCIES)[number];

/** True for a pair the exchange offers: crypto → USD or USD → crypto (never crypto ↔ crypto, never X → X). */
export function isExchangePair(from: string, to: string): boolean {
  const crypto = EXCHANGE_CRYPTO as readonly string[];
  return (from === 'USD' && crypto.includes(to)) || (to === 'USD' && crypto.includes(from));
}

/**
 * The smallest amount an exchange may give (SPEC §5.4: BTC 0.001, ETH 0.1, USD 100). USDT is not named by
 * the SPEC: it takes USDT's withdrawal minimum, 10, so a USD balance of 10 or more can always become USDT
 * and leave (SPEC §0 rule 8: no further deposit is ever needed to withdraw).
 */
export const EXCHANGE_MIN_RECEIVE: Record<ExchangeCurrency, string> = { USD: '100', USDT: '10', BTC: '0.001', ETH: '0.1' };

/** The minimums as the i18n default variables the messages name (`{{exchangeMinimumBTC}}` …). */
export const EXCHANGE_MESSAGE_VARIABLES = {
  exchangeMinimumUSD: EXCHANGE_MIN_RECEIVE.USD,
  exchangeMinimumUSDT: EXCHANGE_MIN_RECEIVE.USDT,
  exchangeMinimumBTC: EXCHANGE_MIN_RECEIVE.BTC,
  exchangeMinimumETH: EXCHANGE_MIN_RECEIVE.ETH,
} as const;

/** The message keys of the exchange form (the `common` namespace, like every validation message). */
export const EXCHANGE_KEYS = {
  /** Not a pair the exchange offers (crypto ↔ USD only). */
  pair: 'validation.exchangePair',
  /** What the amount would give is below the receiving currency's minimum. */
  minimumReceive: (currency: ExchangeCurrency) => `validation.exchangeMinimum.${currency}`,
} as const;

/** How long a quote holds (its rate and fee): 30 s, then a new quote is needed. */
export const EXCHANGE_QUOTE_TTL_MS = 30_000;

/** Places of a rate (the database's `numeric(38,18)`): a rate is rounded down to them. */
export const EXCHANGE_RATE_PLACES = STORE_PLACES;

/** Exchanges per page of the caller's list. */
export const EXCHANGES_PAGE_SIZE = 20;

/**
 * The rate: how many units of `to` one unit of `from` buys at the live USD prices (`fromUsd` / `toUsd`),
 * rounded down to `EXCHANGE_RATE_PLACES`, so that no rounding gives more than the prices do. Null when a
 * price is missing or not above 0 (no rate can be quoted).
 */
export function exchangeRate(fromUsd: MoneyInput | undefined, toUsd: MoneyInput | undefined): Money | null {
  if (fromUsd === undefined || toUsd === undefined) return null;
  const from = money(fromUsd);
  const to = money(toUsd);
  if (!from.gt(0) || !to.gt(0)) return null;
  return toReceive(from.div(to), EXCHANGE_RATE_PLACES);
}

/** The fee of exchanging `amount` of `from`: `feePercent` of it, rounded up to the places of `from` (the user pays it). */
export function exchangeFee(amount: MoneyInput, feePercent: MoneyInput, from: ExchangeCurrency): Money {
  return toPay(money(amount).times(feePercent).div(100), currencyOf(from).places);
}

/** What is received for `amount` of `from` less `fee`, at `rate`: rounded down to the places of `to` (the user receives it). */
export function exchangeReceived(amount: MoneyInput, fee: MoneyInput, rate: MoneyInput, to: ExchangeCurrency): Money {
  const net = money(amount).minus(fee);
  if (!net.gt(0)) return money('0');
  return toReceive(net.times(rate), currencyOf(to).places);
}

/** The figures of a quote, as the API states them and the client previews them. */
export interface ExchangeFigures {
  fee: Money;
  received: Money;
}

/**
 * A quote's figures: the fee in `from` (rounded up), then what the rest gives in `to` at `rate` (rounded
 * down). `received` is never more than (amount − fee) × rate.
 */
export function quoteExchange(quote: {
  from: ExchangeCurrency;
  to: ExchangeCurrency;
  amount: MoneyInput;
  rate: MoneyInput;
  feePercent: MoneyInput;
}): ExchangeFigures {
  const fee = exchangeFee(quote.amount, quote.feePercent, quote.from);
  return { fee, received: exchangeReceived(quote.amount, fee, quote.rate, quote.to) };
}

/** True when `received` reaches the minimum of the receiving currency (SPEC §5.4). */
export function meetsExchangeMinimum(to: ExchangeCurrency, received: MoneyInput): boolean {
  return money(received).gte(EXCHANGE_MIN_RECEIVE[to]);
}
