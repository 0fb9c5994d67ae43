import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestApi } from '../suite-fixtures.ts';
import { liveUrl } from './live-helpers.ts';

/**
 * The per-address cap of `/ws` as the API ships it (issue 31 item 8): rate limits on, at scale 1, so
 * 32 sockets per address. The 33rd from one address is refused before the upgrade; another address
 * (127.0.0.2, a loopback address of its own) still gets in.
 */
const api = withTestApi({ rateLimitScale: 1 }, { listen: true, timeout: 120_000 });
const opened: WebSocket[] = [];
afterAll(() => {
  for (const ws of opened) ws.terminate();
});

type Outcome = { opened: true } | { opened: false; status: number; body: string };

/** Opens `/ws` from a local address; what the server did with the upgrade. */
function open(from: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(liveUrl(api.app), { localAddress: from });
    ws.once('open', () => {
      opened.push(ws);
      resolve({ opened: true });
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
    ws.once('error', (error) => reject(error));
  });
}

describe('/ws per-address cap at rate-limit scale 1', () => {
  it('the 33rd socket from one address is refused (429 in the envelope); a socket from another address is not', async () => {
    for (let i = 0; i < 32; i += 1) expect(await open('127.0.0.1'), `socket ${i + 1}`).toEqual({ opened: true });
    const refused = await open('127.0.0.1');
    expect(refused).toMatchObject({ opened: false, status: 429 });
    if (!refused.opened) expect(JSON.parse(refused.body)).toEqual({ code: '429', message: 'too many live connections', result: null });
    expect(await open('127.0.0.2')).toEqual({ opened: true });
    // Closing one of the first address's sockets frees its place.
    opened[0]!.close();
    await expect.poll(async () => (await open('127.0.0.1')).opened).toBe(true);
  });
});
