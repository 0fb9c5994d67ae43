import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@meridian/contracts';
import { databaseKind, OPERATOR_TOKEN } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { signUp } from '../accounts-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import {
  FRAMEWORK_CHECKS,
  FuzzReport,
  frameworkFailures,
  fuzzSettings,
  loadOperations,
  requestArb,
  sweepRequests,
} from './openapi-fuzz.ts';
import type { FrameworkCheck, Operation, Principal } from './openapi-fuzz.ts';

// A database of its own: fuzzed admin calls change settings and content.
const api = withTestApi({ rateLimits: false }, { ownDatabase: true });

const { seed, runs } = fuzzSettings(10);

async function customerPrincipal(): Promise<Principal> {
  const user = await signUp(api.app);
  return { name: 'customer', headers: { authorization: user.token } };
}

async function operatorPrincipal(): Promise<Principal> {
  const op = await makeOperator(api.app, api.database.db, [...OPERATOR_ROLES]);
  return { name: 'operator', headers: op.headers };
}

/** Still signed in? (A fuzzed sign-out or revokeSessions may have ended the session.) */
async function stillValid(principal: Principal, admin: boolean): Promise<boolean> {
  const res = admin
    ? await api.app.inject({ url: '/api/admin/auth/me', headers: principal.headers })
    : await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/getUserInfo', headers: principal.headers });
  return res.statusCode === 200 && res.json().code === '200';
}

describe(`fuzzing every route of the OpenAPI document (${databaseKind}, seed ${seed}, ${runs} runs per route)`, () => {
  it(
    'answers every generated request without a 5xx and every error in the envelope',
    async () => {
      const operations = await loadOperations(api.app);
      expect(operations.length).toBeGreaterThan(60);
      const anonymous: Principal = { name: 'anonymous', headers: {} };
      const breakGlass: Principal = { name: 'break-glass token', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } };
      let customer = await customerPrincipal();
      let operator = await operatorPrincipal();
      const report = new FuzzReport();
      const started = performance.now();
      // Calls that end the session run last, so the others run signed in.
      const ending = (op: Operation) => /sign-out|logout|revokeSessions|repassword|deactivate/.test(op.path);
      const ordered = [...operations.filter((op) => !ending(op)), ...operations.filter(ending)];
      for (const [index, op] of ordered.entries()) {
        const admin = op.path.startsWith('/api/admin');
        const customerAsBearer: Principal = {
          name: 'customer (bearer)',
          headers: { authorization: `Bearer ${customer.headers.authorization}` },
        };
        const principals = admin ? [anonymous, customerAsBearer, operator, operator, breakGlass] : [anonymous, customer, customer];
        const requests = [
          ...sweepRequests(op, admin ? operator : customer, seed + index),
          ...fc.sample(requestArb(op, principals), { seed: seed + index, numRuns: runs }),
        ];
        for (const request of requests) {
          const res = await api.app.inject(request.inject);
          report.record(`${op.method} ${op.path}`, request, res);
        }
        if (!(await stillValid(customer, false))) customer = await customerPrincipal();
        if (admin && !(await stillValid(operator, true))) operator = await operatorPrincipal();
      }
      console.info(
        `fuzz: ${operations.length} routes, ${report.sent} requests in ${Math.round(performance.now() - started)} ms, ${report.findings.length} findings`,
      );
      expect(report.summary()).toEqual([]);
      // A longer run (FUZZ_RUNS) gets the time it needs.
    },
    Math.max(120_000, runs * 10_000),
  );

  it('refuses ids past 2^31 and NUL in any text with a 400 envelope (they answered 500 before)', async () => {
    const customer = await customerPrincipal();
    const refusals: InjectOptions[] = [
      { url: '/api/swx/customer/index/getContentsById/2147483648' },
      { url: '/api/swx/customer/index/getNoticeById/2147483648' },
      { url: '/api/swx/customer/index/getParamByKey/a%00b' },
      { url: '/api/swx/customer/index/searchHelp/1?q=de%00posit' },
      { method: 'POST', url: '/api/swx/customer/user/readNotifications', headers: customer.headers, payload: { ids: [2 ** 31] } },
      { method: 'POST', url: '/api/swx/customer/support/openTicket', payload: { email: 'nul@example.com', message: 'hello\u0000' } },
    ];
    for (const inject of refusals) {
      const res = await api.app.inject(inject);
      expect({ url: inject.url, status: res.statusCode, code: res.json().code }).toEqual({ url: inject.url, status: 400, code: '400' });
      expect(res.json().result.issues[0].key).toMatch(/^validation\./);
    }
    // The largest 32-bit id is simply not there.
    const largest = await api.app.inject({ url: '/api/swx/customer/index/getContentsById/2147483647' });
    expect(largest.json().code).toBe('404');
  });

  it('answers the framework errors in the envelope: bad URL, long path parameter, bad content type, invalid JSON, body too large', async () => {
    const checks: FrameworkCheck[] = [
      FRAMEWORK_CHECKS.malformedUrl,
      { name: 'malformed URL in a path parameter', inject: { url: '/api/swx/customer/index/getParamByKey/%E0%A4%A' }, status: 400 },
      FRAMEWORK_CHECKS.longPathParameter,
      {
        name: 'unsupported content type',
        inject: { method: 'POST', url: '/api/swx/customer/login/login', payload: '<x/>', headers: { 'content-type': 'text/xml' } },
        status: 415,
      },
      {
        name: 'invalid JSON',
        inject: {
          method: 'POST',
          url: '/api/swx/customer/login/login',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        },
        status: 400,
      },
      FRAMEWORK_CHECKS.bodyOverLimit,
      { name: 'unknown route', inject: { url: '/api/nowhere' }, status: 404 },
    ];
    expect(await frameworkFailures(api.app, checks)).toEqual([]);
  });
});
