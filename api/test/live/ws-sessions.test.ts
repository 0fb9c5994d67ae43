import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import { InProcessFabric, PNL_CHANNEL } from '../../src/live/live-fabric.ts';
import { changeBalance, drained, liveUrl, openSocket, signedInSocket, userFrames } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';

/** The live connection of the whole API: its sessions, its origin rule and its limits as the site runs them. */
const SITE = 'https://meridian.example';
const fabric = new InProcessFabric();
const api = withTestApi({ siteOrigin: SITE, fabric, liveSocketsPerAddress: 6 }, { listen: true });

const types = (socket: LiveSocket) => userFrames(socket).map((f) => f.type);

const userSocket = (token: string) => signedInSocket(api.app, token, { alone: true });

function upgrade(origin?: string): Promise<number | 'open'> {
  const ws = new WebSocket(liveUrl(api.app), origin ? { origin } : {});
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe(`live connection sessions and limits (${databaseKind})`, () => {
  it('logout: the sockets of that session get AUTH_FAILED at once and no user frame after it', async () => {
    const user = await signUp(api.app);
    const socket = await userSocket(user.token);
    const res = await api.app.inject({ method: 'POST', url: '/api/swx/customer/login/logout', headers: { authorization: user.token } });
    expect(res.json().code).toBe('200');
    // The frame was sent before the logout answer (in-process fabric), so before this PING's PONG: no
    // waiting for the periodic check.
    await drained(socket);
    expect(userFrames(socket)).toEqual([
      { type: 'AUTH_SUCCESS', message: 'authenticated', at: expect.any(Number) },
      { type: 'AUTH_FAILED', message: 'session ended', at: expect.any(Number) },
    ]);
    socket.send({ type: 'USER_AUTH', token: user.token });
    await expect.poll(() => types(socket), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED', 'AUTH_FAILED']);
    socket.close();
  });

  it('a session revoked by "sign out everywhere" stops its sockets within the periodic check; other users keep theirs', async () => {
    const user = await signUp(api.app);
    const other = await signUp(api.app);
    const socket = await userSocket(user.token);
    const witness = await userSocket(other.token);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/revokeSessions',
      headers: auth(user.token),
      payload: { scope: 'all' },
    });
    expect(res.json()).toMatchObject({ code: '200', result: { revoked: 1 } });
    await expect.poll(() => types(socket), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED']);
    expect(userFrames(socket)[1]).toMatchObject({ message: 'session ended' });
    await changeBalance(api, other);
    await expect.poll(() => types(witness), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'USER_BALANCE_UPDATE']);
    for (const s of [socket, witness]) s.close();
  });

  it("each socket receives its own user's balance and PnL frames only", async () => {
    const [a, b] = [await signUp(api.app), await signUp(api.app)];
    const [socketA, socketB] = [await userSocket(a.token), await userSocket(b.token)];
    const entry = { pnl: '1.5', pnlPercent: '0.2', price: '10.1' };
    await fabric.publish(PNL_CHANNEL, JSON.stringify({ userId: a.userId, mode: 'demo', data: { '7': entry } }));
    await fabric.publish(PNL_CHANNEL, JSON.stringify({ userId: b.userId, mode: 'real', data: { '8': entry } }));
    await changeBalance(api, a);
    await expect.poll(() => types(socketA), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'REAL_TIME_PNL', 'USER_BALANCE_UPDATE']);
    await drained(socketB);
    expect(userFrames(socketA)[1]).toMatchObject({ mode: 'demo', data: { '7': entry } });
    expect(userFrames(socketA)[2]).toMatchObject({ userId: a.userId });
    expect(userFrames(socketB).slice(1)).toEqual([{ type: 'REAL_TIME_PNL', mode: 'real', data: { '8': entry }, at: expect.any(Number) }]);
    for (const s of [socketA, socketB]) s.close();
  });

  it("refuses a foreign Origin with 403; the site's origin, the addressed host and non-browsers are let in", async () => {
    const port = (api.app.server.address() as { port: number }).port;
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade(SITE)).toBe('open');
    expect(await upgrade(`http://127.0.0.1:${port}`)).toBe('open');
    expect(await upgrade()).toBe('open');
  });

  it('closes a socket that sends a frame over 64 KB (1009)', async () => {
    const socket = await openSocket(api.app);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve));
    socket.send(JSON.stringify({ type: 'USER_AUTH', token: 'x'.repeat(65 * 1024) }));
    expect(await closed).toBe(1009);
  });

  it('refuses connections past the per-address limit (429) until one closes', async () => {
    // Earlier tests' sockets may still be closing: wait until this address holds none.
    await expect.poll(() => api.app.websocketServer.clients.size, { timeout: 5000 }).toBe(0);
    const six = await Promise.all(Array.from({ length: 6 }, () => openSocket(api.app)));
    expect(await upgrade()).toBe(429);
    six[0]!.close();
    await expect.poll(() => upgrade(), { timeout: 5000 }).toBe('open');
    for (const s of six) s.close();
  });
});
