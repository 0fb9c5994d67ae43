import { beforeAll, describe, expect, it } from 'vitest';
import { watchlist } from '../../../src/db/schema.ts';
import { WATCHLIST_MAX } from '../../../src/market/watchlist.ts';
import { databaseKind } from '../../helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { PASSWORD, auth, signUp } from '../../accounts-helpers.ts';
import type { SignedUp } from '../../accounts-helpers.ts';

const USER = '/api/swx/customer/user';

describe(`watchlist (${databaseKind})`, () => {
  // The feed is not what these calls are about: a slow tick keeps the node quiet.
  const api = withTestApi({ rateLimits: false, liveTickMs: 1000 });
  let ids: number[];
  beforeAll(async () => {
    ids = api.app.market.catalogue.all.slice(0, 5).map((i) => i.id);
  });

  const list = (who: SignedUp | string) =>
    api.app.inject({ method: 'GET', url: `${USER}/listWatchlist`, headers: auth(typeof who === 'string' ? who : who.token) });
  const add = (who: SignedUp, payload: unknown) =>
    api.app.inject({ method: 'POST', url: `${USER}/addWatchlist`, headers: auth(who.token), payload: payload as object });
  const remove = (who: SignedUp, payload: unknown) =>
    api.app.inject({ method: 'POST', url: `${USER}/removeWatchlist`, headers: auth(who.token), payload: payload as object });
  const idsOf = async (res: Awaited<ReturnType<typeof list>>) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('200');
    return res.json().result.ids as number[];
  };

  it('refuses anonymous and unknown tokens with 401', async () => {
    for (const headers of [{}, { authorization: 'forged-token' }]) {
      for (const [method, path] of [
        ['GET', 'listWatchlist'],
        ['POST', 'addWatchlist'],
        ['POST', 'removeWatchlist'],
      ] as const) {
        const res = await api.app.inject({
          method,
          url: `${USER}/${path}`,
          headers,
          ...(method === 'POST' ? { payload: { id: ids[0] } } : {}),
        });
        expect(res.statusCode, path).toBe(401);
        expect(res.json()).toMatchObject({ code: '401', result: null });
      }
    }
  });

  it('adds, lists (oldest first, no duplicates) and removes', async () => {
    const me = await signUp(api.app);
    expect(await idsOf(await list(me))).toEqual([]);
    expect(await idsOf(await add(me, { id: ids[2] }))).toEqual([ids[2]]);
    expect(await idsOf(await add(me, { id: ids[0] }))).toEqual([ids[2], ids[0]]);
    // Adding again changes nothing.
    expect(await idsOf(await add(me, { id: ids[2] }))).toEqual([ids[2], ids[0]]);
    expect(await idsOf(await list(me))).toEqual([ids[2], ids[0]]);
    expect(await idsOf(await remove(me, { id: ids[2] }))).toEqual([ids[0]]);
    // Removing what is not there is fine.
    expect(await idsOf(await remove(me, { id: ids[3] }))).toEqual([ids[0]]);
    expect(await idsOf(await list(me))).toEqual([ids[0]]);
  });

  it('is per user: another user never sees nor changes my list', async () => {
    const me = await signUp(api.app);
    const other = await signUp(api.app);
    await add(me, { id: ids[1] });
    await add(me, { id: ids[4] });
    expect(await idsOf(await list(other))).toEqual([]);
    // Their remove of my instrument only touches their own (empty) list.
    expect(await idsOf(await remove(other, { id: ids[1] }))).toEqual([]);
    expect(await idsOf(await add(other, { id: ids[3] }))).toEqual([ids[3]]);
    expect(await idsOf(await list(me))).toEqual([ids[1], ids[4]]);
    expect(await idsOf(await list(other))).toEqual([ids[3]]);
  });

  it('answers 404 for an instrument that does not exist, and lists nothing for it', async () => {
    const me = await signUp(api.app);
    for (const id of [999_999, 2_147_483_647]) {
      const res = await add(me, { id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404', result: null });
    }
    expect(await idsOf(await list(me))).toEqual([]);
  });

  it('validates the body: a positive 32-bit integer id, nothing else', async () => {
    const me = await signUp(api.app);
    for (const payload of [{ id: 0 }, { id: -3 }, { id: '5' }, { id: 1.5 }, { id: 2_147_483_648 }, { id: null }, {}, []]) {
      for (const call of [add, remove]) {
        const res = await call(me, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: '400', result: { issues: expect.any(Array) } });
      }
    }
    const text = await api.app.inject({
      method: 'POST',
      url: `${USER}/addWatchlist`,
      headers: { ...auth(me.token), 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(text.statusCode).toBe(400);
    expect(await idsOf(await list(me))).toEqual([]);
  });

  it('survives: the list is read back on a new sign-in', async () => {
    const me = await signUp(api.app);
    await add(me, { id: ids[3] });
    await add(me, { id: ids[1] });
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: { email: me.email, password: PASSWORD },
    });
    const token = login.json().result.token as string;
    expect(token).not.toBe(me.token);
    expect(await idsOf(await list(token))).toEqual([ids[3], ids[1]]);
  });

  it(`holds at most ${WATCHLIST_MAX} instruments`, async () => {
    const me = await signUp(api.app);
    const catalogue = api.app.market.catalogue.all;
    await api.database.db
      .insert(watchlist)
      .values(catalogue.slice(0, WATCHLIST_MAX).map((i) => ({ userId: me.userId, instrumentId: i.id })));
    const full = await add(me, { id: catalogue[WATCHLIST_MAX]!.id });
    expect(full.json()).toMatchObject({ code: '10098', result: null });
    // What is already there can still be added (nothing changes) and removed.
    expect((await idsOf(await add(me, { id: catalogue[0]!.id }))).length).toBe(WATCHLIST_MAX);
    expect((await idsOf(await remove(me, { id: catalogue[0]!.id }))).length).toBe(WATCHLIST_MAX - 1);
    expect(await idsOf(await add(me, { id: catalogue[WATCHLIST_MAX]!.id }))).toContain(catalogue[WATCHLIST_MAX]!.id);
  });

  it('two adds at once to a list one short of full: exactly one gets in', async () => {
    const me = await signUp(api.app);
    const catalogue = api.app.market.catalogue.all;
    await api.database.db
      .insert(watchlist)
      .values(catalogue.slice(0, WATCHLIST_MAX - 1).map((i) => ({ userId: me.userId, instrumentId: i.id })));
    const answers = await Promise.all([add(me, { id: catalogue[WATCHLIST_MAX]!.id }), add(me, { id: catalogue[WATCHLIST_MAX + 1]!.id })]);
    expect(answers.map((a) => a.json().code).sort()).toEqual(['10098', '200']);
    expect((await idsOf(await list(me.token))).length).toBe(WATCHLIST_MAX);
  });
});
