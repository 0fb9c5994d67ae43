import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_EVENT_VERSION } from '@meridian/contracts';
import type { ServerFrame } from '@meridian/contracts';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { signUp } from '../accounts-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { InProcessFabric } from '../../src/live/live-fabric.ts';
import { registerLiveServer } from '../../src/live/live-server.ts';
import type { LiveIdentity } from '../../src/live/live-server.ts';
import { USER_EVENT_CHANNEL, userNotifier } from '../../src/live/user-events.ts';
import { drained, emptyMarket, openSocket, signedInSocket } from './live-helpers.ts';
import type { LiveSocket } from './live-helpers.ts';

/** The frames about a user (not market data, not answers to PING). */
const userFrames = (socket: LiveSocket): ServerFrame[] =>
  socket.frames
    .filter((f) => f.type !== 'MARKETS' && f.type !== 'TICKS' && f.type !== 'PONG')
    .map(({ at: _at, ...frame }) => frame as ServerFrame);

const signedIn = (app: FastifyInstance, token: string) => signedInSocket(app, token, { alone: true });

const AUTHENTICATED: ServerFrame = { type: 'AUTH_SUCCESS', message: 'authenticated' };

describe('USER_EVENT across API nodes (live servers alone, one fabric)', () => {
  const identities = new Map<string, LiveIdentity>([
    ['token-a', { userId: 'user-a' }],
    ['token-b', { userId: 'user-b' }],
  ]);
  const apps: FastifyInstance[] = [];
  const sockets: LiveSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps.splice(0)) await app.close();
  });

  async function node(fabric: InProcessFabric): Promise<FastifyInstance> {
    const app = Fastify();
    await app.register(websocket);
    await registerLiveServer(app, { market: emptyMarket, fabric, verifyToken: async (token) => identities.get(token) ?? null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return app;
  }

  it("reaches the user's own sockets on every node, and nobody else's (another user, a visitor, a signed-out socket)", async () => {
    const fabric = new InProcessFabric();
    const [first, second] = [await node(fabric), await node(fabric)];
    const ownHere = await signedIn(first, 'token-a');
    const ownThere = await signedIn(second, 'token-a');
    const other = await signedIn(second, 'token-b');
    const visitor = await openSocket(first);
    const refused = await openSocket(second);
    refused.send({ type: 'USER_AUTH', token: 'token-unknown' });
    sockets.push(ownHere, ownThere, other, visitor, refused);
    await expect.poll(() => userFrames(refused).map((f) => f.type), { timeout: 5000 }).toEqual(['AUTH_FAILED']);

    userNotifier(fabric, first.log)('user-a', [{ key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }]);
    const frame: ServerFrame = {
      type: 'USER_EVENT',
      version: USER_EVENT_VERSION,
      userId: 'user-a',
      refresh: [{ key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }],
    };
    for (const socket of [ownHere, ownThere, other, visitor, refused]) await drained(socket);
    expect(userFrames(ownHere)).toEqual([AUTHENTICATED, frame]);
    expect(userFrames(ownThere)).toEqual([AUTHENTICATED, frame]);
    expect(userFrames(other)).toEqual([AUTHENTICATED]);
    expect(userFrames(visitor)).toEqual([]);
    expect(userFrames(refused)).toEqual([{ type: 'AUTH_FAILED', message: 'invalid token' }]);
  });

  it('a malformed message on the channel (an unknown key, no user, not JSON) sends nothing', async () => {
    const fabric = new InProcessFabric();
    const app = await node(fabric);
    const own = await signedIn(app, 'token-a');
    sockets.push(own);
    for (const payload of [
      JSON.stringify({ userId: 'user-a', refresh: [{ key: 'everything' }] }),
      JSON.stringify({ userId: 'user-a', refresh: [] }),
      JSON.stringify({ refresh: [{ key: 'user' }] }),
      '{',
    ])
      await fabric.publish(USER_EVENT_CHANNEL, payload);
    await drained(own);
    expect(userFrames(own)).toEqual([AUTHENTICATED]);
  });
});

describe(`an operator's correction refreshes the customer's open pages (${databaseKind})`, () => {
  const api = withTestApi({}, { listen: true });

  it('approved: the customer gets the new figures and a USER_EVENT naming their figures and notifications; others get nothing', async () => {
    const [customer, bystander] = [await signUp(api.app), await signUp(api.app)];
    const [proposer, approver] = [
      await makeOperator(api.app, api.database.db, ['finance']),
      await makeOperator(api.app, api.database.db, ['finance']),
    ];
    const socket = await signedIn(api.app, customer.token);
    const witness = await signedIn(api.app, bystander.token);
    const visitor = await openSocket(api.app);
    const proposal = await api.app.inject({
      method: 'POST',
      url: '/api/admin/corrections',
      headers: { ...proposer.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { userId: customer.userId, mode: 'real', direction: 'credit', amount: '12.5', reasonCode: 'compensation', note: 'Outage' },
    });
    const id = proposal.json().result.id as number;
    // Proposed only: nothing changed for the customer yet.
    await drained(socket);
    expect(userFrames(socket).map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    const decided = await api.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${id}/decide`,
      headers: approver.headers,
      payload: { decision: 'approve', reasonCode: 'compensation' },
    });
    expect(decided.json().code).toBe('200');
    await expect
      .poll(() => userFrames(socket).map((f) => f.type), { timeout: 5000 })
      .toEqual(expect.arrayContaining(['USER_EVENT', 'USER_BALANCE_UPDATE']));
    expect(userFrames(socket).find((f) => f.type === 'USER_EVENT')).toEqual({
      type: 'USER_EVENT',
      version: USER_EVENT_VERSION,
      userId: customer.userId,
      refresh: [{ key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }],
    });
    expect(userFrames(socket).find((f) => f.type === 'USER_BALANCE_UPDATE')).toMatchObject({ mode: 'real', baseBalance: '12.5' });
    for (const s of [witness, visitor]) await drained(s);
    expect(userFrames(witness).map((f) => f.type)).toEqual(['AUTH_SUCCESS']);
    expect(userFrames(visitor)).toEqual([]);
    for (const s of [socket, witness, visitor]) s.close();
  });
});
