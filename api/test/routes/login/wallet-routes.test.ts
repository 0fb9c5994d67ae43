import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import { TronWeb, Trx } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { tronSignInMessage } from '@meridian/contracts';
import type { WalletNonceResult } from '@meridian/contracts';
import { users, walletNonces } from '../../../src/db/schema.ts';
import { createTestApi } from '../../helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';
import { siweMessage, userInfo } from '../../accounts-helpers.ts';

const LOGIN = '/api/swx/customer/login';
const SITE = 'http://127.0.0.1:4321';

describe('wallet login: real signatures, verified on the server', () => {
  const api = withTestApi({ rateLimits: false, siteOrigin: SITE });

  const nonceFor = async (chain: 'ethereum' | 'tron', language = 'en'): Promise<WalletNonceResult> => {
    const res = await api.app.inject({ method: 'GET', url: `${LOGIN}/walletNonce?chain=${chain}&language=${language}` });
    expect(res.json().code).toBe('200');
    return res.json().result as WalletNonceResult;
  };
  const login = (body: Record<string, string>) => api.app.inject({ method: 'POST', url: `${LOGIN}/loginByWallet`, payload: body });

  it('the nonce names this site and carries a translated statement', async () => {
    const n = await nonceFor('ethereum', 'de');
    expect(n.domain).toBe('127.0.0.1:4321');
    expect(n.uri).toBe(SITE);
    expect(n.nonce).toMatch(/^[a-f0-9]{48}$/);
    expect(Date.parse(n.expiresAt) - Date.parse(n.issuedAt)).toBe(300_000);
    expect(n.statement).not.toBe((await nonceFor('ethereum', 'en')).statement);
  });

  it('Ethereum: an EIP-4361 message signed by the wallet signs in, and the first sign-in makes the account', async () => {
    const wallet = Wallet.createRandom();
    const message = siweMessage(wallet, await nonceFor('ethereum'));
    const res = await login({ chain: 'ethereum', address: wallet.address, message, signature: await wallet.signMessage(message) });
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.result.user).toMatchObject({ walletAddress: wallet.address, walletChain: 'ethereum', email: null, hasPassword: false });
    expect(res.cookies.find((c) => c.name === 'meridian_refresh')).toBeTruthy();
    const info = await userInfo(api.app, body.result.token);
    expect(info.json().result.account.baseBalance).toBe('100000');

    const again = siweMessage(wallet, await nonceFor('ethereum'));
    const second = await login({
      chain: 'ethereum',
      address: wallet.address.toLowerCase(),
      message: again,
      signature: await wallet.signMessage(again),
    });
    expect(second.json().result.user.id).toBe(body.result.user.id);
    expect(await api.database.db.select().from(users).where(eq(users.walletAddress, wallet.address))).toHaveLength(1);
  });

  it('a replayed nonce is refused (10095) and signs nobody in', async () => {
    const wallet = Wallet.createRandom();
    const message = siweMessage(wallet, await nonceFor('ethereum'));
    const signature = await wallet.signMessage(message);
    expect((await login({ chain: 'ethereum', address: wallet.address, message, signature })).json().code).toBe('200');
    const replay = await login({ chain: 'ethereum', address: wallet.address, message, signature });
    expect(replay.json().code).toBe('10095');
    expect(replay.cookies.find((c) => c.name === 'meridian_refresh')).toBeUndefined();
  });

  it('two sign-ins racing on one nonce: exactly one wins', async () => {
    const wallet = Wallet.createRandom();
    const message = siweMessage(wallet, await nonceFor('ethereum'));
    const signature = await wallet.signMessage(message);
    const answers = await Promise.all([1, 2, 3].map(() => login({ chain: 'ethereum', address: wallet.address, message, signature })));
    expect(answers.map((a) => a.json().code).sort()).toEqual(['10095', '10095', '200']);
  });

  it('refuses a signature by another key, another site, an unknown or expired nonce', async () => {
    const wallet = Wallet.createRandom();
    const impostor = Wallet.createRandom();
    const n1 = await nonceFor('ethereum');
    const m1 = siweMessage(wallet, n1);
    expect(
      (await login({ chain: 'ethereum', address: wallet.address, message: m1, signature: await impostor.signMessage(m1) })).json().code,
    ).toBe('10094');
    const m2 = siweMessage(wallet, await nonceFor('ethereum'), { domain: 'evil.example', uri: 'https://evil.example' });
    expect(
      (await login({ chain: 'ethereum', address: wallet.address, message: m2, signature: await wallet.signMessage(m2) })).json().code,
    ).toBe('10094');
    const m3 = siweMessage(wallet, { ...n1, nonce: 'abcdef0123456789abcdef0123456789' });
    expect(
      (await login({ chain: 'ethereum', address: wallet.address, message: m3, signature: await wallet.signMessage(m3) })).json().code,
    ).toBe('10095');
    const n4 = await nonceFor('ethereum');
    await api.database.db
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, n4.nonce));
    const m4 = siweMessage(wallet, n4, { expirationTime: undefined });
    expect(
      (await login({ chain: 'ethereum', address: wallet.address, message: m4, signature: await wallet.signMessage(m4) })).json().code,
    ).toBe('10095');
    expect(await api.database.db.select().from(users).where(eq(users.walletAddress, wallet.address))).toHaveLength(0);
  });

  it('a body that claims another address than the signer is refused', async () => {
    const wallet = Wallet.createRandom();
    const message = siweMessage(wallet, await nonceFor('ethereum'));
    const res = await login({
      chain: 'ethereum',
      address: Wallet.createRandom().address,
      message,
      signature: await wallet.signMessage(message),
    });
    expect(res.json().code).toBe('10094');
  });

  it('a message whose URI cannot be read is a bad signature, not a server error', async () => {
    const wallet = Wallet.createRandom();
    const message = siweMessage(wallet, await nonceFor('ethereum'), { uri: 'http://127.0.0.1:99999' });
    const res = await login({ chain: 'ethereum', address: wallet.address, message, signature: await wallet.signMessage(message) });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('10094');
  });

  describe('Tron (signMessageV2)', () => {
    const tronAccount = () => {
      const privateKey = Wallet.createRandom().privateKey.slice(2);
      return { privateKey, address: TronWeb.address.fromPrivateKey(privateKey) as string };
    };
    const tronMessage = (address: string, n: WalletNonceResult) =>
      tronSignInMessage({
        domain: n.domain,
        address,
        statement: n.statement,
        uri: n.uri,
        nonce: n.nonce,
        issuedAt: n.issuedAt,
        expiresAt: n.expiresAt,
      });

    it('signs in with a TronLink signature; a replay and a changed message are refused', async () => {
      const { privateKey, address } = tronAccount();
      const message = tronMessage(address, await nonceFor('tron'));
      const signature = Trx.signMessageV2(message, privateKey);
      const res = await login({ chain: 'tron', address, message, signature });
      expect(res.json().code).toBe('200');
      expect(res.json().result.user).toMatchObject({ walletAddress: address, walletChain: 'tron' });
      expect((await login({ chain: 'tron', address, message, signature })).json().code).toBe('10095');

      const fresh = tronMessage(address, await nonceFor('tron'));
      const signed = Trx.signMessageV2(fresh, privateKey);
      const changed = fresh.replace('Sign in to Meridian', 'Sign in to Meridian and pay');
      expect((await login({ chain: 'tron', address, message: changed, signature: signed })).json().code).toBe('10094');
    });

    it('a nonce issued for Ethereum does not sign a Tron wallet in', async () => {
      const { privateKey, address } = tronAccount();
      const message = tronMessage(address, await nonceFor('ethereum'));
      expect((await login({ chain: 'tron', address, message, signature: Trx.signMessageV2(message, privateKey) })).json().code).toBe(
        '10095',
      );
    });
  });
});

describe('wallet login limits', () => {
  it('junk sign-ins naming an address from one place do not lock that wallet out elsewhere', async () => {
    const { app, close } = await createTestApi({ siteOrigin: SITE });
    try {
      const wallet = Wallet.createRandom();
      const junk = { chain: 'ethereum', address: wallet.address, message: 'not a message', signature: '0x00' };
      const codes: string[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await app.inject({ method: 'POST', url: `${LOGIN}/loginByWallet`, payload: junk, remoteAddress: '10.0.0.66' });
        codes.push(res.json().code);
      }
      expect(codes.at(-1)).toBe('429');
      const n = (await app.inject({ method: 'GET', url: `${LOGIN}/walletNonce?chain=ethereum`, remoteAddress: '10.0.0.7' })).json().result;
      const message = siweMessage(wallet, n, { expirationTime: undefined });
      const res = await app.inject({
        method: 'POST',
        url: `${LOGIN}/loginByWallet`,
        payload: { chain: 'ethereum', address: wallet.address, message, signature: await wallet.signMessage(message) },
        remoteAddress: '10.0.0.7',
      });
      expect(res.json().code).toBe('200');
    } finally {
      await close();
    }
  });
});
