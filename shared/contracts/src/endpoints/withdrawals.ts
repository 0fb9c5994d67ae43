import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { accountModeChangedResult } from '../accounts.ts';
import {
  authorizationNonceBody,
  authorizationNonceResult,
  cancelWalletLinkBody,
  cancelWalletLinkResult,
  listWithdrawalQuery,
  listWithdrawalResult,
  updateUsdtAuthBody,
  walletLinkView,
  withdrawalAuthResult,
  withdrawalBody,
  withdrawalCodeResult,
  withdrawalView,
} from '../withdrawals.ts';

const USER = `${CUSTOMER_API}/user` as const;

/** Withdrawals, linked wallets and the USDT authorization (issue 25, SPEC §3, §5.5–5.6). */
export const withdrawalEndpoints = defineEndpoints('withdrawals', {
  withdrawalAuth: {
    method: 'GET',
    path: `${USER}/withdrawalAuth`,
    summary: "The caller's linked withdrawal addresses, each with its hold and the state of its signed USDT authorization",
    result: withdrawalAuthResult,
    callers: 'customer',
  },
  authorizationNonce: {
    method: 'POST',
    path: `${USER}/authorizationNonce`,
    summary: 'A single-use nonce and the fields the USDT authorization message must name (site, account id)',
    body: authorizationNonceBody,
    result: authorizationNonceResult,
    callers: 'customer',
  },
  updateUsdtAuth: {
    method: 'POST',
    path: `${USER}/updateUsdtAuth`,
    summary:
      'Stores a signed USDT authorization (an off-chain statement, verified here; a new address is linked with a 24-hour hold and a cancel link e-mailed) or revokes one; answers 20005',
    description: 'The authorization is a signed readable message (SPEC §5.6). No transaction and no token allowance is ever involved.',
    body: updateUsdtAuthBody,
    result: walletLinkView,
    callers: 'customer',
    refusals: { 404: z.null(), 409: z.null() },
  },
  sendWithdrawalCode: {
    method: 'POST',
    path: `${USER}/sendWithdrawalCode`,
    summary: "E-mails the one-time code that confirms a withdrawal to the account's address",
    result: withdrawalCodeResult,
    callers: 'customer',
    refusals: { 409: z.null(), 429: z.null() },
  },
  withdrawal: {
    method: 'POST',
    path: `${USER}/withdrawal`,
    summary:
      'Requests a withdrawal to a linked, authorized address past its hold, confirmed by the e-mailed code; the amount is held at once; answers 20003. Real account only',
    body: withdrawalBody,
    result: withdrawalView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode is in use (its `mode`), or a refusal of the request itself (null).
    refusals: { 409: accountModeChangedResult.nullable() },
  },
  listWithdrwal: {
    method: 'GET',
    path: `${USER}/listWithdrwal`,
    summary: "The caller's withdrawals, newest first, with each review's state, time, reason and payout hash",
    query: listWithdrawalQuery,
    result: listWithdrawalResult,
    callers: 'customer',
  },
  cancelWalletLink: {
    method: 'POST',
    path: `${CUSTOMER_API}/login/cancelWalletLink`,
    summary: 'Cancels a linked withdrawal address through the link e-mailed when it was linked (no sign-in needed)',
    body: cancelWalletLinkBody,
    result: cancelWalletLinkResult,
    callers: 'anonymous',
    limited: true,
    refusals: { 404: z.null() },
  },
});
