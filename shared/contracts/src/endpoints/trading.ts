import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { accountModeRefused } from '../accounts.ts';
import {
  buyContractsBody,
  buyOptionsBody,
  closeContractsResult,
  contractOrder,
  listOptionsOrderQuery,
  listOptionsOrderResult,
  listOrderQuery,
  listOrderResult,
  optionsOrder,
  orderIdParams,
  tradingTerms,
} from '../trading.ts';

const ORDER = `${CUSTOMER_API}/order` as const;
const instrumentParams = z.object({ instrumentId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The order group of SPEC §6: contracts and options of the signed-in user, in the account mode the user chose. */
export const tradingEndpoints = defineEndpoints('trading', {
  getTradingTerms: {
    method: 'GET',
    path: `${ORDER}/getTradingTerms/:instrumentId`,
    summary: 'The trading terms of an instrument: fee, margins, leverages, lot bounds and its options products',
    params: instrumentParams,
    result: tradingTerms,
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  buyContracts: {
    method: 'POST',
    path: `${ORDER}/buyContracts`,
    summary: 'Opens a leveraged position at the market, or places a limit order whose margin and fee are held',
    body: buyContractsBody,
    result: contractOrder,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    refusals: accountModeRefused,
  },
  closeContracts: {
    method: 'POST',
    path: `${ORDER}/closeContracts/:id`,
    summary: 'Closes an open position at the current price',
    params: orderIdParams,
    result: closeContractsResult,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    refusals: accountModeRefused,
  },
  cancelOrder: {
    method: 'POST',
    path: `${ORDER}/cancelOrder/:id`,
    summary: 'Cancels a pending limit order; its hold goes back to cash',
    params: orderIdParams,
    result: contractOrder,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    refusals: accountModeRefused,
  },
  listOrder: {
    method: 'GET',
    path: `${ORDER}/listOrder`,
    summary: "The user's contract orders of one state (pending, holding, closed, …), newest first",
    query: listOrderQuery,
    result: listOrderResult,
    callers: 'customer',
    accountMode: true,
    refusals: accountModeRefused,
  },
  buyOptions: {
    method: 'POST',
    path: `${ORDER}/buyOptions`,
    summary: 'Stakes an amount on a timed option (up or down over a period)',
    body: buyOptionsBody,
    result: optionsOrder,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    refusals: accountModeRefused,
  },
  getOptionsOrderById: {
    method: 'GET',
    path: `${ORDER}/getOptionsOrderById/:id`,
    summary: 'One options order of the user',
    params: orderIdParams,
    result: optionsOrder,
    callers: 'customer',
    accountMode: true,
    refusals: { ...accountModeRefused, 404: z.null() },
  },
  listOptionsOrder: {
    method: 'GET',
    path: `${ORDER}/listOptionsOrder`,
    summary: "The user's options orders, open or settled, newest first",
    query: listOptionsOrderQuery,
    result: listOptionsOrderResult,
    callers: 'customer',
    accountMode: true,
    refusals: accountModeRefused,
  },
});
