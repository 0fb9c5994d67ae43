import { z } from 'zod';
import { MAX_AMOUNT_DIGITS, money } from './money.ts';
import { V } from './validation-keys.ts';

/**
 * The currencies of the platform, declared once (ARCHITECTURE "Money"). The database holds the same
 * list in its `currencies` table (seeded by a migration; a test checks they agree): ledger accounts and
 * transfers reference it by foreign key, and the database refuses an amount with more places than its
 * currency accepts.
 *
 * - `places`: the most decimal places an amount of it may have (SPEC §5.10: at most 8); an amount with
 *   more is refused (`CURRENCY_CODES.tooManyPlaces`), never rounded.
 * - `displayPlaces`: the places shown by default (an amount with more shows them all, up to `places`).
 * - `networks`: the chains it is deposited and withdrawn on (none for USD, the trading currency).
 */
export const CURRENCIES = [
  { code: 'USD', places: 8, displayPlaces: 2, networks: [] },
  { code: 'USDT', places: 6, displayPlaces: 2, networks: ['ERC-20', 'TRC-20'] },
  { code: 'BTC', places: 8, displayPlaces: 8, networks: ['Bitcoin'] },
  { code: 'ETH', places: 8, displayPlaces: 6, networks: ['Ethereum'] },
] as const satisfies readonly { code: string; places: number; displayPlaces: number; networks: readonly string[] }[];

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export type Currency = (typeof CURRENCIES)[number];

/** The currency codes, in table order. */
export const CURRENCY_CODES_LIST = CURRENCIES.map((c) => c.code) as readonly CurrencyCode[];

/** True for a code of the currency table. */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return CURRENCIES.some((c) => c.code === code);
}

/** The table row of a currency; throws for a code that is not in the table. */
export function currencyOf(code: string): Currency {
  const found = CURRENCIES.find((c) => c.code === code);
  if (!found) throw new Error(`unknown currency ${code}`);
  return found;
}

/** True when `text` (a decimal string) has no more places than `currency` accepts. */
export function fitsCurrency(text: string, currency: string): boolean {
  return money(text).decimalPlaces() <= currencyOf(currency).places;
}

/**
 * The message key that names a currency and its places ("A BTC amount has at most 8 decimal places."):
 * what a form shows, and what the server's `CURRENCY_CODES.tooManyPlaces` answer carries in `result.key`.
 */
export function tooManyPlacesKey(currency: CurrencyCode): string {
  return `validation.amountPlaces.${currency}`;
}

const PLAIN_AMOUNT = new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d+)?$`);

/**
 * A form field of an amount in `currency`: a plain decimal > 0, at most 20 digits before the point and
 * at most the currency's places after it. Too many places is its own message (naming the currency and
 * its places), never rounded away.
 */
export const amountIn = (currency: CurrencyCode, emptyKey: string = V.amountRequired) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey })
    .refine((text) => PLAIN_AMOUNT.test(text) && money(text).gt(0), { error: V.amountInvalid, abort: true })
    .refine((text) => fitsCurrency(text, currency), { error: tooManyPlacesKey(currency) });
