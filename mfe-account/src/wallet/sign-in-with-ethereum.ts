// Loaded only when someone picks an Ethereum wallet: ethers and siwe stay off the login page's first load.
import { BrowserProvider, getAddress } from 'ethers';
import { SiweMessage } from 'siwe';
import type { WalletNonceResult } from '@meridian/contracts';
import type { Eip1193Provider } from './discover-wallets.ts';
import { WalletError, isPendingRequest, isUserRejection } from './wallet-error.ts';

export interface SignedWalletMessage {
  address: string;
  message: string;
  signature: string;
}

/**
 * Asks the wallet for its account and for the signature of an EIP-4361 message built from the
 * server's nonce. Nothing else is ever requested (SPEC §0 rule 1): accounts, the chain id, one signature.
 */
export async function signInWithEthereum(
  injected: Eip1193Provider,
  getNonce: () => Promise<WalletNonceResult>,
): Promise<SignedWalletMessage> {
  const provider = new BrowserProvider(injected);
  let accounts: string[];
  try {
    accounts = (await provider.send('eth_requestAccounts', [])) as string[];
  } catch (error) {
    if (isUserRejection(error)) throw new WalletError('rejected');
    if (isPendingRequest(error)) throw new WalletError('locked');
    throw new WalletError('failed');
  }
  if (!accounts?.[0]) throw new WalletError('locked');
  const address = getAddress(accounts[0]);
  const { chainId } = await provider.getNetwork();
  const nonce = await getNonce();
  const message = new SiweMessage({
    domain: nonce.domain,
    address,
    statement: nonce.statement,
    uri: nonce.uri,
    version: '1',
    chainId: Number(chainId),
    nonce: nonce.nonce,
    issuedAt: nonce.issuedAt,
    expirationTime: nonce.expiresAt,
  }).prepareMessage();
  try {
    const signer = await provider.getSigner(address);
    return { address, message, signature: await signer.signMessage(message) };
  } catch (error) {
    if (isUserRejection(error)) throw new WalletError('rejected');
    throw new WalletError('failed');
  }
}
