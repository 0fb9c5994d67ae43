import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@meridian/contracts';
import type { RolloutDocument } from '@meridian/contracts';
import { openDatabase } from '@meridian/api';
import type { DatabaseHandle } from '@meridian/api';
import { ArtifactStore } from '../src/registry/artifact-store.ts';
import { RolloutStore } from '../src/registry/rollout-store.ts';
import { buildSiteServer } from '../src/server/site-server.ts';
import type { SiteServerOptions } from '../src/server/site-server.ts';

let database: DatabaseHandle;
let artifacts: ArtifactStore;
let rollouts: RolloutStore;
let app: FastifyInstance;
const extra: FastifyInstance[] = [];

/** A built part on disk: its entry plus one chunk, distinct bytes per part and version. */
function fakeBuild(root: string, part: string, version: string): string {
  const dir = join(root, `${part}-${version}`);
  mkdirSync(dir, { recursive: true });
  if (part === 'shell') {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><script defer src="main.0123abcd.js"></script></head><body><main id="outlet"></main></body></html>',
    );
    writeFileSync(join(dir, 'main.0123abcd.js'), 'console.log("shell");');
  } else {
    writeFileSync(join(dir, 'remoteEntry.js'), `var ${part.replace('-', '_')} = ${JSON.stringify(version)};`);
    writeFileSync(join(dir, 'app.abcdef01.js'), `/* ${part} ${version} */`);
    if (part === 'mfe-help') writeFileSync(join(dir, 'kf.html'), '<html><head></head><body><script src="kf.js"></script></body></html>');
  }
  return dir;
}

const site = (overrides: Partial<SiteServerOptions> = {}) =>
  buildSiteServer({ api: { db: database.db }, artifacts, rollouts, env: 'production', ...overrides });

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'site-edges-'));
  artifacts = new ArtifactStore(join(root, 'artifacts'));
  database = await openDatabase({ dataDir: 'memory://' });
  rollouts = await RolloutStore.open(database.client);
  for (const part of ['shell', ...REMOTE_NAMES]) {
    const record = artifacts.publish(part, '1.0.0', fakeBuild(root, part, '1.0.0'));
    await rollouts.setStable('production', part, '1.0.0', record.integrity);
  }
  // A running canary: its entry is loaded by some visitors, so it needs its integrity as well.
  const canary = artifacts.publish('mfe-trading', '1.1.0', fakeBuild(root, 'mfe-trading', '1.1.0'));
  await rollouts.canary('production', 'mfe-trading', '1.1.0', 20, canary.integrity, 'test');
  // Published but never part of this environment's rollout.
  artifacts.publish('mfe-loans', '3.0.0', fakeBuild(root, 'mfe-loans', '3.0.0'));
  app = await site();
  await app.ready();
  // Opening the database (its migrations) dominates; a busy CI machine needs more than the default.
}, 180_000);
afterAll(async () => {
  await Promise.all(extra.map((s) => s.close()));
  await app.close();
  await database.close();
});

/** Everything the site answers with, from pages to artifacts, icons, the manifest and the worker. */
const EVERY_KIND = [
  '/',
  '/market',
  '/kf.html',
  '/rollout.json',
  '/artifacts/mfe-help/1.0.0/remoteEntry.js',
  '/artifacts/shell/1.0.0/main.0123abcd.js',
  '/static/crypto/btc.svg',
  '/manifest.webmanifest',
  '/sw.js',
  '/icons/app-192.png',
];

