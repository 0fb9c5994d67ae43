import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath, money } from '@meridian/contracts';
import { nftEndpoints as nftApi } from '@meridian/contracts/endpoints/nfts';
import { buildApi } from '../../src/app.ts';
import { auditLog, ledgerAccounts, ledgerTransfers, nftBids, nfts, notifications, users } from '../../src/db/schema.ts';
import { AUCTION_CLOSE_JOB } from '../../src/jobs/auction-close.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { cashOf, expectLedgerBalanced, moveCash, postLocked } from '../ledger-helpers.ts';
import { makeOperator } from '../operators/operator-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { drained, openSocket, signedInSocket } from '../live/live-helpers.ts';
import { manualJobs } from '../trading/trading-fixture.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Charity NFT auctions (issue 28, SPEC §3, ADR 008): bids hold the bidder's funds and release the previous
 * leader's in one transaction; a bid in the last minutes extends the end; the job closes an auction once
 * (two nodes: once), the winner's hold going to the charity account; buy now ends it at once; donations
 * are summed from the ledger; the check reconciles the holds with the leading bids.
 */
let clock = Date.UTC(2026, 11, 1, 10, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const api = withTestApi(
  { rateLimits: false, now: () => clock, jobClock: { ...manualJobs, now: () => clock } },
  { ownDatabase: true, timeout: 120_000, listen: true },
);
const db = () => api.database.db;
const runJob = () => api.app.scheduler.runNow(AUCTION_CLOSE_JOB);

async function customer(cash = '1000', mode: 'real' | 'demo' = 'real'): Promise<SignedUp> {
  const me = await signUp(api.app);
  if (mode === 'real') {
    await db().update(users).set({ accountMode: 'real' }).where(eq(users.id, me.userId));
    await userChanged(me.userId);
  }
  if (cash !== '0') await moveCash(db(), me.userId, 'real', cash);
  return me;
}

const bid = (me: SignedUp, id: number, amount: string, key: string = randomUUID(), mode: 'real' | 'demo' = 'real') =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(nftApi.bidNft, { id }),
    payload: { amount },
    headers: { ...auth(me.token, mode), 'idempotency-key': key },
  });
const buyNow = (me: SignedUp, id: number, price: string, key: string = randomUUID()) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(nftApi.buyNft),
    payload: { id, price },
    headers: { ...auth(me.token, 'real'), 'idempotency-key': key },
  });
const publicGet = (url: string) => api.app.inject({ method: 'GET', url });
const detail = async (id: number) => (await publicGet(endpointPath(nftApi.getNft, { id }))).json().result;
const holdOf = async (userId: string) => {
  const [row] = await db()
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.mode, 'real'), eq(ledgerAccounts.kind, 'nft_bid_hold')));
  return money(row?.balance ?? '0').toFixed(2);
};

/** A fresh auction of the seeded first charity, ending `hours` from now. */
async function listNft(over: Partial<typeof nfts.$inferInsert> = {}, hours = 24): Promise<number> {
  const [charity] = await db().select({ id: nfts.charityId }).from(nfts).limit(1);
  const [row] = await db()
    .insert(nfts)
    .values({
      name: `Test ${randomUUID().slice(0, 6)}`,
      artSeed: randomUUID(),
      creator: 'Tests',
      chain: 'ethereum',
      charityId: charity!.id,
      currency: 'USD',
      reservePrice: '100',
      buyNowPrice: '500',
      minIncrement: '10',
      startsAt: new Date(clock),
      listedEndsAt: new Date(clock + hours * HOUR),
      endsAt: new Date(clock + hours * HOUR),
      ...over,
    })
    .returning();
  return row!.id;
}

