import { tronSignInMessage } from '@meridian/contracts';
import type { WalletNonceResult } from '@meridian/contracts';
import type { SignedWalletMessage } from './sign-in-with-ethereum.ts';
import { connectTronLink, signWithTronLink } from './tronlink.ts';

/** Asks TronLink for its account, then for a signMessageV2 signature of the readable sign-in message. */
export async function signInWithTron(getNonce: () => Promise<WalletNonceResult>): Promise<SignedWalletMessage> {
  const { tronWeb, address } = await connectTronLink();
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
  return { address, message, signature: await signWithTronLink(tronWeb, message) };
}
