import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { accountModeChangedResult, accountModeRefused } from '../accounts.ts';
import {
  depositAddressesResult,
  depositView,
  listInvitesResult,
  listRechargeQuery,
  listRechargeResult,
  rechargeBody,
  statementQuery,
  statementResult,
} from '../funding.ts';

const USER = `${CUSTOMER_API}/user` as const;
const depositIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Funding of the real account (issue 25, SPEC §3, §5.3): deposits for now. */
export const fundingEndpoints = defineEndpoints('funding', {
  depositAddresses: {
    method: 'GET',
    path: `${USER}/depositAddresses`,
    summary: "The platform's deposit address of each network open for deposits",
    result: depositAddressesResult,
    callers: 'customer',
  },
  recharge: {
    method: 'POST',
    path: `${USER}/recharge`,
    summary:
      'Submits a deposit (currency, network, transaction hash, its last 6 characters, amount, proof image) for review; answers 20002. Real account only',
    body: rechargeBody,
    result: depositView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode is in use (its `mode`), or a refusal of the deposit itself (10121, 10122: null).
    refusals: { 409: accountModeChangedResult.nullable() },
  },
  listRecharge: {
    method: 'GET',
    path: `${USER}/listRecharge`,
    summary: "The caller's deposits, newest first, with each review's state, time and reason",
    query: listRechargeQuery,
    result: listRechargeResult,
    callers: 'customer',
  },
  depositProof: {
    method: 'GET',
    path: `${USER}/deposits/:id/proof`,
    summary: "The proof image of one of the caller's deposits (404 for anyone else's)",
    description: 'Answers the image bytes under their stored type, not an envelope.',
    params: depositIdParams,
    result: z.null(),
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  listInvites: {
    method: 'GET',
    path: `${USER}/listInvites`,
    summary: "The caller's invited friends (masked), newest first, with the reward each friend's first approved deposit paid",
    result: listInvitesResult,
    callers: 'customer',
  },
  listStatement: {
    method: 'GET',
    path: `${USER}/listStatement`,
    summary: "Every ledger transfer of the caller's accounts in the account mode in use, newest first, by currency, a page at a time",
    query: statementQuery,
    result: statementResult,
    callers: 'customer',
    accountMode: true,
    refusals: accountModeRefused,
  },
  exportStatement: {
    method: 'GET',
    path: `${USER}/statement.csv`,
    summary: "The caller's statement (every transfer of the account mode in use, by currency) as a CSV file, streamed",
    query: statementQuery.omit({ page: true }),
    raw: 'text/csv',
    callers: 'customer',
    accountMode: true,
    refusals: accountModeRefused,
  },
});
