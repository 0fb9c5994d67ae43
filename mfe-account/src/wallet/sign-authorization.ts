// Loaded only when someone links a withdrawal wallet: ethers stays off the account pages' first load.
import { getAddress, hexlify, toUtf8Bytes } from 'ethers';
import { MAIN_NETWORKS, withdrawalAuthorizationMessage } from '@meridian/contracts';
import type { AuthorizationNonceResult, WalletChain } from '@meridian/contracts';
import type { Eip1193Provider } from './discover-wallets.ts';
import type { SignedWalletMessage } from './sign-in-with-ethereum.ts';
import { connectTronLink, signWithTronLink } from './tronlink.ts';
import { WalletError, isPendingRequest, isUserRejection } from './wallet-error.ts';

/** The Ethereum main network's chain id as EIP-1193 answers it (`0x1`, chain 1 of the statement). */
const ETHEREUM_MAIN = `0x${BigInt(MAIN_NETWORKS.ethereum.chainId).toString(16)}`;

/** TronLink's main network node: a test network (Shasta, Nile) has another host. */
const TRON_MAIN_HOST = /^https:\/\/api\.trongrid\.io\/?$/;

const signedBy = (chain: WalletChain, address: string, nonce: AuthorizationNonceResult) =>
  withdrawalAuthorizationMessage({ ...nonce, chain, address });

/**
 * The USDT authorization on Ethereum (SPEC §5.6): the wallet is asked for its account, its chain (the
 * main network only) and one `personal_sign` of the readable statement — nothing else, never a
 * transaction or an allowance (SPEC §0 rule 1).
 */
export async function authorizeWithEthereum(
  provider: Eip1193Provider,
  getNonce: () => Promise<AuthorizationNonceResult>,
): Promise<SignedWalletMessage> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    if (isUserRejection(error)) throw new WalletError('rejected');
    if (isPendingRequest(error)) throw new WalletError('locked');
    throw new WalletError('failed');
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new WalletError('locked');
  const address = getAddress(first);
  const chainId = await provider.request({ method: 'eth_chainId' }).catch(() => null);
  if (typeof chainId !== 'string' || chainId.toLowerCase() !== ETHEREUM_MAIN) throw new WalletError('wrongNetwork');
  const message = signedBy('ethereum', address, await getNonce());
  try {
    const signature = await provider.request({ method: 'personal_sign', params: [hexlify(toUtf8Bytes(message)), address] });
    if (typeof signature !== 'string') throw new WalletError('failed');
    return { address, message, signature };
  } catch (error) {
    if (error instanceof WalletError) throw error;
    throw new WalletError(isUserRejection(error) ? 'rejected' : 'failed');
  }
}

/** The USDT authorization on Tron: TronLink's account, its main network, one `signMessageV2`. */
export async function authorizeWithTron(getNonce: () => Promise<AuthorizationNonceResult>): Promise<SignedWalletMessage> {
  const { tronWeb, address } = await connectTronLink();
  if (!TRON_MAIN_HOST.test(tronWeb.fullNode?.host ?? '')) throw new WalletError('wrongNetwork');
  const message = signedBy('tron', address, await getNonce());
  return { address, message, signature: await signWithTronLink(tronWeb, message) };
}
