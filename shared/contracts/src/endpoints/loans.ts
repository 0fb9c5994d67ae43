import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import {
  listLoansQuery,
  listLoansResult,
  loanBody,
  loanDetailResult,
  loanIdParams,
  loanProductsResult,
  loanRefusalResult,
  loanView,
  repayLoanBody,
} from '../loans.ts';

const USER = `${CUSTOMER_API}/user` as const;

/** Crypto loans (SPEC §3, §4, §5.8, issue 26): products, applying with a signed agreement, repaying. */
export const loanEndpoints = defineEndpoints('loans', {
  listLoanProducts: {
    method: 'GET',
    path: `${CUSTOMER_API}/index/listLoanProducts`,
    summary: 'The loan products (term, amount range, daily rate) and the interest-free days in force; 10023 when misconfigured',
    result: loanProductsResult,
    callers: 'anonymous',
    refusals: { 409: z.null() },
  },
  loan: {
    method: 'POST',
    path: `${USER}/loan`,
    summary:
      'Applies for a loan on the terms shown, signed with the drawn signature: the agreement PDF is generated and its SHA-256 kept; answers 20001. Real account and verified KYC only',
    body: loanBody,
    result: loanView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode is in use (its `mode`), the product's range (10143), or a refusal (null).
    refusals: { 409: loanRefusalResult.nullable() },
  },
  listLoans: {
    method: 'GET',
    path: `${USER}/listLoans`,
    summary: "The caller's loans, newest first, with what is owed now and the state's time",
    query: listLoansQuery,
    result: listLoansResult,
    callers: 'customer',
  },
  getLoan: {
    method: 'GET',
    path: `${USER}/loans/:id`,
    summary: "One of the caller's loans with its history (disbursement, each day's interest, repayments)",
    params: loanIdParams,
    result: loanDetailResult,
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  loanAgreement: {
    method: 'GET',
    path: `${USER}/loans/:id/agreement`,
    summary: "The signed agreement PDF of one of the caller's loans (the same bytes every time; 404 for anyone else's)",
    description: 'Answers `application/pdf`, not an envelope.',
    params: loanIdParams,
    result: z.null(),
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  repayLoan: {
    method: 'POST',
    path: `${USER}/loans/:id/repay`,
    summary: 'Repays a loan in full or in part from the balance: accrued interest first, then principal; no penalty for repaying early',
    params: loanIdParams,
    body: repayLoanBody,
    result: loanView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode (its `mode`), what is owed (10142), or a refusal (null).
    refusals: { 404: z.null(), 409: loanRefusalResult.nullable() },
  },
});
