import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import {
  candlesQuery,
  candlesResult,
  homeStatistics,
  listMarketQuery,
  listMarketResult,
  marketIdParams,
  marketInfo,
  watchlistBody,
  watchlistResult,
} from '../market.ts';

const INDEX = `${CUSTOMER_API}/index` as const;
const USER = `${CUSTOMER_API}/user` as const;

/** The market calls of the `index` group (SPEC §6), for anyone, and the signed-in user's watchlist. */
export const marketEndpoints = defineEndpoints('market', {
  listMarketByType: {
    method: 'GET',
    path: `${INDEX}/listMarketByType`,
    summary: 'The listed instruments of one market type (or all), with their latest prices, searched, sorted and paged',
    query: listMarketQuery,
    result: listMarketResult,
    callers: 'anonymous',
  },
  getKValueByCodeAndDate: {
    method: 'GET',
    path: `${INDEX}/getKValueByCodeAndDate`,
    summary: 'The candles of an instrument over a time range, oldest first',
    query: candlesQuery,
    result: candlesResult,
    callers: 'anonymous',
    limited: true,
    refusals: { 404: z.null() },
  },
  getMarketInfo: {
    method: 'GET',
    path: `${INDEX}/getMarketInfo/:id`,
    summary: "An instrument's latest price, 24-hour figures and trading session",
    params: marketIdParams,
    result: marketInfo,
    callers: 'anonymous',
    refusals: { 404: z.null() },
  },
  getHomeStatistics: {
    method: 'GET',
    path: `${INDEX}/getHomeStatistics`,
    summary: "The home page's figures: listed instruments, registered users, 24-hour volume and the trading fee",
    result: homeStatistics,
    callers: 'anonymous',
  },
  listWatchlist: {
    method: 'GET',
    path: `${USER}/listWatchlist`,
    summary: 'The ids of the instruments the user watches, oldest first',
    result: watchlistResult,
    callers: 'customer',
  },
  addWatchlist: {
    method: 'POST',
    path: `${USER}/addWatchlist`,
    summary: "Adds an instrument to the user's watchlist (code 10098 when the list is full)",
    body: watchlistBody,
    result: watchlistResult,
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  removeWatchlist: {
    method: 'POST',
    path: `${USER}/removeWatchlist`,
    summary: "Removes an instrument from the user's watchlist",
    body: watchlistBody,
    result: watchlistResult,
    callers: 'customer',
  },
});