describe('charity NFTs', () => {
  it('lists the seeded catalogue publicly with its charities, artwork and a zero donation total', async () => {
    const list = (await publicGet(`${endpointPath(nftApi.listNft)}?status=live&sort=ending`)).json().result;
    expect(list.total).toBe(6);
    expect(list.donatedTotal).toBe('0.00');
    const ends = list.items.map((n: { endsAt: string }) => n.endsAt);
    expect([...ends].sort()).toEqual(ends);
    const first = list.items[0];
    expect(first).toMatchObject({ state: 'live', currentBid: null, minimumBid: first.reservePrice, leader: null, donated: '0.00' });
    const image = await publicGet(first.image);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect(image.body).not.toContain('<script');
    const rawCharities = await publicGet(endpointPath(nftApi.listCharities));
    const charities = rawCharities.json().result;
    expect(charities.items).toHaveLength(3);
    expect(charities.items.every((c: { raised: string; nftCount: number }) => c.raised === '0.00' && c.nftCount === 2)).toBe(true);
    expect((await publicGet(endpointPath(nftApi.getNft, { id: 999_999 }))).statusCode).toBe(404);
  });

  it('refuses every wrong bid with its code and changes nothing', async () => {
    const id = await listNft();
    const me = await customer('150');
    const demo = await customer('0', 'demo');
    expect((await bid(demo, id, '100', randomUUID(), 'demo')).json().code).toBe('10120');
    const low = (await bid(me, id, '99.99')).json();
    expect(low).toMatchObject({ code: '10016', result: { minimum: '100.00' } });
    expect((await bid(me, id, '200')).json().code).toBe('10011');
    expect((await bid(me, id, '100.001')).statusCode).toBe(400);
    expect((await bid(me, 999_999, '100')).statusCode).toBe(404);
    expect(await cashOf(db(), me.userId, 'real')).toBe('150');
    expect(await holdOf(me.userId)).toBe('0.00');
    expect(await db().select().from(nftBids).where(eq(nftBids.nftId, id))).toEqual([]);
    // Leading already: a second bid of the leader is refused.
    expect((await bid(me, id, '100')).json().code).toBe('200');
    expect((await bid(me, id, '110')).json().code).toBe('10161');
    // At its end and past it (the job not run yet): no bid is taken.
    const ended = await listNft({}, 1);
    clock += HOUR;
    expect((await bid(me, ended, '100')).json().code).toBe('10160');
    clock += HOUR;
    expect((await bid(me, ended, '100')).json().code).toBe('10160');
    await expectLedgerBalanced(db());
  });

  it('holds a bid, releases the outbid leader in the same step, numbers the bidders, answers a retried key once', async () => {
    const id = await listNft();
    const a = await customer('1000');
    const b = await customer('1000');
    const key = randomUUID();
    const first = (await bid(a, id, '100', key)).json();
    expect(first.result.mine).toEqual({ nftId: id, bidder: 1, highest: '100.00', leading: true, owner: false });
    expect((await bid(a, id, '100', key)).json()).toEqual(first);
    expect(await cashOf(db(), a.userId, 'real')).toBe('900');
    expect(await holdOf(a.userId)).toBe('100.00');
    // B must beat 100 by the increment.
    expect((await bid(b, id, '109.99')).json()).toMatchObject({ code: '10016', result: { minimum: '110.00' } });
    const second = (await bid(b, id, '110')).json().result;
    expect(second.nft).toMatchObject({ currentBid: '110.00', minimumBid: '120.00', bidCount: 2, leader: 2 });
    expect(await cashOf(db(), a.userId, 'real')).toBe('1000');
    expect(await holdOf(a.userId)).toBe('0.00');
    expect(await holdOf(b.userId)).toBe('110.00');
    // A is told in their notifications, with the bid that leads now; B (who took the lead) is not.
    const notices = async (who: SignedUp) =>
      (await db().select().from(notifications).where(eq(notifications.userId, who.userId))).filter((n) => n.kind.startsWith('nft'));
    expect((await notices(a)).map((n) => [n.kind, n.params])).toEqual([
      ['nftOutbid', { name: expect.any(String), amount: '110.00', currency: 'USD', nftId: String(id) }],
    ]);
    expect(await notices(b)).toEqual([]);
    const mine = await api.app.inject({ method: 'GET', url: endpointPath(nftApi.getMyNftBid, { id }), headers: auth(a.token, 'real') });
    expect(mine.json().result).toEqual({ nftId: id, bidder: 1, highest: '100.00', leading: false, owner: false });
    const shown = await detail(id);
    expect(shown.bids.map((x: { bidder: number; amount: string }) => [x.bidder, x.amount])).toEqual([
      [2, '110.00'],
      [1, '100.00'],
    ]);
    // Nothing in a public answer names a bidder.
    expect(JSON.stringify(shown)).not.toContain(a.userId);
    expect(JSON.stringify(shown)).not.toContain(b.userId);
    const tabs = await api.app.inject({
      method: 'GET',
      url: `${endpointPath(nftApi.listMyNfts)}?tab=bidding`,
      headers: auth(a.token, 'real'),
    });
    expect(tabs.json().result.items.map((i: { nft: { id: number } }) => i.nft.id)).toContain(id);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('watchers of an NFT get it at once and every bid live, bidders by number only; the outbid bidder is told', async () => {
    const id = await listNft({}, 1);
    const other = await listNft();
    const a = await customer('1000');
    const b = await customer('1000');
    const visitor = await openSocket(api.app);
    const elsewhere = await openSocket(api.app);
    const aSocket = await signedInSocket(api.app, a.token);
    visitor.send({ type: 'SUBSCRIBE', topics: [`nft:${id}`] });
    elsewhere.send({ type: 'SUBSCRIBE', topics: [`nft:${other}`] });
    const auctionFrames = (socket: typeof visitor) => socket.frames.filter((f) => f.type === 'NFT_AUCTION');
    await expect.poll(() => auctionFrames(visitor).map((f) => f.event)).toEqual(['snapshot']);
    await bid(a, id, '100');
    const userEvents = () => aSocket.frames.filter((f) => f.type === 'USER_EVENT' && f.refresh.some((r) => r.key === 'userNfts')).length;
    await expect.poll(userEvents).toBe(1);
    clock += HOUR - 2 * MINUTE;
    await bid(b, id, '120');
    await expect
      .poll(() => auctionFrames(visitor).map((f) => [f.event, f.nft.leader, f.bid?.amount ?? null, f.extended]))
      .toEqual([
        ['snapshot', null, null, false],
        ['bid', 1, '100.00', false],
        ['bid', 2, '120.00', true],
      ]);
    expect(JSON.stringify(visitor.frames)).not.toContain(a.userId);
    expect(JSON.stringify(visitor.frames)).not.toContain(b.userId);
    // Outbid: A's pages are told at once.
    await expect.poll(userEvents).toBe(2);
    await drained(elsewhere);
    expect(auctionFrames(elsewhere).map((f) => f.nft.id)).toEqual([other]);
    // A refused call's key retried once it could succeed is answered with the refusal and tells nobody anything.
    const poor = await customer('50');
    const key = randomUUID();
    expect((await bid(poor, id, '200', key)).json().code).toBe('10011');
    await moveCash(db(), poor.userId, 'real', '1000');
    const replayed = await bid(poor, id, '200', key);
    expect(replayed.json().code).toBe('10011');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    await drained(visitor);
    expect(auctionFrames(visitor)).toHaveLength(3);
    expect((await detail(id)).nft.bidCount).toBe(2);
    for (const socket of [visitor, elsewhere, aSocket]) socket.close();
  });

  it('a bid in the last minutes moves the end to five minutes after it; an earlier bid does not', async () => {
    const id = await listNft({}, 1);
    const a = await customer('1000');
    const b = await customer('1000');
    const listedEnd = clock + HOUR;
    await bid(a, id, '100');
    expect((await detail(id)).nft.endsAt).toBe(new Date(listedEnd).toISOString());
    clock = listedEnd - 2 * MINUTE;
    const late = (await bid(b, id, '110')).json().result.nft;
    expect(late.endsAt).toBe(new Date(clock + 5 * MINUTE).toISOString());
    expect(late.listedEndsAt).toBe(new Date(listedEnd).toISOString());
    // The job at the listed end leaves it running.
    clock = listedEnd + MINUTE;
    await runJob();
    expect((await detail(id)).nft.state).toBe('live');
    clock = listedEnd + 4 * MINUTE;
    await runJob();
    expect((await detail(id)).nft.state).toBe('sold');
  });

  it('50 concurrent bids leave one leading bid and exactly one hold, equal to it', async () => {
    const id = await listNft({ reservePrice: '10', minIncrement: '1', buyNowPrice: null });
    const bidders = await Promise.all(Array.from({ length: 50 }, () => customer('500')));
    const answers = await Promise.all(bidders.map((who, i) => bid(who, id, String(10 + i * 3))));
    const codes = answers.map((r) => r.json().code);
    expect(codes.every((c) => c === '200' || c === '10016')).toBe(true);
    const leading = await db()
      .select()
      .from(nftBids)
      .where(and(eq(nftBids.nftId, id), eq(nftBids.status, 'leading')));
    expect(leading).toHaveLength(1);
    const holds = await Promise.all(bidders.map((who) => holdOf(who.userId)));
    expect(holds.filter((h) => h !== '0.00')).toEqual([money(leading[0]!.amount).toFixed(2)]);
    const [row] = await db().select().from(nfts).where(eq(nfts.id, id));
    expect(row!.leaderId).toBe(leading[0]!.userId);
    expect(row!.bidCount).toBe(codes.filter((c) => c === '200').length);
    const check = await checkLedger(db());
    expect(check.ok, JSON.stringify(check)).toBe(true);
    // A hold with no leading bid behind it is named by the check, by account.
    const stray = bidders[0]!.userId === row!.leaderId ? bidders[1]! : bidders[0]!;
    await postLocked(db(), {
      userId: stray.userId,
      mode: 'real',
      reference: { kind: 'test', id: 'stray-hold' },
      legs: [{ type: 'nft_bid_hold', from: { user: 'cash' }, to: { user: 'nft_bid_hold' }, amount: money('1') }],
    });
    expect((await checkLedger(db())).unreconciled).toContainEqual({
      what: 'nft_bid_hold',
      ref: `${stray.userId}:real:USD`,
      expected: '0',
      actual: '1.000000000000000000',
    });
    await postLocked(db(), {
      userId: stray.userId,
      mode: 'real',
      reference: { kind: 'test', id: 'stray-hold' },
      legs: [{ type: 'nft_bid_release', from: { user: 'nft_bid_hold' }, to: { user: 'cash' }, amount: money('1') }],
    });
    expect((await checkLedger(db())).ok).toBe(true);
    // A second hold for one bid is refused by the database; a bid released without being outbid is named, bid by bid.
    const lead = leading[0]!;
    const again = postLocked(db(), {
      userId: lead.userId,
      mode: 'real',
      reference: { kind: 'nft_bid', id: String(lead.id) },
      legs: [{ type: 'nft_bid_hold', from: { user: 'cash' }, to: { user: 'nft_bid_hold' }, amount: money('1') }],
    });
    await expect(again).rejects.toThrow();
    await db().update(nftBids).set({ status: 'outbid' }).where(eq(nftBids.id, lead.id));
    expect((await checkLedger(db())).unreconciled).toContainEqual(
      expect.objectContaining({ what: 'nft_bid', ref: String(lead.id), expected: 'outbid', actual: 'holds 1 releases 0' }),
    );
    await db().update(nftBids).set({ status: 'leading' }).where(eq(nftBids.id, lead.id));
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('closes a due auction once on two nodes: the winner owns it, the charity is owed the price, the donations rise', async () => {
    const id = await listNft({}, 2);
    const a = await customer('1000');
    const b = await customer('1000');
    await bid(a, id, '100');
    await bid(b, id, '150');
    const before = (await publicGet(endpointPath(nftApi.listNft))).json().result.donatedTotal;
    clock += 3 * HOUR;
    const second = await buildApi({ db: db(), now: () => clock, jobClock: { ...manualJobs, now: () => clock }, rateLimits: false });
    try {
      await Promise.all([runJob(), second.scheduler.runNow(AUCTION_CLOSE_JOB), runJob()]);
    } finally {
      await second.close();
    }
    const sales = await db()
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'nft_sale'), eq(ledgerTransfers.referenceId, String(id))));
    expect(sales).toHaveLength(1);
    const shown = await detail(id);
    expect(shown.nft).toMatchObject({ state: 'sold', soldPrice: '150.00', soldBy: 'auction', owner: 2, donated: '150.00' });
    expect(
      money((await publicGet(endpointPath(nftApi.listNft))).json().result.donatedTotal)
        .minus(before)
        .toFixed(2),
    ).toBe('150.00');
    expect(await cashOf(db(), b.userId, 'real')).toBe('850');
    const won = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.userId), eq(notifications.kind, 'nftWon')));
    expect(won.map((n) => n.params)).toEqual([{ name: expect.any(String), amount: '150.00', currency: 'USD', nftId: String(id) }]);
    expect(await holdOf(b.userId)).toBe('0.00');
    expect(await cashOf(db(), a.userId, 'real')).toBe('1000');
    const owned = await api.app.inject({
      method: 'GET',
      url: `${endpointPath(nftApi.listMyNfts)}?tab=owned`,
      headers: auth(b.token, 'real'),
    });
    expect(owned.json().result.items.map((i: { nft: { id: number } }) => i.nft.id)).toEqual([id]);
    const lost = await api.app.inject({
      method: 'GET',
      url: `${endpointPath(nftApi.listMyNfts)}?tab=lost`,
      headers: auth(a.token, 'real'),
    });
    expect(lost.json().result.items.map((i: { nft: { id: number } }) => i.nft.id)).toEqual([id]);
    const charity = (await publicGet(endpointPath(nftApi.getCharity, { id: shown.nft.charity.id }))).json().result;
    expect(money(charity.raised).gte('150')).toBe(true);
    // An auction with no bid ends unsold, and nothing moves.
    const quiet = await listNft({}, 1);
    clock += 2 * HOUR;
    await runJob();
    expect((await detail(quiet)).nft).toMatchObject({ state: 'unsold', donated: '0.00', owner: null });
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('buy now ends the auction at once, releases the leading bid and pays the charity; refusals change nothing', async () => {
    const id = await listNft();
    const a = await customer('1000');
    const b = await customer('1000');
    await bid(a, id, '100');
    expect((await buyNow(b, id, '499')).json()).toMatchObject({ code: '10163', result: { price: '500.00' } });
    const bought = (await buyNow(b, id, '500')).json();
    expect(bought.code).toBe('20004');
    expect(bought.result.nft).toMatchObject({ state: 'sold', soldBy: 'buy_now', soldPrice: '500.00', owner: 2, donated: '500.00' });
    expect(bought.result.mine).toMatchObject({ owner: true });
    expect(await cashOf(db(), a.userId, 'real')).toBe('1000');
    expect(await cashOf(db(), b.userId, 'real')).toBe('500');
    expect((await bid(a, id, '600')).json().code).toBe('10160');
    expect((await buyNow(a, id, '500')).json().code).toBe('10160');
    // The leader may buy now too: their hold returns and the full price is paid.
    const led = await listNft();
    await bid(a, led, '100');
    expect((await buyNow(a, led, '500')).json().code).toBe('20004');
    expect(await cashOf(db(), a.userId, 'real')).toBe('500');
    expect(await holdOf(a.userId)).toBe('0.00');
    // Bids at the buy-now price close that way: buy now is not offered any more.
    const other = await listNft();
    await bid(b, other, '500');
    expect((await detail(other)).nft.buyNowOpen).toBe(false);
    expect((await buyNow(a, other, '500')).json().code).toBe('10162');
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('operators add charities and list NFTs (audited); customers and auditors cannot', async () => {
    const admin = await makeOperator(api.app, db(), ['admin'], undefined, clock);
    const auditor = await makeOperator(api.app, db(), ['auditor'], undefined, clock);
    const me = await customer('0');
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const charity = await api.app.inject({
      method: 'POST',
      url: endpointPath(nftApi.createCharity),
      payload: { name: 'River School Meals', description: 'Lunches for pupils.', url: 'https://example.org/river' },
      headers: as(admin.token),
    });
    expect(charity.json().result).toMatchObject({ name: 'River School Meals', raised: '0.00', nftCount: 0 });
    const badUrl = await api.app.inject({
      method: 'POST',
      url: endpointPath(nftApi.createCharity),
      payload: { name: 'X', url: 'javascript:alert(1)' },
      headers: as(admin.token),
    });
    expect(badUrl.statusCode).toBe(400);
    const body = {
      name: 'River Glow',
      creator: 'Pupils of River School',
      chain: 'polygon',
      charityId: charity.json().result.id,
      reservePrice: '20',
      buyNowPrice: '',
      minIncrement: '2',
      durationHours: 48,
    };
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: endpointPath(nftApi.createNft),
          payload: { ...body, buyNowPrice: '10' },
          headers: as(admin.token),
        })
      ).statusCode,
    ).toBe(400);
    const listed = await api.app.inject({ method: 'POST', url: endpointPath(nftApi.createNft), payload: body, headers: as(admin.token) });
    expect(listed.json().result).toMatchObject({
      name: 'River Glow',
      state: 'live',
      buyNowPrice: null,
      endsAt: new Date(clock + 48 * HOUR).toISOString(),
    });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(listed.json().result.id)));
    expect(audited.map((r) => r.action)).toEqual(['product.change']);
    expect(
      (await api.app.inject({ method: 'POST', url: endpointPath(nftApi.createNft), payload: body, headers: as(auditor.token) })).statusCode,
    ).toBe(403);
    expect((await api.app.inject({ method: 'GET', url: endpointPath(nftApi.listNftsAdmin), headers: as(auditor.token) })).statusCode).toBe(
      200,
    );
    expect(
      (await api.app.inject({ method: 'GET', url: endpointPath(nftApi.listNftsAdmin), headers: auth(me.token, 'real') })).statusCode,
    ).toBe(401);
  });
});
