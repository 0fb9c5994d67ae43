import { formatAmount, formatDateTime, useLanguage } from '@meridian/platform';

/** The page's money and time formats in the reader's language: amounts stay decimal strings (never floats). */
export function useFormat(currency: string) {
  const lang = useLanguage();
  return {
    money: (value: string) => formatAmount(value, currency, lang),
    dateTime: (value: string) => formatDateTime(value, lang),
  };
}

/** The chains by their own names (brand names, the same in every language). */
export const CHAIN_NAMES = { ethereum: 'Ethereum', tron: 'TRON', polygon: 'Polygon' } as const;
