import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OPERATOR_ROLES } from '@meridian/contracts';
import { databaseKind } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { notify } from '../../src/accounts/notifications.ts';
import { loadOperations, problemOf, toInject, validValue } from './openapi-fuzz.ts';
import type { JsonSchema, Operation } from './openapi-fuzz.ts';

/**
 * Who may call what, generated from the OpenAPI document: every customer route × (anonymous, customer
 * B, owner A, each operator role), and every id of A's resources passed by B in every id field.
 * Operator routes × roles are checked by operators/operators.test.ts (the `x-roles` matrix).
 */

/** Customer routes anyone may call (sign-in, public content, support by conversation key). */
const PUBLIC = [
  '/api/swx/customer/index/',
  '/api/swx/customer/login/',
  '/api/swx/customer/support/',
  '/api/swx/customer/upload/',
  '/api/loginCallback/',
  '/api/dev/',
];
const isPublic = (op: Operation) => PUBLIC.some((prefix) => op.path.startsWith(prefix));
/** Calls that end the caller's own session: they run last. */
const ending = (op: Operation) => /logout|revokeSessions|repassword/.test(op.path);

const api = withTestApi({ rateLimits: false }, { ownDatabase: true });
let ownerA: SignedUp;
let otherB: SignedUp;
/** A's resources, by kind: what B must never reach. */
const owned: { positionId?: string; notificationId?: number; sessionId?: string; ticket?: { ticket: string; key: string } } = {};

const customerOps = (ops: Operation[]) => ops.filter((op) => !op.path.startsWith('/api/admin'));

beforeAll(async () => {
  ownerA = await signUp(api.app);
  otherB = await signUp(api.app);
  const headersA = auth(ownerA.token);
  // A watchlist entry, an open position, a notification, a session and a support conversation of A's.
  const instrument = api.app.market.catalogue.byCode('BTC/USDT')!;
  await api.app.market.poll();
  await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/addWatchlist', headers: headersA, payload: { id: instrument.id } });
  const bought = await api.app.inject({
    method: 'POST',
    url: '/api/swx/customer/order/buyContracts',
    headers: { ...headersA, 'idempotency-key': randomUUID() },
    payload: { instrumentId: instrument.id, side: 'buy', lots: '0.01', leverage: 10 },
  });
  if (bought.json().code === '200') owned.positionId = String(bought.json().result.id);
  await notify(api.database.db, ownerA.userId, 'newDevice', { device: 'test' });
  const listed = await api.app.inject({ url: '/api/swx/customer/user/listNotifications', headers: headersA });
  owned.notificationId = listed.json().result.items[0]?.id;
  const sessions = await api.app.inject({ url: '/api/swx/customer/user/listSessions', headers: headersA });
  owned.sessionId = sessions.json().result[0]?.id ?? sessions.json().result.items?.[0]?.id;
  const opened = await api.app.inject({
    method: 'POST',
    url: '/api/swx/customer/support/openTicket',
    payload: { email: ownerA.email, message: 'Where is my deposit?' },
  });
  owned.ticket = opened.json().result;
});

/** A minimal valid call of an operation (fixed seed), with any overrides. */
function callOf(
  op: Operation,
  headers: Record<string, string>,
  overrides: { where: 'path' | 'query' | 'body'; name: string; value: unknown }[] = [],
) {
  const pick = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: 14, numRuns: 1 })[0]!;
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.params) {
    if (p.in === 'path') path[p.name] = pick(validValue(p.schema));
    if (p.in === 'query' && p.required) query[p.name] = pick(validValue(p.schema));
  }
  let body = op.body ? pick(validValue(op.body)) : undefined;
  for (const o of overrides) {
    if (o.where === 'body') body = { ...(body as object), [o.name]: o.value };
    else (o.where === 'path' ? path : query)[o.name] = o.value;
  }
  return toInject(op, { path, query, headers, body });
}

const answerOf = (res: LightMyRequestResponse) => {
  const type = String(res.headers['content-type'] ?? '');
  const body = type.includes('json') ? (res.json() as { code?: string; message?: string }) : {};
  return { status: res.statusCode, code: body.code, message: body.message };
};

