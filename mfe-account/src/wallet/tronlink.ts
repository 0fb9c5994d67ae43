import { WalletError, isUserRejection } from './wallet-error.ts';

/** The part of TronLink's injected objects this site uses: the account, its node, signMessageV2 — nothing else. */
export interface TronWebLike {
  defaultAddress?: { base58?: string | false };
  fullNode?: { host?: string };
  trx: { signMessageV2(message: string): Promise<string> };
}
interface TronLinkLike {
  ready?: boolean;
  request?(args: { method: 'tron_requestAccounts' }): Promise<{ code?: number; message?: string } | string | undefined>;
  tronWeb?: TronWebLike | false;
}

/** Asks TronLink for its account: its tronWeb and the base58 address, or the wallet failure in words. */
export async function connectTronLink(): Promise<{ tronWeb: TronWebLike; address: string }> {
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
  return { tronWeb, address };
}

/** One signMessageV2 of a readable message, its refusal in words. */
export async function signWithTronLink(tronWeb: TronWebLike, message: string): Promise<string> {
  try {
    return await tronWeb.trx.signMessageV2(message);
  } catch (error) {
    throw new WalletError(isUserRejection(error) ? 'rejected' : 'failed');
  }
}