describe('security headers', () => {
  it('every answer carries nosniff and a referrer policy that keeps paths and queries on the site', async () => {
    for (const url of EVERY_KIND) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    // A revalidation (304) and an unknown path answer with them too.
    const etag = (await app.inject({ url: '/rollout.json' })).headers.etag as string;
    const again = await app.inject({ url: '/rollout.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const missing = await app.inject({ url: '/artifacts/mfe-help/1.0.0/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('plain http gets no HSTS, even when an untrusted sender claims https', async () => {
    for (const url of EVERY_KIND) {
      expect((await app.inject({ url })).headers['strict-transport-security'], url).toBeUndefined();
      const claimed = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('HSTS on every answer when the site origin is https', async () => {
    const secure = await site({ api: { db: database.db, siteOrigin: 'https://meridian.example' } });
    extra.push(secure);
    for (const url of EVERY_KIND) {
      const res = await secure.inject({ url });
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('HSTS when a trusted proxy says the visitor came over https, and not when it says http', async () => {
    const behindProxy = await site({ trustProxy: ['127.0.0.1'] });
    extra.push(behindProxy);
    for (const url of ['/', '/rollout.json', '/artifacts/mfe-help/1.0.0/remoteEntry.js', '/static/crypto/btc.svg']) {
      const https = await behindProxy.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}/);
      const http = await behindProxy.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

/** `script-src` of a policy, or `default-src` when it has none. */
function scriptSources(policy: string): string[] {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? [];
}

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('content security policy and subresource integrity', () => {
  it('pages allow scripts from the site only: no eval, no inline script, and carry no inline script', async () => {
    for (const url of ['/', '/market', '/kf.html']) {
      const res = await app.inject({ url });
      const header = res.headers['content-security-policy'] as string;
      const metas = [...res.body.matchAll(/<meta[^>]+http-equiv=["']?content-security-policy["']?[^>]*content="([^"]*)"/gi)].map(
        (m) => m[1]!,
      );
      for (const policy of [header, ...metas]) {
        const scripts = scriptSources(policy);
        expect(scripts, url).toContain("'self'");
        expect(scripts, url).not.toContain("'unsafe-inline'");
        expect(scripts, url).not.toContain("'unsafe-eval'");
        expect(scripts, url).not.toContain('*');
        expect(policy, url).toMatch(/object-src 'none'/);
        expect(policy, url).toMatch(/base-uri 'self'/);
      }
      // Every script of the page is a file (an inline one would be refused by the policy anyway).
      const scriptTags = [...res.body.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!);
      expect(scriptTags.length, url).toBeGreaterThan(0);
      for (const attributes of scriptTags) expect(attributes, url).toMatch(/\bsrc=/);
      expect(res.body, url).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('rollout.json gives the integrity of every remote entry a visitor can load, and it matches the served bytes', async () => {
    const doc = (await app.inject({ url: '/rollout.json' })).json<RolloutDocument>();
    let checked = 0;
    for (const remote of REMOTE_NAMES) {
      const entry = doc.remotes[remote];
      expect(entry, remote).toBeDefined();
      const versions = [entry!.stable, ...(entry!.canary ? [entry!.canary.version] : [])];
      for (const version of versions) {
        const served = await app.inject({ url: `${doc.artifactBase}/${remote}/${version}/remoteEntry.js` });
        expect(served.statusCode, `${remote}@${version}`).toBe(200);
        // Cross-origin loads with integrity need CORS on the entry.
        expect(served.headers['access-control-allow-origin']).toBe('*');
        expect(entry!.integrity[version], `${remote}@${version}`).toBe(sri(served.rawPayload));
        checked += 1;
      }
    }
    expect(checked).toBe(REMOTE_NAMES.length + 1);
    // The shell's page, as published, is what its recorded integrity names.
    const shell = doc.remotes.shell!;
    const page = await app.inject({ url: `${doc.artifactBase}/shell/${shell.stable}/index.html` });
    expect(shell.integrity[shell.stable]).toBe(sri(page.rawPayload));
  });
});

describe('telemetry from shells', () => {
  const report = (body: unknown, contentType = 'text/plain') =>
    app.inject({
      method: 'POST',
      url: '/api/release/telemetry',
      headers: { 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const good = { env: 'production', remote: 'mfe-trading', version: '1.1.0', event: 'load', ms: 120 };

  it('counts a report for a version this environment serves', async () => {
    const res = await report(good);
    expect(res.statusCode).toBe(202);
    const row = (await rollouts.telemetry('production', 'mfe-trading')).find((r) => r.version === '1.1.0');
    expect(row).toMatchObject({ loads: 1 });
  });

  it('refuses, with a 400 envelope and nothing counted, any report outside what the shell sends', async () => {
    const bad: [string, unknown, string?][] = [
      ['another environment', { ...good, env: 'staging' }],
      ['a made-up environment', { ...good, env: 'x'.repeat(32) }],
      ['an environment of another type', { ...good, env: 7 }],
      ['a remote that does not exist', { ...good, remote: 'mfe-evil' }],
      ['a version longer than any build', { ...good, version: `1.1.0+${'a'.repeat(200)}` }],
      ['a version never published', { ...good, version: '9.9.9' }],
      ['a version published but never in this rollout', { ...good, remote: 'mfe-loans', version: '3.0.0' }],
      ['an unknown event', { ...good, event: 'mount' }],
      ['a negative time', { ...good, ms: -1 }],
      ['a time over ten minutes', { ...good, ms: 600_001 }],
      ['a time that is not a number', { ...good, ms: '12' }],
      ['an extra field', { ...good, note: 'x'.repeat(100) }],
      ['an array', [good]],
      ['null', null],
      ['text that is not JSON', '{"env":'],
      ['JSON that does not parse', '{"env":', 'application/json'],
      ['a content type nobody sends', JSON.stringify(good), 'application/xml'],
      ['a body over 4 KiB', JSON.stringify({ ...good, pad: 'x'.repeat(5000) })],
      ['a JSON body over 4 KiB', JSON.stringify({ ...good, pad: 'x'.repeat(5000) }), 'application/json'],
    ];
    const before = await rollouts.telemetry('production');
    for (const [what, body, type] of bad) {
      const res = await report(body, type);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: '400', result: null });
      expect(typeof res.json().message, what).toBe('string');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    }
    expect(await rollouts.telemetry('production')).toEqual(before);
    expect(await rollouts.telemetry('staging')).toEqual([]);
  });
});
