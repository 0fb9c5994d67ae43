import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { signUp } from '../accounts-helpers.ts';
import { changeBalance, openSocket, sleep } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';

// A tick of the whole catalogue costs tens of ms: a few a second keep the node responsive.
const api = withTestApi({ liveTickMs: 250 }, { listen: true });

/** The frames of a socket that are about its user (not market data). */
const userFrames = (socket: LiveSocket) => socket.frames.filter((f) => f.type !== 'MARKETS' && f.type !== 'TICKS');

/** Opens a socket and sends a token; resolves once the answer came. */
async function userSocket(token: string): Promise<LiveSocket> {
  const socket = await openSocket(api.app);
  socket.send({ type: 'USER_AUTH', token });
  await expect.poll(() => userFrames(socket).length, { timeout: 5000 }).toBeGreaterThan(0);
  return socket;
}

describe(`live connection /ws (${databaseKind})`, () => {
  it('sends the home list first (full, simulated, with 100-price series), then TICKS of those instruments only', async () => {
    const socket = await openSocket(api.app);
    await expect.poll(() => socket.ticks().length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    socket.close();
    const [first] = socket.frames;
    expect(first).toMatchObject({ type: 'MARKETS', full: true, simulated: true });
    if (first?.type !== 'MARKETS') throw new Error('no MARKETS first');
    const home = api.app.market.catalogue.homeIds();
    expect(first.data.map((item) => item.id)).toEqual(home);
    for (const item of first.data) {
      expect(item.hundred.length, item.code).toBeGreaterThan(1);
      expect(item.hundred.length, item.code).toBeLessThanOrEqual(100);
      expect(item.hundred[item.hundred.length - 1], item.code).toBe(item.nowPrice);
    }
    // Crypto has a full series from its simulated history.
    expect(first.data.filter((item) => item.type === 2).every((item) => item.hundred.length === 100)).toBe(true);
    expect(socket.markets()).toHaveLength(1);
    for (const frame of socket.ticks()) {
      expect(frame.simulated).toBe(true);
      expect(frame.data.length).toBeGreaterThan(0);
      const ids = frame.data.map(([id]) => id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(home).toContain(id);
    }
  });

  it('answers PING with PONG and ignores frames it does not understand', async () => {
    const socket = await openSocket(api.app);
    for (const junk of ['not json', '{"type":"NOPE"}', '{"type":"USER_AUTH"}', '{"type":"USER_AUTH","token":""}', '[]', 'null']) {
      socket.send(junk);
    }
    socket.send({ type: 'PING' });
    await expect.poll(() => userFrames(socket), { timeout: 5000 }).toEqual([expect.objectContaining({ type: 'PONG' })]);
    socket.send({ type: 'PING' });
    await expect.poll(() => userFrames(socket).length, { timeout: 5000 }).toBe(2);
    expect(userFrames(socket).map((f) => f.type)).toEqual(['PONG', 'PONG']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });

  it('refuses an unknown token without any user data', async () => {
    const socket = await userSocket('forged');
    expect(userFrames(socket)).toEqual([expect.objectContaining({ type: 'AUTH_FAILED', message: 'invalid token' })]);
    socket.close();
  });

  it("authenticates a session token and pushes balance changes to their owner's sockets only", async () => {
    const owner = await signUp(api.app);
    const other = await signUp(api.app);
    const mine = await userSocket(owner.token);
    const mineToo = await userSocket(owner.token);
    const theirs = await userSocket(other.token);
    const anonymous = await openSocket(api.app);
    expect(userFrames(mine)).toEqual([expect.objectContaining({ type: 'AUTH_SUCCESS', message: 'authenticated' })]);
    await changeBalance(api, owner);
    for (const socket of [mine, mineToo]) {
      await expect.poll(() => userFrames(socket).length, { timeout: 5000 }).toBe(2);
      expect(userFrames(socket)[1]).toMatchObject({
        type: 'USER_BALANCE_UPDATE',
        userId: owner.userId,
        mode: 'demo',
        baseBalance: '100000',
      });
    }
    await sleep(200);
    expect(userFrames(theirs).map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    expect(userFrames(anonymous)).toEqual([]);
    for (const socket of [mine, mineToo, theirs, anonymous]) socket.close();
  });

  it('a refused token drops the identity the socket had: no user data after AUTH_FAILED', async () => {
    const owner = await signUp(api.app);
    const witness = await userSocket(owner.token);
    const socket = await userSocket(owner.token);
    expect(userFrames(socket).map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    socket.send({ type: 'USER_AUTH', token: 'forged' });
    await expect.poll(() => userFrames(socket).map((f) => f.type), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED']);
    await changeBalance(api, owner);
    // The change was pushed (the other socket of the owner got it), but not to the one that lost its identity.
    await expect.poll(() => userFrames(witness).map((f) => f.type), { timeout: 5000 }).toEqual(['AUTH_SUCCESS', 'USER_BALANCE_UPDATE']);
    await sleep(200);
    expect(userFrames(socket).map((f) => f.type)).toEqual(['AUTH_SUCCESS', 'AUTH_FAILED']);
    witness.close();
    socket.close();
  });

  it('a revoked token is refused on the live connection', async () => {
    const user = await signUp(api.app);
    await api.app.inject({ method: 'POST', url: '/api/swx/customer/login/logout', headers: { authorization: user.token } });
    const socket = await userSocket(user.token);
    expect(userFrames(socket)).toEqual([expect.objectContaining({ type: 'AUTH_FAILED', message: 'invalid token' })]);
    socket.close();
  });
});
