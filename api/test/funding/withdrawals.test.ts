import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import { TronWeb, Trx } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { endpointPath, withdrawalAuthorizationMessage, withdrawalFigures } from '@meridian/contracts';
import type { AuthorizationNonceResult } from '@meridian/contracts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { withdrawalEndpoints as w } from '@meridian/contracts/endpoints/withdrawals';
import { auditLog, ledgerTransfers, reviews, users, verificationCodes, withdrawals } from '../../src/db/schema.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { auth } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind, OPERATOR_TOKEN } from '../helpers.ts';
import { expectLedgerBalanced } from '../ledger-helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';
import { ETH_HASH, TRON_HASH, realUser as realCustomer, uploadProof } from './funding-helpers.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * Withdrawals, linked wallets and the USDT authorization (issue 25, SPEC §5.5–5.6): an address is linked
 * by signing the readable authorization (verified here), waits out its hold, and a request to it needs
 * the e-mailed code; the amount is held at once; a `finance` operator approves and records the payout
 * hash once, or rejects (the hold returns); a bounced payout returns everything. Nobody reaches another
 * customer's links or withdrawals.
 */
const HOLD_SECONDS = 60;
let clock = Date.now();
// Its own database on PostgreSQL: this suite moves the markets' clock ahead, and its candles and prices must not
// reach the suites that read the market at the real time.
const api = withTestApi({ rateLimits: false, walletHoldSeconds: HOLD_SECONDS, now: () => clock }, { ownDatabase: true, timeout: 120_000 });
const finance = withOperator(api, ['finance']);
const financeB = withOperator(api, ['finance']);
const auditor = withOperator(api, ['auditor']);
const support = withOperator(api, ['support']);

const realUser = () => realCustomer(api);

const post = (user: SignedUp, endpoint: { path: `/${string}` }, payload: object, extra: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url: endpointPath(endpoint), payload, headers: { ...auth(user.token, 'real'), ...extra } });

const decide = (id: number, body: object) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(reviewsEndpoints.decideReview, { id }),
    payload: body,
    headers: { authorization: `Bearer ${finance.token}` },
  });
const step = (id: number, body: object, token: string = finance.token) =>
  api.app.inject({
    method: 'POST',
    url: endpointPath(reviewsEndpoints.stepReview, { id }),
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

const reviewOf = async (kind: 'deposit' | 'withdrawal', subjectId: number) =>
  (
    await api.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.kind, kind), eq(reviews.subjectId, String(subjectId))))
  )[0]!;

/** Funds the user's real USDT through an approved deposit, as the site does. */
async function fund(user: SignedUp, amount: string): Promise<void> {
  const txHash = TRON_HASH();
  const body = { currency: 'USDT', network: 'TRC-20', txHash, last6: txHash.slice(-6), amount, proofId: await uploadProof(api, user) };
  const sent = await post(user, funding.recharge, body, { 'idempotency-key': randomUUID() });
  const review = await reviewOf('deposit', sent.json().result.id as number);
  expect((await decide(review.id, { decision: 'approve', reasonCode: 'received' })).json().code).toBe('200');
}

const balances = async (userId: string) => {
  const { Ledger } = await import('../../src/ledger/ledger.ts');
  const b = await Ledger.of(api.database.db).balancesOf(api.database.db, userId, 'real', 'USDT');
  return { cash: b.cash.toFixed(), held: b.withdrawal_hold.toFixed() };
};

async function nonce(user: SignedUp, chain: 'ethereum' | 'tron'): Promise<AuthorizationNonceResult> {
  const res = await post(user, w.authorizationNonce, { chain });
  expect(res.json().code).toBe('200');
  return res.json().result as AuthorizationNonceResult;
}

/** Signs the authorization with an Ethereum wallet (personal_sign) and stores it. */
async function authorizeEthereum(user: SignedUp, wallet: Wallet, n?: AuthorizationNonceResult, signer: Wallet = wallet) {
  const fields = n ?? (await nonce(user, 'ethereum'));
  const message = withdrawalAuthorizationMessage({ ...fields, chain: 'ethereum', address: wallet.address });
  return post(user, w.updateUsdtAuth, {
    action: 'sign',
    chain: 'ethereum',
    address: wallet.address,
    message,
    signature: await signer.signMessage(message),
  });
}

