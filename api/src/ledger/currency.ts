import { CURRENCIES, CURRENCY_CODES, isCurrencyCode, money, tooManyPlacesKey } from '@meridian/contracts';
import type { Money } from '@meridian/contracts';
import { ApiFailure } from '../plugins/envelope.ts';

/** Every currency code of the table (`CURRENCIES` of @meridian/contracts): the platform opens its accounts in each. */
export const CURRENCY_LIST: readonly string[] = CURRENCIES.map((c) => c.code);

/**
 * An amount with more decimal places than its currency accepts (the currency table): refused with code
 * 10111 before anything is written, never rounded. `result` names the currency, its places and the
 * message key that says so in the user's language.
 */
export class TooManyPlaces extends ApiFailure {
  constructor(currency: string, places: number) {
    const key = isCurrencyCode(currency) ? tooManyPlacesKey(currency) : 'errors.10111';
    super(CURRENCY_CODES.tooManyPlaces, key, 200, undefined, { currency, places, key });
  }
}

/**
 * Checks amounts of one currency against the table: an unknown currency is a programming error; an
 * amount with more places than the currency accepts is `TooManyPlaces` (10111).
 */
export function checkPlaces(currency: string, amounts: readonly Money[]): void {
  const known = CURRENCIES.find((c) => c.code === currency);
  if (!known) throw new Error(`currency ${currency} is not in the currency table`);
  for (const amount of amounts) if (amount.decimalPlaces() > known.places) throw new TooManyPlaces(currency, known.places);
}

/** The live price in USD of one unit of a currency; undefined when no market prices it. */
export type UsdPrices = (currency: string) => Money | undefined;

/** What `marketUsdPrices` reads: the catalogue's instrument of a code and the book's last price of an id. */
export interface PriceSource {
  catalogue: { byCode(code: string): { id: number } | undefined };
  book: { price(id: number): { toFixed(): string } | undefined };
}

/**
 * Live USD prices from the market service: USD is 1; a currency quoted against USD (`X/USD`) takes that
 * price; one quoted against USDT (`BTC/USDT`) takes it times USDT's price, which is its own `USDT/USD`
 * market when there is one, else 1 (USDT is pegged). Prices move: what they give is an estimate.
 */
export function marketUsdPrices(source: PriceSource): UsdPrices {
  const quote = (code: string): Money | undefined => {
    const instrument = source.catalogue.byCode(code);
    const price = instrument ? source.book.price(instrument.id) : undefined;
    return price ? money(price.toFixed()) : undefined;
  };
  const usdt = (): Money => quote('USDT/USD') ?? money('1');
  return (currency) => {
    if (currency === 'USD') return money('1');
    if (currency === 'USDT') return usdt();
    const direct = quote(`${currency}/USD`);
    if (direct) return direct;
    const viaUsdt = quote(`${currency}/USDT`);
    return viaUsdt ? viaUsdt.times(usdt()) : undefined;
  };
}
