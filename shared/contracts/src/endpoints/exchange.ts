import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { accountModeChangedResult } from '../accounts.ts';
import {
  exchangeQuoteBody,
  exchangeQuoteResult,
  exchangeView,
  listExchangesQuery,
  listExchangesResult,
  submitExchangeBody,
} from '../exchange.ts';

const FLASH = `${CUSTOMER_API}/flash-exchange` as const;

/** Flash exchange of the real account (SPEC §1, §5.4, §6): crypto ↔ USD at the live price, a quote first. */
export const exchangeEndpoints = defineEndpoints('exchange', {
  quoteExchange: {
    method: 'POST',
    path: `${FLASH}/quote`,
    summary:
      'Quotes an exchange (crypto ↔ USD) at the live price: the rate, the fee and what is received, held for 30 s. Real account only',
    body: exchangeQuoteBody,
    result: exchangeQuoteResult,
    callers: 'customer',
    accountMode: true,
    limited: true,
    // 409: the other account mode is in use (its `mode`), or a refusal of the quote itself (10120, 10124: null).
    refusals: { 409: accountModeChangedResult.nullable() },
  },
  submitExchange: {
    method: 'POST',
    path: `${FLASH}/submit`,
    summary:
      "Carries out one of the caller's quotes, unused and not expired, with exactly its figures: the amount and fee leave the currency given, what is received arrives in the other. Real account only",
    body: submitExchangeBody,
    result: exchangeView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 404: no such quote of the caller's. 409: the other account mode (its `mode`), or the quote expired or used (null).
    refusals: { 404: z.null(), 409: accountModeChangedResult.nullable() },
  },
  listExchanges: {
    method: 'GET',
    path: `${FLASH}/list`,
    summary: "The caller's flash exchanges, newest first, a page at a time",
    query: listExchangesQuery,
    result: listExchangesResult,
    callers: 'customer',
  },
});