describe(`authorization matrix from the OpenAPI document (${databaseKind})`, () => {
  it('customer routes refuse anonymous callers and operators with 401 in the envelope; customers get in', async () => {
    expect(owned.positionId && owned.notificationId && owned.sessionId && owned.ticket).toBeTruthy();
    const ops = customerOps(await loadOperations(api.app));
    const operators = await Promise.all(
      OPERATOR_ROLES.map(async (role) => ({ role, op: await makeOperator(api.app, api.database.db, [role]) })),
    );
    const principals: { name: string; headers: Record<string, string>; customer: boolean }[] = [
      { name: 'anonymous', headers: {}, customer: false },
      { name: 'B', headers: auth(otherB.token), customer: true },
      { name: 'A', headers: auth(ownerA.token), customer: true },
      ...operators.map(({ role, op }) => ({ name: `operator ${role}`, headers: op.headers, customer: false })),
    ];
    const failures: string[] = [];
    let cells = 0;
    const ordered = [...ops.filter((op) => !ending(op)), ...ops.filter(ending)];
    for (const op of ordered) {
      for (const who of principals) {
        // A's session must outlive the matrix: A does not sign out here. B does, each time freshly signed in.
        if (ending(op) && who.name === 'A') continue;
        const headers = ending(op) && who.name === 'B' ? auth((await signUp(api.app)).token) : who.headers;
        const res = await api.app.inject(callOf(op, headers));
        cells += 1;
        const where = `${op.method} ${op.path} as ${who.name}`;
        const problem = problemOf(res);
        if (problem) failures.push(`${where}: ${problem}`);
        if (isPublic(op)) continue;
        if (!who.customer && res.statusCode !== 401) failures.push(`${where}: ${res.statusCode}, expected 401`);
        if (who.customer && (res.statusCode === 401 || res.statusCode === 403)) failures.push(`${where}: refused its own customer`);
      }
    }
    console.info(`authz matrix: ${ops.length} customer routes × ${principals.length} principals = ${cells} cells`);
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(300);
  });

  it("B passing any of A's ids in any id field is answered as for an id that does not exist; A's data is untouched", async () => {
    // Content, help and markets are public data: any id there is everyone's.
    const ops = customerOps(await loadOperations(api.app)).filter(
      (op) => !ending(op) && !op.path.startsWith('/api/swx/customer/index/') && !/Watchlist$/.test(op.path),
    );
    const b = auth(otherB.token);
    // A fresh unread notification of A's (the matrix above had A mark its own as read).
    await notify(api.database.db, ownerA.userId, 'passwordChanged');
    const unread = (await api.app.inject({ url: '/api/swx/customer/user/listNotifications', headers: auth(ownerA.token) })).json().result;
    owned.notificationId = Math.max(...unread.items.filter((n: { read: boolean }) => !n.read).map((n: { id: number }) => n.id));
    const numericIds = [owned.notificationId!];
    const stringIds = [owned.positionId!, owned.sessionId!, owned.ticket!.ticket];
    // Instrument ids (terms, watchlist entries) name the public catalogue, not anything a customer owns.
    const isIdField = (name: string) => /(^id$|^ids$|Id$|^ticket$)/.test(name) && name !== 'instrumentId';
    const fields: { op: Operation; where: 'path' | 'query' | 'body'; name: string; schema: JsonSchema }[] = [];
    for (const op of ops) {
      for (const p of op.params)
        if ((p.in === 'path' || p.in === 'query') && isIdField(p.name)) fields.push({ op, where: p.in, name: p.name, schema: p.schema });
      for (const [name, schema] of Object.entries(op.body?.properties ?? {}))
        if (isIdField(name)) fields.push({ op, where: 'body', name, schema });
    }
    const failures: string[] = [];
    let pairs = 0;
    for (const field of fields) {
      const isArray = field.schema.type === 'array';
      const itemType = isArray ? field.schema.items?.type : field.schema.type;
      const candidates: { mine: unknown; unknown: unknown }[] =
        itemType === 'integer' || itemType === 'number'
          ? numericIds.map((id) => ({ mine: id, unknown: 2_147_483_000 }))
          : stringIds.map((id) => ({ mine: id, unknown: /^\d+$/.test(id) ? '999999999999' : randomUUID() }));
      for (const c of candidates) {
        const wrap = (v: unknown) => (isArray ? [v] : v);
        const withA = await api.app.inject(callOf(field.op, b, [{ where: field.where, name: field.name, value: wrap(c.mine) }]));
        const withRandom = await api.app.inject(callOf(field.op, b, [{ where: field.where, name: field.name, value: wrap(c.unknown) }]));
        pairs += 1;
        const [x, y] = [answerOf(withA), answerOf(withRandom)];
        if (x.status !== y.status || x.code !== y.code || x.message !== y.message)
          failures.push(
            `${field.op.method} ${field.op.path} ${field.where}.${field.name}=${String(c.mine)}: ${JSON.stringify(x)} vs unknown id ${JSON.stringify(y)}`,
          );
      }
    }
    console.info(`authz cross-customer ids: ${fields.length} id fields, ${pairs} pairs`);
    expect(failures).toEqual([]);
    expect(pairs).toBeGreaterThan(5);

    // A's own view afterwards: the position is still open, the notification unread, the session valid.
    const a = auth(ownerA.token);
    const orders = (await api.app.inject({ url: '/api/swx/customer/order/listOrder', headers: a })).json().result;
    expect(JSON.stringify(orders)).toContain(owned.positionId);
    const notes = (await api.app.inject({ url: '/api/swx/customer/user/listNotifications', headers: a })).json().result;
    expect(notes.items.find((n: { id: number }) => n.id === owned.notificationId)).toMatchObject({ read: false });
    const ticket = await api.app.inject({
      url: `/api/swx/customer/support/getTicket?ticket=${owned.ticket!.ticket}&key=${owned.ticket!.key}`,
    });
    expect(ticket.json().result.messages).toHaveLength(1);
    const watch = (await api.app.inject({ url: '/api/swx/customer/user/listWatchlist', headers: a })).json().result;
    expect(watch.ids).toHaveLength(1);
  });
});
