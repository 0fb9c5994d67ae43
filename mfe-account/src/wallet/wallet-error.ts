/** Why a wallet sign-in stopped, each with its own translated message (`wallet.<kind>`). */
export type WalletFailure = 'noWallet' | 'locked' | 'rejected' | 'failed' | 'wrongNetwork';

export class WalletError extends Error {
  constructor(readonly kind: WalletFailure) {
    super(`WALLET-${kind}`);
  }
}

/** EIP-1193 4001 and the wording wallets use when the person says no. */
export function isUserRejection(error: unknown): boolean {
  const e = error as { code?: unknown; info?: { error?: { code?: unknown } }; error?: { code?: unknown }; message?: unknown } | string;
  if (typeof e === 'string') return /declin|reject|denied|cancel/i.test(e);
  if (!e) return false;
  const codes = [e.code, e.info?.error?.code, e.error?.code];
  return codes.includes(4001) || codes.includes('ACTION_REJECTED') || /declin|reject|denied|cancel/i.test(String(e.message ?? ''));
}

/** EIP-1193 -32002: a request is already waiting in a wallet that is locked or not looked at. */
export function isPendingRequest(error: unknown): boolean {
  const e = error as { code?: unknown; info?: { error?: { code?: unknown } }; error?: { code?: unknown } } | null;
  return [e?.code, e?.info?.error?.code, e?.error?.code].includes(-32002);
}