async function authorizeTron(user: SignedUp) {
  const privateKey = Wallet.createRandom().privateKey.slice(2);
  const address = TronWeb.address.fromPrivateKey(privateKey) as string;
  const fields = await nonce(user, 'tron');
  const message = withdrawalAuthorizationMessage({ ...fields, chain: 'tron', address });
  const res = await post(user, w.updateUsdtAuth, {
    action: 'sign',
    chain: 'tron',
    address,
    message,
    signature: await Trx.signMessageV2(message, privateKey),
  });
  return { res, address };
}

/** The newest code mailed to the user for a withdrawal. */
async function withdrawalCode(user: SignedUp): Promise<string> {
  // A new code may be asked for once a minute: the tests forget the last one.
  await api.database.db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.email, user.email), eq(verificationCodes.purpose, 'withdrawal')));
  const sent = await post(user, w.sendWithdrawalCode, {});
  expect(sent.json()).toMatchObject({ code: '200', result: { sentTo: `${user.email.slice(0, 2)}***@example.com` } });
  const mails = (await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json().result as {
    subject: string;
    text: string;
  }[];
  expect(mails[0]!.subject).toBe('Your Meridian withdrawal code');
  return /\b(\d{6})\b/.exec(mails[0]!.text)![1]!;
}

/** A withdrawal request with the fee the form would show (1 %, the default), unless the body names one. */
function withFee(body: Record<string, unknown>): Record<string, unknown> {
  if ('fee' in body || typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount)) return body;
  const currency = (body.currency ?? 'USDT') as 'USDT';
  return { ...body, fee: withdrawalFigures(body.amount, '1', currency).fee.toFixed() };
}
const withdraw = (user: SignedUp, body: Record<string, unknown>, key: string = randomUUID()) =>
  post(user, w.withdrawal, withFee(body), { 'idempotency-key': key });

/** A funded real user with an authorized Ethereum address past its hold. */
async function ready(amount = '150') {
  const me = await realUser();
  await fund(me, amount);
  const wallet = Wallet.createRandom() as unknown as Wallet;
  expect((await authorizeEthereum(me, wallet)).json().code).toBe('20005');
  clock += (HOLD_SECONDS + 1) * 1000;
  return { me, wallet, body: { currency: 'USDT', method: 'wallet', network: 'ERC-20', address: wallet.address, amount: '100' } };
}

