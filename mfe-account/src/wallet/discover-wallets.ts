import { useEffect, useState } from 'react';

/** An EIP-1193 provider: the one method this site uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
}

/** A wallet that announced itself through EIP-6963. */
export interface DiscoveredWallet {
  uuid: string;
  name: string;
  icon: string;
  provider: Eip1193Provider;
}

interface AnnounceEvent extends Event {
  detail: { info: { uuid: string; name: string; icon: string; rdns: string }; provider: Eip1193Provider };
}

/**
 * EIP-6963 discovery: every installed Ethereum wallet answers `eip6963:requestProvider` with its name,
 * icon and provider, so the person picks one instead of the page guessing at `window.ethereum`.
 */
export function useDiscoveredWallets(): DiscoveredWallet[] {
  const [wallets, setWallets] = useState<DiscoveredWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const { info, provider } = (event as AnnounceEvent).detail ?? {};
      if (!info?.uuid || typeof provider?.request !== 'function') return;
      setWallets((known) =>
        known.some((w) => w.uuid === info.uuid)
          ? known
          : [...known, { uuid: info.uuid, name: String(info.name), icon: String(info.icon), provider }],
      );
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, []);
  return wallets;
}

/** The injected provider of a wallet that predates EIP-6963, if any. */
export function legacyEthereumProvider(): Eip1193Provider | null {
  const injected = (window as { ethereum?: Eip1193Provider }).ethereum;
  return injected && typeof injected.request === 'function' ? injected : null;
}

/** The icon of a wallet only when it is an inline image (EIP-6963 says data URI); never a remote URL. */
export function safeWalletIcon(icon: string): string | null {
  return /^data:image\/(png|svg\+xml|webp|jpeg|gif);/.test(icon) ? icon : null;
}
