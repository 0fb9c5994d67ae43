import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { withSiteServer } from './site-fixture.ts';
import { FRAMEWORK_CHECKS, FuzzReport, HOSTILE, frameworkFailures } from '../../api/test/harness/openapi-fuzz.ts';
import type { FrameworkCheck } from '../../api/test/harness/openapi-fuzz.ts';

const OPERATOR_TOKEN = 'site-fuzz-operator-token-0123456789';

/**
 * The site server's own surface beside the API (which fuzz.test.ts covers): the framework errors of
 * its router and the release routes (public telemetry, operator release calls) with hostile input.
 */
const site = withSiteServer({
  name: 'site-fuzz',
  parts: [{ name: 'shell', version: '1.0.0', files: { 'index.html': '<!doctype html><html><head></head><body></body></html>' } }],
  api: { operatorToken: OPERATOR_TOKEN, rateLimits: false },
});

const RELEASE_ROUTES: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'POST', url: '/api/release/telemetry' },
  { method: 'GET', url: '/api/release/status' },
  { method: 'GET', url: '/api/release/history' },
  { method: 'POST', url: '/api/release/canary' },
  { method: 'POST', url: '/api/release/stable' },
  { method: 'POST', url: '/api/release/promote' },
  { method: 'POST', url: '/api/release/rollback' },
  { method: 'POST', url: '/api/release/restore' },
];

describe('site server: framework errors and release routes', () => {
  it('answers the framework errors in the envelope', async () => {
    const checks: FrameworkCheck[] = [
      FRAMEWORK_CHECKS.malformedUrl,
      // The API answers every /api path itself now (issue 31 item 6): a path segment past its bound is 414 in the
      // envelope, as the API alone answers it, not the site's catch-all 404.
      FRAMEWORK_CHECKS.longPathParameter,
      { name: 'unknown API path', inject: { url: '/api/nowhere' }, status: 404 },
      {
        name: 'invalid JSON to the API',
        inject: { method: 'POST', url: '/api/swx/customer/login/login', payload: '{', headers: { 'content-type': 'application/json' } },
        status: 400,
      },
      FRAMEWORK_CHECKS.bodyOverLimit,
    ];
    expect(await frameworkFailures(site.app, checks)).toEqual([]);
  });

  it('answers hostile input to the release routes without a 5xx and every error in the envelope', async () => {
    const principals = [{}, { authorization: `Bearer ${OPERATOR_TOKEN}` }, { authorization: 'Bearer nonsense' }];
    // Every hostile value as a JSON body, plus bodies the framework cannot read or does not take.
    const payloads = [
      ...HOSTILE.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
      ...['production', 'x\u0000', ''].map((env) => ({
        body: JSON.stringify({ env, remote: 'shell', version: '1.0.0' }),
        type: 'application/json',
      })),
      ...['{', '[1,', '\u0000', 'a'.repeat(5000)].map((body) => ({ body, type: 'application/json' })),
      ...['env=production', '<x/>', '{"env":"production"}'].map((body) => ({ body, type: 'text/plain' })),
      { body: '<x/>', type: 'text/xml' },
    ];
    const report = new FuzzReport();
    for (const route of RELEASE_ROUTES) {
      for (const headers of principals) {
        for (const payload of route.method === 'POST' ? payloads : [undefined]) {
          const inject: InjectOptions = { method: route.method, url: route.url, headers: { ...headers } };
          if (payload) {
            inject.payload = payload.body;
            inject.headers = { ...headers, 'content-type': payload.type };
          }
          const res = await site.app.inject(inject);
          report.record(`${route.method} ${route.url}`, { kind: 'release', principal: headers.authorization ?? 'anonymous', inject }, res);
        }
      }
    }
    expect(report.sent).toBeGreaterThan(500);
    expect(report.summary()).toEqual([]);
  }, 120_000);
});
