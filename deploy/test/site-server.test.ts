import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { withSiteServer } from './site-fixture.ts';
import { buildSiteServer, redactSecrets } from '../src/server/site-server.ts';
import { networkDigest, networkOf, parseTrustProxy } from '../src/server/client-network.ts';

const site = withSiteServer({
  name: 'site',
  parts: [
    {
      name: 'mfe-help',
      version: '1.2.3',
      files: {
        'remoteEntry.js': 'var mfe_help = {};'.repeat(100),
        'kf.html': '<html><head><title>kf</title></head><body><script src="kf.js"></script></body></html>',
      },
    },
    {
      name: 'shell',
      version: '2.0.0',
      files: {
        'index.html': `<!doctype html><html><head></head><body><div id="outlet"></div>${'<!-- pad -->'.repeat(100)}</body></html>`,
        'main.0123abcd.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
      },
    },
  ],
});

describe('site server (one origin)', () => {
  it('serves rollout.json with no-cache and an ETag, and 304 for the same revision', async () => {
    const res = await site.app.inject({ url: '/rollout.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().remotes['mfe-help'].stable).toBe('1.2.3');
    const again = await site.app.inject({ url: '/rollout.json', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves artifacts as immutable, compressed', async () => {
    const res = await site.app.inject({ url: '/artifacts/mfe-help/1.2.3/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve the release record files', async () => {
    const res = await site.app.inject({ url: '/artifacts/mfe-help/1.2.3/.meridian-release.json' });
    expect(res.statusCode).toBe(404);
  });

  it('serves the stable shell for every page path, compressed, and its chunks as immutable', async () => {
    for (const path of ['/', '/market', '/profile/balance', '/anything/else']) {
      const res = await site.app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
    }
    const page = await site.app.inject({ url: '/market' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    expect(page.body).toContain('<base href="/artifacts/shell/2.0.0/">');
    const chunk = await site.app.inject({ url: '/artifacts/shell/2.0.0/main.0123abcd.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves /kf.html from the stable mfe-help version', async () => {
    const res = await site.app.inject({ url: '/kf.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<base href="/artifacts/mfe-help/1.2.3/">');
  });

  it('keeps API 404s in the envelope and serves the API on the same origin', async () => {
    expect((await site.app.inject({ url: '/api/nope' })).json()).toMatchObject({ code: '404' });
    expect((await site.app.inject({ url: '/api/swx/customer/index/getParamByKey/withdrawal_fee_percent' })).json().result.value).toBe('1');
  });
});

describe('release telemetry', () => {
  const report = (server: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url: '/api/release/telemetry',
      headers: { 'content-type': 'text/plain', ...headers },
      payload: JSON.stringify(body),
    });
  const canaryOf = async (version: string) => {
    const record = site.artifacts.record('mfe-help', version) ?? site.artifacts.publish('mfe-help', version, join(site.root, 'mfe-help'));
    await site.rollouts.canary('production', 'mfe-help', version, 50, record.integrity, 'test');
  };
  const failure = (version: string) => ({ env: 'production', remote: 'mfe-help', version, event: 'load-failure' });

  it('refuses malformed reports and versions that were never published', async () => {
    expect((await report(site.app, { env: 'production', remote: 'mfe-help', version: 'x', event: 'load' })).statusCode).toBe(400);
    expect((await report(site.app, { env: 'production', remote: 'shellx', version: '1.2.3', event: 'load' })).statusCode).toBe(400);
    expect((await report(site.app, failure('9.9.9'))).statusCode).toBe(400);
    expect((await report(site.app, { env: 'production', remote: 'mfe-help', version: '1.2.3', event: 'load', ms: 120 })).statusCode).toBe(
      202,
    );
  });

  it('one address cannot roll a canary back, even naming other addresses in X-Forwarded-For', async () => {
    await canaryOf('1.3.0');
    for (let i = 0; i < 60; i += 1) {
      const res = await report(site.app, failure('1.3.0'), { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(202);
    }
    const help = (await site.rollouts.read('production')).remotes['mfe-help']!;
    expect(help.canary).toEqual({ version: '1.3.0', weight: 50 });
    const row = (await site.rollouts.telemetry('production', 'mfe-help')).find((r) => r.version === '1.3.0');
    expect(row).toMatchObject({ loads: 60, loadFailures: 60, failingNetworks: 1 });
  });

  it('behind a trusted proxy, failures from many visitors roll a canary back', async () => {
    const behindProxy = await buildSiteServer({
      api: { db: site.database.db },
      artifacts: site.artifacts,
      rollouts: site.rollouts,
      env: 'production',
      trustProxy: ['127.0.0.1'],
    });
    try {
      await canaryOf('1.4.0');
      for (let i = 0; i < 50; i += 1) await report(behindProxy, failure('1.4.0'), { 'x-forwarded-for': `198.51.100.${i % 10}` });
      const help = (await site.rollouts.read('production')).remotes['mfe-help']!;
      expect(help.canary).toEqual({ version: '1.4.0', weight: 0 });
      expect(help.autoRolledBack).toMatchObject({ version: '1.4.0' });
      const row = (await site.rollouts.telemetry('production', 'mfe-help')).find((r) => r.version === '1.4.0');
      expect(row).toMatchObject({ failingNetworks: 10 });
    } finally {
      await behindProxy.close();
    }
  });
});

describe('client addresses', () => {
  it('counts an IPv6 /48 as one network, and 6to4, Teredo and IPv4-mapped addresses as the IPv4 they carry', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('2001:db8:1:2::1')).toBe(networkOf('2001:db8:1:ffff:9::9'));
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('2002:c633:6407::1')).toBe('198.51.100.7');
    expect(networkOf('2002:c633:6407:1234::1')).toBe('198.51.100.7');
    // Teredo: the client's address is the last 32 bits, inverted.
    expect(networkOf('2001:0:4136:e378:8000:63bf:39cc:9bf8')).toBe('198.51.100.7');
  });

  it('stores a keyed digest of a network, which a table of all addresses cannot reverse without the secret', () => {
    const a = networkDigest('198.51.100.7', 'secret-one');
    expect(a).toBe(networkDigest('198.51.100.7', 'secret-one'));
    expect(a).not.toBe(networkDigest('198.51.100.8', 'secret-one'));
    expect(a).not.toBe(networkDigest('198.51.100.7', 'secret-two'));
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('trusts only the proxies it is told about', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy(' ')).toBeUndefined();
    expect(() => parseTrustProxy('2')).toThrow(/DEPLOY-001/);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,fd00:1::/32')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00:1::/32']);
    expect(() => parseTrustProxy('true')).toThrow(/DEPLOY-001/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/DEPLOY-001/);
    expect(() => parseTrustProxy('*')).toThrow(/DEPLOY-001/);
    // Ranges that would trust nearly everyone are refused.
    expect(() => parseTrustProxy('0.0.0.0/0')).toThrow(/DEPLOY-001/);
    expect(() => parseTrustProxy('::/0')).toThrow(/DEPLOY-001/);
    expect(() => parseTrustProxy('2000::/3')).toThrow(/DEPLOY-001/);
  });
});

describe('logs', () => {
  it('never carry a support conversation key', () => {
    expect(redactSecrets('/api/swx/customer/support/getTicket?ticket=abc&key=s3cret-value')).toBe(
      '/api/swx/customer/support/getTicket?ticket=abc&key=[redacted]',
    );
    expect(redactSecrets('/kf.html?key=s3cret&x=1')).toBe('/kf.html?key=[redacted]&x=1');
  });
});
