import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExchangeQuoteBody } from '@meridian/contracts';
import { exchangeEndpoints as exchange } from '@meridian/contracts/endpoints/exchange';
import type { ApiClient } from '@meridian/platform';
import { accountKeys } from '../../../api/account-queries.ts';

/** The flash exchange calls (SPEC §6 `flash-exchange/submit`, with its quote first). */
export const exchangeApi = {
  quote: (api: ApiClient, body: ExchangeQuoteBody) => api.call(exchange.quoteExchange, { body }),
  submit: (api: ApiClient, quoteId: string, idempotencyKey: string) =>
    api.call(exchange.submitExchange, { body: { quoteId }, idempotencyKey }),
};

export const exchangeQueries = {
  /** One page of the user's exchanges; a new one refreshes them (`userFunding`). */
  exchanges: (api: ApiClient, userId: string | null, page: number) =>
    queryOptions({
      queryKey: [...accountKeys.funding(userId), 'exchanges', page] as const,
      queryFn: ({ signal }) => api.call(exchange.listExchanges, { query: { page }, signal }),
      enabled: userId !== null,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};
