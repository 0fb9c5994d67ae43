import { beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { HTTP_TIMEOUTS } from '../../src/plugins/http-limits.ts';
import { createTestApi } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { portOf, rawExchange } from './raw-http.ts';
import type { RawAnswer } from './raw-http.ts';

/**
 * What Node's HTTP parser refuses before fastify (issue 31 item 3), and clients that hold the server
 * (item 4): each is answered in the envelope with `no-store` and the connection is closed, within the
 * bound. The bounds are shortened here (`httpTimeouts`) so the test does not wait for the real ones.
 */
const BOUNDS = { headersMs: 300, requestMs: 4_000, idleMs: 1_000, keepAliveMs: 900, checkEveryMs: 50 };
/** A loaded CI machine's scheduling, on top of a bound (still well under the whole-request bound). */
const SLACK_MS = 1_500;

const api = withTestApi({ httpTimeouts: BOUNDS }, { listen: true, timeout: 120_000 });
let port: number;

beforeAll(async () => {
  port = portOf(api.app);
}, 120_000);

/** The answer is a whole HTTP response carrying the envelope of `status`, never stored by a cache. */
function expectEnvelope(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body) as { code: string; message: string; result: unknown };
  expect(body).toEqual({ code: String(status), message: expect.any(String), result: status === 400 ? expect.anything() : null });
  if (status === 400) expect(body.message).toBe('validation.invalid');
}

const LOGIN = endpointPath(accountsEndpoints.login);

describe('parser-level refusals answer in the envelope (item 3)', () => {
  it('headers over the size limit: 431', async () => {
    const answer = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(answer, 431);
  });

  it('a URL over the size limit: 431', async () => {
    const answer = await rawExchange(port, `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectEnvelope(answer, 431);
  });

  it.each([
    ['a malformed request line', 'NOT A REQUEST\r\n\r\n'],
    ['a method with a character no method has', 'G@T /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown HTTP version', 'GET /api/health HTTP/7.1\r\nHost: x\r\n\r\n'],
    ['a control character in a header value', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n'],
    ['a control character in the URL', 'GET /api/he\u0001alth HTTP/1.1\r\nHost: x\r\n\r\n'],
    [
      'Content-Length together with chunked',
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      'a bad chunk',
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ],
  ])('%s: 400', async (_name, bytes) => {
    const answer = await rawExchange(port, bytes);
    expectEnvelope(answer, 400);
  });

  it('a well-formed request on the same server is answered as usual (the refusals are the parser’s only)', async () => {
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: '200' });
  });
});

describe('slow clients are bounded (item 4)', () => {
  it('headers that never finish: 408 and closed within the headers bound', async () => {
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expectEnvelope(answer, 408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.headersMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(BOUNDS.headersMs + BOUNDS.checkEveryMs + SLACK_MS);
  });

  it('a body that stops arriving: 408 and closed within the idle bound', async () => {
    const head = `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const answer = await rawExchange(port, `${head}{"username":"a`);
    expectEnvelope(answer, 408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.idleMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(BOUNDS.idleMs + SLACK_MS);
  });

  it('a body that keeps trickling (never idle): 408 and closed within the whole-request bound', async () => {
    // An API of its own whose idle bound is 12 trickles long: a loaded machine that holds the event loop
    // for a second must not make the trickle look idle (the idle bound is the test above's).
    const trickle = { ...BOUNDS, idleMs: 2_400, requestMs: 5_000 };
    const own = await createTestApi({ httpTimeouts: trickle });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const head = `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"a":"`;
    let timer: ReturnType<typeof setInterval> | undefined;
    const answer = await rawExchange(portOf(own.app), (socket) => {
      socket.write(head);
      // A byte every 200 ms: under the idle bound, so only the whole-request bound ends it.
      timer = setInterval(() => socket.writable && socket.write('x'), 200);
      socket.on('close', () => clearInterval(timer));
    });
    await own.close();
    expectEnvelope(answer, 408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(trickle.requestMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(trickle.requestMs + trickle.checkEveryMs + SLACK_MS);
  }, 60_000);

  it('an idle keep-alive connection is closed after the keep-alive bound', async () => {
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(200);
    // Node keeps a keep-alive socket a second past `keepAliveTimeout` (its buffer against racing clients).
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.keepAliveMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(BOUNDS.keepAliveMs + 1000 + SLACK_MS);
  });

  it('the real bounds: headers 10 s, a whole request 60 s, 15 s of silence, keep-alive 72 s', () => {
    expect(HTTP_TIMEOUTS).toMatchObject({ headersMs: 10_000, requestMs: 60_000, idleMs: 15_000, keepAliveMs: 72_000 });
  });
});