describe(`withdrawals (${databaseKind})`, () => {
  it('links an address by its signed authorization, mails a cancel link, and holds it for the stated time', async () => {
    const me = await realUser();
    const wallet = Wallet.createRandom() as unknown as Wallet;
    const stored = await authorizeEthereum(me, wallet);
    expect(stored.json()).toMatchObject({ code: '20005', result: { chain: 'ethereum', address: wallet.address, revokedAt: null } });
    const view = stored.json().result;
    expect(Date.parse(view.usableAt) - Date.parse(view.linkedAt)).toBe(HOLD_SECONDS * 1000);
    expect(view.authorizedAt).not.toBeNull();
    const mails = (await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(me.email)}` })).json().result as {
      subject: string;
      text: string;
    }[];
    expect(mails[0]!.subject).toBe('A withdrawal address was linked to your Meridian account');
    expect(mails[0]!.text).toContain(wallet.address);
    const token = /\/pass\/wallet-cancel\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;

    const state = await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(me.token, 'real') });
    expect(state.json().result).toMatchObject({ holdSeconds: HOLD_SECONDS, links: [{ address: wallet.address }] });

    // Signing again re-authorizes the same link: no second link, no second hold.
    const again = await authorizeEthereum(me, wallet);
    expect(again.json().result).toMatchObject({ id: view.id, usableAt: view.usableAt });

    // The e-mailed link cancels it without a session, once.
    const cancel = await api.app.inject({ method: 'POST', url: endpointPath(w.cancelWalletLink), payload: { token } });
    expect(cancel.json()).toMatchObject({ code: '200', result: { chain: 'ethereum', address: wallet.address } });
    expect((await api.app.inject({ method: 'POST', url: endpointPath(w.cancelWalletLink), payload: { token } })).json().code).toBe('10133');
    const after = await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(me.token, 'real') });
    expect(after.json().result.links).toEqual([]);
  });

  it('verifies the authorization: another signer, another account, a spent nonce and a Tron signature', async () => {
    const me = await realUser();
    const other = await realUser();
    const wallet = Wallet.createRandom() as unknown as Wallet;
    // Signed by a key that is not the address's.
    expect((await authorizeEthereum(me, wallet, undefined, Wallet.createRandom() as unknown as Wallet)).json().code).toBe('10094');
    // A message naming another account (its nonce, its id) is refused for this one.
    const theirs = await nonce(other, 'ethereum');
    expect((await authorizeEthereum(me, wallet, theirs)).json().code).toBe('10094');
    // A nonce is spent once.
    const mine = await nonce(me, 'ethereum');
    expect((await authorizeEthereum(me, wallet, mine)).json().code).toBe('20005');
    expect((await authorizeEthereum(me, wallet, mine)).json().code).toBe('10095');
    // Tron: signMessageV2 over the same lines.
    const tron = await authorizeTron(me);
    expect(tron.res.json()).toMatchObject({ code: '20005', result: { chain: 'tron', address: tron.address } });
    // Nobody revokes another customer's link.
    const linkId = tron.res.json().result.id as number;
    expect((await post(other, w.updateUsdtAuth, { action: 'revoke', linkId })).statusCode).toBe(404);
  });

  it('withdraws with the e-mailed code: held at once, approved, paid once with its hash; the fee is the stated share', async () => {
    const { me, body } = await ready();
    const code = await withdrawalCode(me);
    const sent = await withdraw(me, { ...body, code });
    expect(sent.json()).toMatchObject({
      code: '20003',
      result: { state: 'pending', amount: '100', fee: '1', received: '99', network: 'ERC-20' },
    });
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '100' });
    const id = sent.json().result.id as number;
    const review = await reviewOf('withdrawal', id);
    expect(review.payload).toMatchObject({ amount: '100', fee: '1', received: '99', address: body.address });

    // A hash cannot be recorded before the approval; a rejection's reason cannot approve.
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: ETH_HASH() } })).json().code).toBe('10212');
    expect((await decide(review.id, { decision: 'approve', reasonCode: 'addressInvalid' })).json().code).toBe('10207');
    expect((await decide(review.id, { decision: 'approve', reasonCode: 'paid' })).json().result.state).toBe('approved');
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '100' });
    // A hash that is not one, or a Tron-shaped hash for an Ethereum payout, is refused.
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: '0xnothex' } })).json()).toMatchObject({
      code: '400',
      message: 'validation.payoutHashInvalid',
    });
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: TRON_HASH() } })).statusCode).toBe(400);
    const hash = ETH_HASH();
    // An auditor reads the queue but decides nothing; support does not even see withdrawals; break-glass decides nothing.
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: hash } }, auditor.token)).statusCode).toBe(403);
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: hash } }, support.token)).statusCode).toBe(404);
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: hash } }, OPERATOR_TOKEN)).statusCode).toBe(403);
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: hash } })).json().result).toMatchObject({
      state: 'paid',
      payload: { amount: '100', payoutHash: hash },
    });
    // Never twice, nor another kind's step.
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: ETH_HASH() } })).json().code).toBe('10212');
    expect((await step(review.id, { step: 'disburse' })).json().code).toBe('10212');
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.step'), eq(auditLog.targetId, String(review.id))));
    expect(audits.map((a) => [a.actor, a.after])).toEqual([
      [finance.email, { state: 'paid', step: 'pay', fields: { payoutHash: hash }, note: null }],
    ]);
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '0' });
    const moves = await api.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.referenceId, String(id)));
    expect(
      moves
        .filter((m) => m.referenceKind === 'withdrawal')
        .map((m) => [m.type, m.amount])
        .sort(),
    ).toEqual([
      ['withdrawal_fee', '1.000000000000000000'],
      ['withdrawal_hold', '100.000000000000000000'],
      ['withdrawal_paid', '99.000000000000000000'],
    ]);
    const list = await api.app.inject({ method: 'GET', url: endpointPath(w.listWithdrwal), headers: auth(me.token, 'real') });
    expect(list.json().result).toMatchObject({ total: 1, items: [{ id, state: 'paid', payoutHash: hash }] });
    await expectLedgerBalanced(api.database.db);
  });

  it('a rejection returns the hold; a bounced payout returns the amount and its fee', async () => {
    const { me, body } = await ready();
    const first = await withdraw(me, { ...body, amount: '60', code: await withdrawalCode(me) });
    const rejected = await reviewOf('withdrawal', first.json().result.id as number);
    expect((await decide(rejected.id, { decision: 'reject', reasonCode: 'securityHold' })).json().result.state).toBe('rejected');
    expect(await balances(me.userId)).toEqual({ cash: '150', held: '0' });
    const list = await api.app.inject({ method: 'GET', url: endpointPath(w.listWithdrwal), headers: auth(me.token, 'real') });
    expect(list.json().result.items[0]).toMatchObject({ state: 'rejected', reason: 'securityHold' });

    const second = await withdraw(me, { ...body, amount: '50', code: await withdrawalCode(me) });
    const paid = await reviewOf('withdrawal', second.json().result.id as number);
    await decide(paid.id, { decision: 'approve', reasonCode: 'paid' });
    await step(paid.id, { step: 'pay', fields: { payoutHash: ETH_HASH() } });
    expect(await balances(me.userId)).toEqual({ cash: '100', held: '0' });
    // Money that left on one operator's word comes back on another's.
    expect((await step(paid.id, { step: 'fail', fields: { failureReason: 'addressInvalid' } })).json().code).toBe('10204');
    expect((await step(paid.id, { step: 'fail', fields: { failureReason: 'addressInvalid' } }, financeB.token)).json().result.state).toBe(
      'failed',
    );
    expect(await balances(me.userId)).toEqual({ cash: '150', held: '0' });
    const after = await api.app.inject({ method: 'GET', url: endpointPath(w.listWithdrwal), headers: auth(me.token, 'real') });
    expect(after.json().result.items[0]).toMatchObject({ state: 'failed', reason: 'addressInvalid' });
    await expectLedgerBalanced(api.database.db);
  });

  it('an approved withdrawal not sent after all is cancelled by another operator than the approver, its hold returned', async () => {
    const { me, body } = await ready();
    const sent = await withdraw(me, { ...body, code: await withdrawalCode(me) });
    const review = await reviewOf('withdrawal', sent.json().result.id as number);
    await decide(review.id, { decision: 'approve', reasonCode: 'paid' });
    // The owner cancels the address through the e-mailed link after the approval.
    const mails = (await api.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(me.email)}` })).json().result as {
      text: string;
    }[];
    const token = /wallet-cancel\?token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.text.includes('wallet-cancel'))!.text)![1]!;
    expect((await api.app.inject({ method: 'POST', url: endpointPath(w.cancelWalletLink), payload: { token } })).json().code).toBe('200');
    // The approver, who may have sent it already, cannot take it back alone.
    expect((await step(review.id, { step: 'cancel', fields: { failureReason: 'securityHold' } })).json().code).toBe('10204');
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '100' });
    const cancelled = await step(review.id, { step: 'cancel', fields: { failureReason: 'securityHold' } }, financeB.token);
    expect(cancelled.json().result.state).toBe('failed');
    expect(await balances(me.userId)).toEqual({ cash: '150', held: '0' });
    const list = await api.app.inject({ method: 'GET', url: endpointPath(w.listWithdrwal), headers: auth(me.token, 'real') });
    expect(list.json().result.items[0]).toMatchObject({ state: 'failed', reason: 'securityHold', payoutHash: null });
    await expectLedgerBalanced(api.database.db);
  });

  it('a payout sent before the address was revoked is still recorded: its hash is a fact', async () => {
    const { me, body } = await ready();
    const sent = await withdraw(me, { ...body, code: await withdrawalCode(me) });
    const review = await reviewOf('withdrawal', sent.json().result.id as number);
    await decide(review.id, { decision: 'approve', reasonCode: 'paid' });
    const links = (await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(me.token, 'real') })).json()
      .result.links as { id: number }[];
    await post(me, w.updateUsdtAuth, { action: 'revoke', linkId: links[0]!.id });
    expect((await step(review.id, { step: 'pay', fields: { payoutHash: ETH_HASH() } })).json().result.state).toBe('paid');
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '0' });
  });

  it('a fee changed after it was shown is refused, never charged unseen; one payout hash pays one withdrawal', async () => {
    const { me, body } = await ready();
    const code = await withdrawalCode(me);
    // The form showed 1 % (1 USDT on 100); an operator changed the fee to 2 % meanwhile.
    expect((await withdraw(me, { ...body, code, fee: '2' })).json().code).toBe('10134');
    expect(await balances(me.userId)).toEqual({ cash: '150', held: '0' });
    const first = await withdraw(me, { ...body, amount: '40', code });
    const second = await withdraw(me, { ...body, amount: '40', code: await withdrawalCode(me) });
    const hash = ETH_HASH();
    for (const sent of [first, second]) {
      const review = await reviewOf('withdrawal', sent.json().result.id as number);
      await decide(review.id, { decision: 'approve', reasonCode: 'paid' });
    }
    const a = await reviewOf('withdrawal', first.json().result.id as number);
    const b = await reviewOf('withdrawal', second.json().result.id as number);
    expect((await step(a.id, { step: 'pay', fields: { payoutHash: hash } })).json().result.state).toBe('paid');
    expect(
      (await step(b.id, { step: 'pay', fields: { payoutHash: hash.toUpperCase().replace('0X', '0x') } })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(await balances(me.userId)).toEqual({ cash: '70', held: '40' });
  });

  it('refuses each rule with its code or message and changes nothing', async () => {
    const me = await realUser();
    await fund(me, '150');
    const wallet = Wallet.createRandom() as unknown as Wallet;
    const base = { currency: 'USDT', method: 'wallet', network: 'ERC-20', address: wallet.address, amount: '100' };
    const code = await withdrawalCode(me);
    // No linked address.
    expect((await withdraw(me, { ...base, code })).json().code).toBe('10021');
    await authorizeEthereum(me, wallet);
    // On hold.
    expect((await withdraw(me, { ...base, code })).json().code).toBe('10130');
    clock += (HOLD_SECONDS + 1) * 1000;
    // The form's rules, from the server too.
    const field = async (body: Record<string, unknown>) => (await withdraw(me, body)).json().message as string;
    expect(await field({ ...base, method: undefined, code })).toBe('validation.selectWithdrawalMethod');
    expect(await field({ ...base, amount: '5', code })).toBe('validation.withdrawalMinimum.USDT');
    expect(await field({ ...base, amount: '10.1234567', code })).toMatch(/^validation\./);
    expect(await field({ ...base, network: 'Ethereum', code })).toBe('validation.selectNetwork');
    expect(await field({ ...base, currency: 'BTC', network: 'Bitcoin', code })).toBe('validation.selectNetwork');
    // More than the balance.
    expect((await withdraw(me, { ...base, amount: '150.5', code })).json().code).toBe('10011');
    // The demo account.
    await api.database.db.update(users).set({ accountMode: 'demo' }).where(eq(users.id, me.userId));
    await userChanged(me.userId);
    const demo = await api.app.inject({
      method: 'POST',
      url: endpointPath(w.withdrawal),
      payload: withFee({ ...base, code }),
      headers: { ...auth(me.token, 'demo'), 'idempotency-key': randomUUID() },
    });
    expect(demo.json().code).toBe('10120');
    await api.database.db.update(users).set({ accountMode: 'real' }).where(eq(users.id, me.userId));
    await userChanged(me.userId);
    // A wrong code is refused and counted; the right one still works after it (it was never spent above).
    expect((await withdraw(me, { ...base, code: code === '000000' ? '111111' : '000000' })).json().code).toBe('10091');
    const [row] = await api.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, me.email), eq(verificationCodes.purpose, 'withdrawal')));
    expect(row!.attempts).toBe(1);
    expect(await balances(me.userId)).toEqual({ cash: '150', held: '0' });
    // Revoked: "authorization not completed".
    const links = (await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(me.token, 'real') })).json()
      .result.links as { id: number }[];
    expect((await post(me, w.updateUsdtAuth, { action: 'revoke', linkId: links[0]!.id })).json().result.authorizedAt).toBeNull();
    expect((await withdraw(me, { ...base, code })).json().code).toBe('10131');
    await authorizeEthereum(me, wallet);
    expect((await withdraw(me, { ...base, code })).json().code).toBe('20003');
  });

  it('concurrent withdrawals cannot exceed the balance, and a code confirms one request', async () => {
    const { me, body } = await ready();
    const code = await withdrawalCode(me);
    // Four requests of 100 at once against 150: one is held, the others find the balance short.
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(me, { ...body, amount: '100', code })));
    expect(answers.map((a) => a.json().code as string).sort()).toEqual(['10011', '10011', '10011', '20003']);
    expect(await balances(me.userId)).toEqual({ cash: '50', held: '100' });
    // The code is spent: a request that fits is refused now.
    expect((await withdraw(me, { ...body, amount: '40', code })).json().code).toBe('10091');
    // The same key replays its answer; it never holds twice.
    const key = randomUUID();
    const fresh = await withdrawalCode(me);
    const once = await withdraw(me, { ...body, amount: '40', code: fresh }, key);
    const replay = await withdraw(me, { ...body, amount: '40', code: fresh }, key);
    expect(replay.json()).toEqual(once.json());
    expect(await balances(me.userId)).toEqual({ cash: '10', held: '140' });
    // A revoked address cannot be approved: the operator must reject.
    const links = (await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(me.token, 'real') })).json()
      .result.links as { id: number }[];
    await post(me, w.updateUsdtAuth, { action: 'revoke', linkId: links[0]!.id });
    const review = await reviewOf('withdrawal', once.json().result.id as number);
    expect((await decide(review.id, { decision: 'approve', reasonCode: 'paid' })).json().code).toBe('10131');
    await expectLedgerBalanced(api.database.db);
    // The ledger check reconciles the hold with the withdrawals waiting: a row that says otherwise is named.
    const id = once.json().result.id as number;
    await api.database.db.update(withdrawals).set({ amount: '41', fee: '1.4', received: '39.6' }).where(eq(withdrawals.id, id));
    expect((await checkLedger(api.database.db)).unreconciled).toContainEqual({
      what: 'withdrawal_hold',
      ref: `${me.userId}:real:USDT`,
      expected: '141.000000000000000000',
      actual: '140.000000000000000000',
    });
    await api.database.db.update(withdrawals).set({ amount: '40', fee: '0.4', received: '39.6' }).where(eq(withdrawals.id, id));
  });

  it('a new code waits a minute while the last is unused, and not at all once it was used', async () => {
    const { me, body } = await ready();
    const code = await withdrawalCode(me);
    expect((await post(me, w.sendWithdrawalCode, {})).statusCode).toBe(429);
    expect((await withdraw(me, { ...body, amount: '20', code })).json().code).toBe('20003');
    expect((await post(me, w.sendWithdrawalCode, {})).json().code).toBe('200');
  });

  it("a customer never reads another's withdrawals or links", async () => {
    const { me, body } = await ready();
    await withdraw(me, { ...body, code: await withdrawalCode(me) });
    const stranger = await realUser();
    const list = await api.app.inject({ method: 'GET', url: endpointPath(w.listWithdrwal), headers: auth(stranger.token, 'real') });
    expect(list.json().result).toMatchObject({ total: 0, items: [] });
    const links = await api.app.inject({ method: 'GET', url: endpointPath(w.withdrawalAuth), headers: auth(stranger.token, 'real') });
    expect(links.json().result.links).toEqual([]);
  });
});
