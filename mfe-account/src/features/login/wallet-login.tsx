import { useState } from 'react';
import type { WalletChain } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { completeSignIn } from '../../session/complete-sign-in.ts';
import { legacyEthereumProvider, safeWalletIcon, useDiscoveredWallets } from '../../wallet/discover-wallets.ts';
import type { Eip1193Provider } from '../../wallet/discover-wallets.ts';
import { WalletError } from '../../wallet/wallet-error.ts';
import { SignInAlternative } from './sign-in-alternative.tsx';
import styles from './pass.module.css';

type Failure = { wallet: string } | { api: string };

/**
 * Wallet sign-in: one button per Ethereum wallet that announced itself (EIP-6963; `window.ethereum`
 * when none did) and one for TronLink. The wallet is asked for its address and one signature only.
 */
export function WalletLogin() {
  const { t } = useT(NAMESPACE);
  const { t: tCommon } = useT('common');
  const platform = usePlatform();
  const language = useLanguage();
  const wallets = useDiscoveredWallets();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const run = async (chain: WalletChain, provider?: Eip1193Provider | null) => {
    setFailure(null);
    setBusy(true);
    try {
      const getNonce = () => accountApi.walletNonce(platform.api, chain, language);
      let signed;
      if (chain === 'ethereum') {
        if (!provider) throw new WalletError('noWallet');
        const { signInWithEthereum } = await import('../../wallet/sign-in-with-ethereum.ts');
        signed = await signInWithEthereum(provider, getNonce);
      } else {
        const { signInWithTron } = await import('../../wallet/sign-in-with-tron.ts');
        signed = await signInWithTron(getNonce);
      }
      completeSignIn(platform, await accountApi.loginByWallet(platform.api, { chain, ...signed, language }));
    } catch (error) {
      setFailure(error instanceof WalletError ? { wallet: error.kind } : { api: failureKey(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInAlternative
      id="wallet-login"
      title={t('wallet.title')}
      failure={failure ? ('wallet' in failure ? t(`wallet.${failure.wallet}`) : tCommon(failure.api)) : null}
      notes={
        <>
          {busy ? (
            <p className={styles.small} role="status">
              {t('wallet.waiting')}
            </p>
          ) : null}
          <p className={styles.small}>{t('wallet.promise')}</p>
        </>
      }
    >
      {wallets.length > 0 ? (
        wallets.map((wallet) => {
          const icon = safeWalletIcon(wallet.icon);
          return (
            <Button key={wallet.uuid} variant="secondary" disabled={busy} onClick={() => void run('ethereum', wallet.provider)}>
              {icon ? <img src={icon} alt="" width={20} height={20} className={styles.walletIcon} /> : null}
              {wallet.name}
            </Button>
          );
        })
      ) : (
        <Button variant="secondary" disabled={busy} onClick={() => void run('ethereum', legacyEthereumProvider())}>
          {t('wallet.ethereum')}
        </Button>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => void run('tron')}>
        {t('wallet.tron')}
      </Button>
    </SignInAlternative>
  );
}
