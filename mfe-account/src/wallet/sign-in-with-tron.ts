import { tronSignInMessage } from '@meridian/contracts';
import type { WalletNonceResult } from '@meridian/contracts';
import type { SignedWalletMessage } from './sign-in-with-ethereum.ts';
import { WalletError, isUserRejection } from './wallet-error.ts';

/** The part of TronLink's injected objects this site uses: accounts and signMessageV2, nothing else. */
interface TronWebLike {
  defaultAddress?: { base58?: string | false };
  trx: { signMessageV2(message: string): Promise<string> };
}
interface TronLinkLike {
  ready?: boolean;
  request?(args: { method: 'tron_requestAccounts' }): Promise<{ code?: number; message?: string } | string | undefined>;
  tronWeb?: TronWebLike | false;
}

/** Asks TronLink for its account, then for a signMessageV2 signature of the readable sign-in message. */
export async function signInWithTron(getNonce: () => Promise<WalletNonceResult>): Promise<SignedWalletMessage> {
  const w = window as { tronLink?: TronLinkLike; tronWeb?: TronWebLike };
  if (!w.tronLink && !w.tronWeb) throw new WalletError('noWallet');
  if (w.tronLink?.request) {
    let answer: Awaited<ReturnType<NonNullable<TronLinkLike['request']>>>;
    try {
      answer = await w.tronLink.request({ method: 'tron_requestAccounts' });
    } catch (error) {
      throw new WalletError(isUserRejection(error) ? 'rejected' : 'failed');
    }
    // TronLink answers 200 when connected, 4001 when the person says no, and nothing while locked.
    const code = typeof answer === 'object' ? answer?.code : undefined;
    if (code === 4001) throw new WalletError('rejected');
    if (code !== 200) throw new WalletError('locked');
  }
  const tronWeb = (w.tronLink?.tronWeb || w.tronWeb) as TronWebLike | undefined;
  const address = tronWeb?.defaultAddress?.base58;
  if (!tronWeb || !address) throw new WalletError('locked');
  const nonce = await getNonce();
  const message = tronSignInMessage({
    domain: nonce.domain,
    address,
    statement: nonce.statement,
    uri: nonce.uri,
    nonce: nonce.nonce,
    issuedAt: nonce.issuedAt,
    expiresAt: nonce.expiresAt,
  });
  try {
    return { address, message, signature: await tronWeb.trx.signMessageV2(message) };
  } catch (error) {
    throw new WalletError(isUserRejection(error) ? 'rejected' : 'failed');
  }
}
