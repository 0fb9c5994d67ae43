import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { accountsEndpoints } from '@meridian/contracts/endpoints/accounts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { deposits, ledgerTransfers, reviews, users } from '../../src/db/schema.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { expectLedgerBalanced } from '../ledger-helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';
import { ETH_HASH, TRON_HASH, realUser as realCustomer, uploadProof } from './funding-helpers.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Deposits (issue 25, SPEC §5.3): a real-account customer submits what they sent with a proof image
 * (20002, a review item, no money yet); a `finance` operator approves once (the currency is credited
 * through the ledger, once) or rejects with a reason; every rule is refused with its message and
 * changes nothing; nobody sees another customer's deposits or proofs.
 */
const api = withTestApi({ rateLimits: false }, { timeout: 120_000 });
const finance = withOperator(api, ['finance']);
const support = withOperator(api, ['support']);
const admin = withOperator(api, ['admin']);

const realUser = () => realCustomer(api);

const upload = (user: SignedUp) => uploadProof(api, user);

const recharge = (user: SignedUp, body: Record<string, unknown>, key: string = randomUUID(), mode: 'demo' | 'real' = 'real') =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(funding.recharge),
    payload: body,
    headers: { ...auth(user.token, mode), 'idempotency-key': key },
  });

async function usdt(user: SignedUp, overrides: Record<string, unknown> = {}) {
  const txHash = TRON_HASH();
  return { currency: 'USDT', network: 'TRC-20', txHash, last6: txHash.slice(-6), amount: '150', proofId: await upload(user), ...overrides };
}

const decide = (id: number, token: string, body: object) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(reviewsEndpoints.decideReview, { id }),
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

const reviewOf = async (depositId: number) =>
  (
    await api.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.subjectId, String(depositId)))
      .limit(10)
  ).find((r) => r.kind === 'deposit')!;

const usdtCash = async (userId: string) => {
  const { Ledger } = await import('../../src/ledger/ledger.ts');
  return (await Ledger.of(api.database.db).balancesOf(api.database.db, userId, 'real', 'USDT')).cash.toFixed();
};

