import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { codeFromOutbox, freshEmail, PASSWORD } from '../../api/test/accounts-helpers.ts';
import { portOf, rawExchange } from '../../api/test/hardening/raw-http.ts';
import { forwardedChain, parseForwardedAddress } from '../src/server/client-network.ts';
import { withSiteServer } from './site-fixture.ts';
import { SVG_CONTENT_SECURITY_POLICY } from '../src/server/site-server.ts';

/**
 * The site server's side of issue 31: parser refusals and slow clients answered in the envelope
 * (items 3–4, as the API alone does), forwarded addresses that are addresses (item 5), and the headers
 * of unknown API paths, SVGs, `/favicon.ico` and `/robots.txt` (item 6).
 */
const BOUNDS = { headersMs: 500, requestMs: 10_000, idleMs: 700, keepAliveMs: 900, checkEveryMs: 100 };

const site = withSiteServer({
  name: 'site-hardening',
  parts: [
    {
      name: 'shell',
      version: '1.0.0',
      files: {
        'index.html': '<!doctype html><html><head></head><body><main id="outlet"></main></body></html>',
        'logo.abc123.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
    },
  ],
  api: {
    siteOrigin: 'http://127.0.0.1',
    httpTimeouts: BOUNDS,
    mail: { outboxDir: mkdtempSync(join(tmpdir(), 'site-hardening-outbox-')) },
    devOutbox: true,
  },
  // The test's own connections (inject: 127.0.0.1) are the proxy.
  site: { trustProxy: ['127.0.0.1'] },
  listen: true,
  timeout: 180_000,
});

describe('parser refusals and slow clients on the site server (items 3–4)', () => {
  it('a malformed request line and an oversized header are answered in the envelope with no-store, then closed', async () => {
    for (const [bytes, status] of [
      ['G@T / HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      [`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await rawExchange(portOf(site.app), bytes);
      expect(answer.status).toBe(status);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body)).toMatchObject({ code: String(status), message: expect.any(String) });
    }
  });

  it('a body that stops arriving is answered 408 and closed within the idle bound', async () => {
    const answer = await rawExchange(
      portOf(site.app),
      `POST ${endpointPath(accountsEndpoints.login)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 80\r\n\r\n{"user`,
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ code: '408', message: 'request timeout', result: null });
    // Well before the whole-request bound: the idle bound ended it (with room for a loaded machine).
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.idleMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(BOUNDS.idleMs + 2_000);
  });
});

describe('forwarded addresses (item 5)', () => {
  it('parses an entry as an IP address, strips a port, and refuses anything else', () => {
    expect(parseForwardedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(parseForwardedAddress(' 203.0.113.7:5678 ')).toBe('203.0.113.7');
    expect(parseForwardedAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(parseForwardedAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseForwardedAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(parseForwardedAddress('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
    for (const bad of [
      '',
      '<script>alert(1)</script>',
      'a'.repeat(5000),
      'example.com',
      'unknown',
      '203.0.113',
      '203.0.113.256',
      '203.0.113.7:99999',
      '[203.0.113.7]:80',
      '2001:db8::1:443x',
      'fe80::1%eth0',
      '203.0.113.7 junk',
    ])
      expect(parseForwardedAddress(bad), bad).toBeNull();
  });

  it('keeps the chain from the nearest hop back to the first entry that is not an address', () => {
    expect(forwardedChain('198.51.100.1, 203.0.113.7:80')).toBe('198.51.100.1, 203.0.113.7');
    expect(forwardedChain('198.51.100.1, <script>, 203.0.113.7')).toBe('203.0.113.7');
    expect(forwardedChain('203.0.113.7, <script>')).toBeUndefined();
    expect(forwardedChain(['198.51.100.1', '[2001:db8::2]:1'])?.split(', ')).toEqual(['198.51.100.1', '2001:db8::2']);
    expect(forwardedChain('a'.repeat(5000))).toBeUndefined();
    expect(forwardedChain(undefined)).toBeUndefined();
  });

  /** Signs a new user up through the site server with the given X-Forwarded-For; the session's stored address. */
  async function storedAddress(forwardedFor: string): Promise<string> {
    const email = freshEmail('xff');
    const headers = { 'x-forwarded-for': forwardedFor };
    const sent = await site.app.inject({
      method: 'POST',
      url: endpointPath(accountsEndpoints.sendCode),
      headers,
      payload: { email, purpose: 'register', language: 'en' },
    });
    expect(sent.json().code, sent.body).toBe('200');
    const code = await codeFromOutbox(site.app, email);
    const registered = await site.app.inject({
      method: 'POST',
      url: endpointPath(accountsEndpoints.register),
      headers,
      payload: { email, password: PASSWORD, code, language: 'en' },
    });
    expect(registered.json().code, registered.body).toBe('200');
    const userId = registered.json().result.user.id as string;
    const rows = await site.database.db.execute<{ ip: string }>(sql`select ip from sessions where user_id = ${userId}`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { ip: string }[] }).rows) as { ip: string }[];
    expect(list).toHaveLength(1);
    return list[0]!.ip;
  }

  it("stores a trusted proxy's forwarded address without its port, and the proxy's own for anything that is no address", async () => {
    expect(await storedAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(await storedAddress('[2001:db8::7]:443')).toBe('2001:db8::7');
    expect(await storedAddress('<script>alert(1)</script>')).toBe('127.0.0.1');
    expect(await storedAddress('a'.repeat(5000))).toBe('127.0.0.1');
    expect(await storedAddress('203.0.113.9, <b>x</b>')).toBe('127.0.0.1');
  });
});

describe('headers everywhere (item 6)', () => {
  it("unknown API paths answer 404 in the envelope with no-store and the API's own security headers", async () => {
    const known = await site.app.inject({ url: '/api/health' });
    const apiHeaders = [
      'x-frame-options',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
      'origin-agent-cluster',
    ];
    for (const name of apiHeaders) expect(known.headers[name], name).toBeDefined();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/swx/customer/nope/nope?x=1'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/admin/nope'],
      ['GET', '/api'],
      ['GET', '/api/'],
    ] as const) {
      const res = await site.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: '404', message: expect.stringContaining('no route'), result: null });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      for (const name of apiHeaders) expect(res.headers[name], `${url} ${name}`).toBe(known.headers[name]);
    }
  });

  it('every SVG the site serves carries a policy that runs and loads nothing', async () => {
    for (const url of ['/icons/app.svg', '/static/crypto/btc.svg', '/artifacts/shell/1.0.0/logo.abc123.svg']) {
      const res = await site.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-security-policy'], url).toBe(SVG_CONTENT_SECURITY_POLICY);
    }
    expect(SVG_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('/favicon.ico is a real icon file (not the page)', async () => {
    const res = await site.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image, each pointing at a PNG.
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThanOrEqual(2);
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const entry = 6 + 16 * i;
      sizes.push(ico.readUInt8(entry) || 256);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    expect(sizes).toEqual(expect.arrayContaining([16, 32]));
  });

  it('/robots.txt is text for crawlers, keeping them out of the API and the back-office', async () => {
    const res = await site.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toMatch(/<html/i);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
    expect(res.body).toMatch(/^Disallow: \/admin$/m);
  });
});
