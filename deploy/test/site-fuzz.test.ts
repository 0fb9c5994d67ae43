import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openDatabase, seedDatabase } from '@meridian/api';
import type { DatabaseHandle } from '@meridian/api';
import { ArtifactStore } from '../src/registry/artifact-store.ts';
import { RolloutStore } from '../src/registry/rollout-store.ts';
import { buildSiteServer } from '../src/server/site-server.ts';
import { FuzzReport, HOSTILE, problemOf } from '../../api/test/harness/openapi-fuzz.ts';

const OPERATOR_TOKEN = 'site-fuzz-operator-token-0123456789';

/**
 * The site server's own surface beside the API (which fuzz.test.ts covers): the framework errors of
 * its router and the release routes (public telemetry, operator release calls) with hostile input.
 */
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'site-fuzz-'));
  const shellDir = join(root, 'shell');
  mkdirSync(shellDir);
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const artifacts = new ArtifactStore(join(root, 'artifacts'));
  database = await openDatabase({ dataDir: 'memory://' });
  await seedDatabase(database.db);
  const rollouts = await RolloutStore.open(database.client);
  const shell = artifacts.publish('shell', '1.0.0', shellDir);
  await rollouts.setStable('production', 'shell', '1.0.0', shell.integrity);
  app = await buildSiteServer({
    api: { db: database.db, operatorToken: OPERATOR_TOKEN, rateLimits: false },
    artifacts,
    rollouts,
    env: 'production',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
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
    const checks: { name: string; inject: InjectOptions; status: number }[] = [
      { name: 'malformed URL', inject: { url: '/api/%' }, status: 400 },
      // The API answers every /api path itself now (issue 31 item 6): a path segment past its bound is 414 in the
      // envelope, as the API alone answers it, not the site's catch-all 404.
      { name: 'path parameter too long', inject: { url: `/api/swx/customer/index/getParamByKey/${'k'.repeat(150)}` }, status: 414 },
      { name: 'unknown API path', inject: { url: '/api/nowhere' }, status: 404 },
      {
        name: 'invalid JSON to the API',
        inject: { method: 'POST', url: '/api/swx/customer/login/login', payload: '{', headers: { 'content-type': 'application/json' } },
        status: 400,
      },
      {
        name: 'body over the limit',
        inject: {
          method: 'POST',
          url: '/api/swx/customer/login/login',
          payload: JSON.stringify({ email: 'a'.repeat(300 * 1024) }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
      },
    ];
    const failures: string[] = [];
    for (const check of checks) {
      const res = await app.inject(check.inject);
      const problem = problemOf(res);
      if (problem || res.statusCode !== check.status) failures.push(`${check.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
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
          const res = await app.inject(inject);
          report.record(`${route.method} ${route.url}`, { kind: 'release', principal: headers.authorization ?? 'anonymous', inject }, res);
        }
      }
    }
    expect(report.sent).toBeGreaterThan(500);
    expect(report.summary()).toEqual([]);
  }, 120_000);
});
