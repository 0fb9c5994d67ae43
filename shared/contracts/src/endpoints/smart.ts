import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { ADMIN_API, CUSTOMER_API } from '../api-paths.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import {
  buySmartBody,
  earlyExitBody,
  earlyExitPreview,
  listSmartOrderQuery,
  listSmartOrderResult,
  smartOrderDetail,
  smartOrderParams,
  smartOrderView,
  smartProductBody,
  smartProductParams,
  smartProductsAdminResult,
  smartProductsResult,
  smartProductView,
  smartRefusalResult,
} from '../smart.ts';

const ORDER = `${CUSTOMER_API}/order` as const;

/** Smart trading plans (SPEC §3, §4, issue 27): products, buying, my plans, leaving early; operators edit the products. */
export const smartEndpoints = defineEndpoints('smart', {
  listSmartProducts: {
    method: 'GET',
    path: `${CUSTOMER_API}/index/listSmartProducts`,
    summary: 'The smart plan products with their terms (term, amount range, daily yield, profit-sharing days, early-exit penalty)',
    result: smartProductsResult,
    callers: 'anonymous',
  },
  buySmart: {
    method: 'POST',
    path: `${ORDER}/buySmart`,
    summary:
      'Buys a plan of a product on the terms shown: the principal moves to the plan account; answers 20004. Real account only; one running plan per product (10024)',
    body: buySmartBody,
    result: smartOrderView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode in use (its `mode`), the product's range (10013), or a refusal (null).
    refusals: { 409: smartRefusalResult.nullable() },
  },
  listSmartOrder: {
    method: 'GET',
    path: `${ORDER}/listSmartOrder`,
    summary: "The caller's plans, newest first, filtered by state ('running' = earning or profit shared)",
    query: listSmartOrderQuery,
    result: listSmartOrderResult,
    callers: 'customer',
  },
  getSmartOrder: {
    method: 'GET',
    path: `${ORDER}/smartOrders/:id`,
    summary: "One of the caller's plans with each day's income",
    params: smartOrderParams,
    result: smartOrderDetail,
    callers: 'customer',
    refusals: { 404: z.null() },
  },
  previewEarlyExit: {
    method: 'GET',
    path: `${ORDER}/smartOrders/:id/earlyExit`,
    summary: 'What leaving a running plan now costs (the penalty, from accrued income first, then principal) and returns',
    params: smartOrderParams,
    result: earlyExitPreview,
    callers: 'customer',
    refusals: { 404: z.null(), 409: z.null() },
  },
  earlyExitSmart: {
    method: 'POST',
    path: `${ORDER}/smartOrders/:id/earlyExit`,
    summary: 'Ends a running plan early on the preview shown: the penalty is taken, the rest returns to the balance',
    params: smartOrderParams,
    body: earlyExitBody,
    result: smartOrderView,
    callers: 'customer',
    idempotent: true,
    accountMode: true,
    // 409: the other account mode (its `mode`), a changed preview (`preview`), or a plan not running (null).
    refusals: { 404: z.null(), 409: smartRefusalResult.nullable() },
  },
  listSmartProductsAdmin: {
    method: 'GET',
    path: `${ADMIN_API}/products/smart`,
    summary: 'The smart plan products as operators edit them, with the default early-exit penalty',
    result: smartProductsAdminResult,
    callers: BACKOFFICE_SECTIONS.settings.readers,
  },
  createSmartProduct: {
    method: 'POST',
    path: `${ADMIN_API}/products/smart`,
    summary: 'Adds a smart plan product (audited)',
    body: smartProductBody,
    result: smartProductView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 409: z.null() },
  },
  updateSmartProduct: {
    method: 'PUT',
    path: `${ADMIN_API}/products/smart/:id`,
    summary: "Changes a smart plan product's terms or availability for new plans; running plans keep theirs (audited)",
    params: smartProductParams,
    body: smartProductBody,
    result: smartProductView,
    callers: BACKOFFICE_SECTIONS.settings.writers,
    refusals: { 404: z.null() },
  },
});