describe(`deposits (${databaseKind})`, () => {
  it('submits for review (20002) without moving money; approval credits the currency once; the list shows the timeline', async () => {
    const me = await realUser();
    const body = await usdt(me);
    const sent = await recharge(me, body);
    expect(sent.json()).toMatchObject({ code: '20002', result: { state: 'pending', amount: '150', currency: 'USDT', network: 'TRC-20' } });
    const id = sent.json().result.id as number;
    expect(await usdtCash(me.userId)).toBe('0');
    const review = await reviewOf(id);
    expect(review).toMatchObject({
      state: 'pending',
      userId: me.userId,
      payload: { amount: '150', currency: 'USDT', txHash: body.txHash },
    });

    // A rejection's reason cannot approve, and another role cannot decide.
    expect((await decide(review.id, finance.token, { decision: 'approve', reasonCode: 'hashNotFound' })).json().code).toBe('10207');
    expect((await decide(review.id, support.token, { decision: 'approve', reasonCode: 'received' })).statusCode).toBe(404);
    const approved = await decide(review.id, finance.token, { decision: 'approve', reasonCode: 'received' });
    expect(approved.json()).toMatchObject({ code: '200', result: { state: 'completed' } });
    expect(await usdtCash(me.userId)).toBe('150');
    // Never twice: a second decision is refused, and the database holds one credit for the deposit.
    expect((await decide(review.id, finance.token, { decision: 'approve', reasonCode: 'received' })).statusCode).toBe(409);
    const credits = await api.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.referenceId, String(id)));
    expect(credits.filter((t) => t.type === 'deposit_credit').map((t) => [t.currency, t.amount])).toEqual([
      ['USDT', '150.000000000000000000'],
    ]);

    const list = await api.app.inject({ method: 'GET', url: endpointPath(funding.listRecharge), headers: auth(me.token, 'real') });
    expect(list.json().result).toMatchObject({
      total: 1,
      items: [{ id, state: 'approved', reason: 'received', txHash: body.txHash, amount: '150' }],
    });
    expect(list.json().result.items[0].decidedAt).not.toBeNull();
    await expectLedgerBalanced(api.database.db);
  });

  it('a rejection credits nothing, gives the reason, and frees the hash for a corrected request', async () => {
    const me = await realUser();
    const body = await usdt(me);
    const id = (await recharge(me, body)).json().result.id as number;
    // While it is open, the same hash cannot be submitted again (another key, another proof).
    const again = await recharge(me, { ...body, proofId: await upload(me) });
    expect(again.json().code).toBe('10122');
    const review = await reviewOf(id);
    expect((await decide(review.id, finance.token, { decision: 'reject', reasonCode: 'received' })).json().code).toBe('10207');
    const rejected = await decide(review.id, finance.token, { decision: 'reject', reasonCode: 'proofUnreadable' });
    expect(rejected.json()).toMatchObject({ result: { state: 'rejected', reasonCode: 'proofUnreadable' } });
    expect(await usdtCash(me.userId)).toBe('0');
    const list = (await api.app.inject({ method: 'GET', url: endpointPath(funding.listRecharge), headers: auth(me.token, 'real') })).json()
      .result;
    expect(list.items[0]).toMatchObject({ id, state: 'rejected', reason: 'proofUnreadable' });
    const retry = await recharge(me, { ...body, proofId: await upload(me) });
    expect(retry.json()).toMatchObject({ code: '20002', result: { state: 'pending' } });
  });

  it('refuses each rule of SPEC §5.3 with its message, and a demo account, changing nothing', async () => {
    const me = await realUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '119.99' }, 'validation.depositMinimum.USDT'],
      [{ amount: '100.1234567' }, 'validation.amountPlaces.USDT'],
      [{ amount: '' }, 'validation.enterAmount'],
      [{ amount: 'abc' }, 'validation.enterCorrectAmount'],
      [{ currency: 'BTC', network: 'Bitcoin', amount: '0.0149' }, 'validation.depositMinimum.BTC'],
      [
        { currency: 'ETH', network: 'Ethereum', txHash: `0x${'cd'.repeat(32)}`, last6: 'cdcdcd', amount: '0.19' },
        'validation.depositMinimum.ETH',
      ],
      [{ network: 'Bitcoin' }, 'validation.selectNetwork'],
      [{ txHash: '' }, 'validation.enterTransactionHash'],
      [{ txHash: `0x${'ab'.repeat(32)}` }, 'validation.transactionHashPlain'],
      [{ network: 'ERC-20', txHash: 'ab'.repeat(32), last6: 'ababab' }, 'validation.transactionHashEthereum'],
      [{ last6: '' }, 'validation.enterLast6'],
      [{ last6: '000000' }, 'validation.last6Mismatch'],
      [{ proofId: undefined }, 'validation.uploadReceipt'],
    ];
    for (const [override, message] of cases) {
      const res = await recharge(me, await usdt(me, override));
      expect(res.json(), message).toMatchObject({ code: '400', message });
    }
    // A proof that is not the caller's own upload.
    const other = await realUser();
    expect((await recharge(me, await usdt(me, { proofId: await upload(other) }))).json().message).toBe('validation.uploadRequired');
    // The demo account is told to switch.
    const demo = await signUp(api.app);
    expect((await recharge(demo, await usdt(demo), randomUUID(), 'demo')).json().code).toBe('10120');
    const mine = await api.database.db.select().from(deposits).where(eq(deposits.userId, me.userId));
    expect(mine).toEqual([]);
  });

  it('one Idempotency-Key submits once; the minimums hold at exactly the minimum; ETH on Ethereum takes 0x hashes', async () => {
    const me = await realUser();
    const key = randomUUID();
    const body = await usdt(me, { amount: '120' });
    const [a, b] = await Promise.all([recharge(me, body, key), recharge(me, body, key)]);
    expect([a.json().code, b.json().code]).toEqual(['20002', '20002']);
    expect(a.json().result.id).toBe(b.json().result.id);
    const hash = ETH_HASH();
    const eth = await recharge(
      me,
      await usdt(me, { currency: 'ETH', network: 'Ethereum', txHash: hash, last6: hash.slice(-6).toUpperCase(), amount: '0.2' }),
    );
    expect(eth.json()).toMatchObject({ code: '20002', result: { currency: 'ETH', amount: '0.2' } });
    // USDT on ERC-20 runs on the same chain: the same transaction cannot be claimed again as a USDT deposit.
    const usdtSameTx = await recharge(me, await usdt(me, { network: 'ERC-20', txHash: hash, last6: hash.slice(-6), amount: '500' }));
    expect(usdtSameTx.json().code).toBe('10122');
    expect((await api.database.db.select().from(deposits).where(eq(deposits.userId, me.userId))).length).toBe(2);
  });

  it("an invitee's first approved deposit rewards the inviter once, in USDT, also when two approvals run at once", async () => {
    const inviter = await realUser();
    const friend = await realUser();
    await api.database.db.update(users).set({ invitedBy: inviter.userId }).where(eq(users.id, friend.userId));
    await userChanged(friend.userId);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await recharge(friend, await usdt(friend))).json().result.id as number);
    const reviewIds = await Promise.all(ids.map(async (id) => (await reviewOf(id)).id));
    // The first is rejected: no reward. Then two approvals at once: one reward between them.
    await decide(reviewIds[0]!, finance.token, { decision: 'reject', reasonCode: 'amountMismatch' });
    expect(await usdtCash(inviter.userId)).toBe('0');
    const answers = await Promise.all(
      reviewIds.slice(1).map((id) => decide(id, finance.token, { decision: 'approve', reasonCode: 'received' })),
    );
    expect(answers.map((a) => a.json().code)).toEqual(['200', '200']);
    expect(await usdtCash(friend.userId)).toBe('300');
    expect(await usdtCash(inviter.userId)).toBe('10');
    const rewards = await api.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, friend.userId));
    expect(rewards.filter((t) => t.referenceKind === 'invite').map((t) => [t.type, t.currency, t.amount])).toEqual([
      ['invite_reward', 'USDT', '10.000000000000000000'],
    ]);
    const notices = await api.app.inject({
      method: 'GET',
      url: endpointPath(accountsEndpoints.listNotifications),
      headers: auth(inviter.token, 'real'),
    });
    expect(JSON.stringify(notices.json()), notices.body).toContain('inviteReward');
    // The inviter's page: the friend masked, the reward from the ledger; the friend sees no one.
    const invites = (
      await api.app.inject({ method: 'GET', url: endpointPath(funding.listInvites), headers: auth(inviter.token, 'real') })
    ).json();
    const local = friend.email.split('@')[0]!;
    expect(invites.result).toMatchObject({
      rewardPerFriend: '10',
      currency: 'USDT',
      total: 1,
      rewardsPaid: '10',
      friends: [{ name: `${local.slice(0, 2)}***@example.com`, reward: '10' }],
    });
    expect(JSON.stringify(invites.result)).not.toContain(friend.email);
    const none = (
      await api.app.inject({ method: 'GET', url: endpointPath(funding.listInvites), headers: auth(friend.token, 'real') })
    ).json();
    expect(none.result).toMatchObject({ total: 0, friends: [], rewardsPaid: '0' });
    await expectLedgerBalanced(api.database.db);
  });

  it('operators who read the deposit queue see the proof through the item; others get 404', async () => {
    const me = await realUser();
    const id = (await recharge(me, await usdt(me))).json().result.id as number;
    const review = await reviewOf(id);
    const image = (token: string, key = 'proofId') =>
      api.app.inject({
        method: 'GET',
        url: endpointPath(reviewsEndpoints.getReviewImage, { id: review.id, key }),
        headers: { authorization: `Bearer ${token}` },
      });
    const seen = await image(finance.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['content-security-policy']).toContain('sandbox');
    expect((await image(support.token)).statusCode).toBe(404);
    expect((await image(finance.token, 'txHash')).statusCode).toBe(400);
  });

  it("a customer never sees another's deposits or proofs", async () => {
    const owner = await realUser();
    const stranger = await realUser();
    const id = (await recharge(owner, await usdt(owner))).json().result.id as number;
    const proof = (who: SignedUp) =>
      api.app.inject({ method: 'GET', url: endpointPath(funding.depositProof, { id }), headers: auth(who.token, 'real') });
    const own = await proof(owner);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await proof(stranger)).statusCode).toBe(404);
    const list = await api.app.inject({ method: 'GET', url: endpointPath(funding.listRecharge), headers: auth(stranger.token, 'real') });
    expect(list.json().result).toMatchObject({ total: 0, items: [] });
  });

  it('offers the deposit address of every network, flagged as a development start’s', async () => {
    const me = await realUser();
    const res = await api.app.inject({ method: 'GET', url: endpointPath(funding.depositAddresses), headers: auth(me.token, 'real') });
    const result = res.json().result as { addresses: { network: string; address: string }[]; development: boolean };
    expect(result.addresses.map((a) => a.network).sort()).toEqual(['Bitcoin', 'ERC-20', 'Ethereum', 'TRC-20']);
    expect(result.addresses.find((a) => a.network === 'TRC-20')!.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(result.addresses.find((a) => a.network === 'Bitcoin')!.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(result.development).toBe(true);
  });

  it('an admin sets the deposit addresses: checksums checked, the page offers exactly those, a network left out takes no deposits', async () => {
    const put = (value: string) =>
      api.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/deposit_address',
        payload: { value },
        headers: { authorization: `Bearer ${admin.token}` },
      });
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const eth = '0x52908400098527886E0F7030069857D2E4169EE7';
    // The shape is right but the checksum is not (the last character changed): refused by the API's own check.
    const badChecksum = await put(JSON.stringify({ 'TRC-20': tron, 'ERC-20': '0x52908400098527886E0F7030069857D2E4169Ee7' }));
    expect(badChecksum.json()).toMatchObject({ code: '10206', message: 'validation.depositAddressInvalid' });
    expect((await put(JSON.stringify({ 'TRC-20': eth }))).json().message).toBe('validation.depositAddressInvalid');
    expect((await put(JSON.stringify({ Dogecoin: tron }))).json().message).toBe('validation.depositAddressInvalid');
    const saved = await put(JSON.stringify({ 'TRC-20': tron, 'ERC-20': eth }));
    expect(saved.json().result).toMatchObject({ key: 'deposit_address', development: false });

    const me = await realUser();
    const offered = (
      await api.app.inject({ method: 'GET', url: endpointPath(funding.depositAddresses), headers: auth(me.token, 'real') })
    ).json();
    expect(offered.result).toEqual({
      addresses: [
        { network: 'TRC-20', address: tron },
        { network: 'ERC-20', address: eth },
      ],
      development: false,
    });
    const btcHash = 'ef'.repeat(32);
    const closed = await recharge(
      me,
      await usdt(me, { currency: 'BTC', network: 'Bitcoin', txHash: btcHash, last6: 'efefef', amount: '0.02' }),
    );
    expect(closed.json().code).toBe('10121');
  });
});
