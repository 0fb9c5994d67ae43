import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SiweMessage } from 'siwe';
import type { WalletNonceResult } from '@meridian/contracts';

/** A fresh address per test: the PostgreSQL run shares one database between files. */
export const freshEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export const PASSWORD = 'correct horse 42';

/** The 6-digit code of the newest mail sent to an address (through the dev outbox, as a developer would). */
export async function codeFromOutbox(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = res.json().result as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The refresh cookie of a response (name=value), for the next request's Cookie header. */
export function refreshCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'meridian_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return `meridian_refresh=${cookie.value}`;
}

export interface SignedUp {
  email: string;
  token: string;
  /** The browser's device cookie (`meridian_device=…`), which a real browser sends with the refresh one. */
  device: string;
  userId: string;
  cookie: string;
}

/** Signs a new user up the way the site does: code by mail, then register. */
export async function signUp(app: FastifyInstance, email = freshEmail(), password = PASSWORD): Promise<SignedUp> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/swx/customer/login/sendCode',
    payload: { email, purpose: 'register', language: 'en' },
  });
  if (sent.json().code !== '200') throw new Error(`sendCode: ${sent.body}`);
  const code = await codeFromOutbox(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/swx/customer/login/register',
    payload: { email, password, code, language: 'en' },
  });
  const body = res.json();
  if (body.code !== '200') throw new Error(`register: ${res.body}`);
  const device = res.cookies.find((c) => c.name === 'meridian_device');
  return {
    email,
    token: body.result.token,
    userId: body.result.user.id,
    cookie: refreshCookie(res),
    device: device ? `meridian_device=${device.value}` : '',
  };
}

export const auth = (token: string, mode: 'demo' | 'real' = 'demo') => ({
  authorization: token,
  virtually: mode === 'demo' ? 'NO' : 'YES',
});

/** The signed-in user's account (`getUserInfo`) as a window in `mode` asks for it. */
export const userInfo = (app: FastifyInstance, token: string, mode: 'demo' | 'real' = 'demo') =>
  app.inject({ method: 'POST', url: '/api/swx/customer/user/getUserInfo', headers: auth(token, mode) });

/** The EIP-4361 message for a wallet nonce, as a wallet-facing page builds it (Ethereum mainnet). */
export const siweMessage = (wallet: { address: string }, n: WalletNonceResult, overrides: Partial<SiweMessage> = {}) =>
  new SiweMessage({
    domain: n.domain,
    address: wallet.address,
    statement: n.statement,
    uri: n.uri,
    version: '1',
    chainId: 1,
    nonce: n.nonce,
    issuedAt: n.issuedAt,
    expirationTime: n.expiresAt,
    ...overrides,
  }).prepareMessage();
