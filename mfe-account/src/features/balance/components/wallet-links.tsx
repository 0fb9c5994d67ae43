import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletChain, WalletLinkView } from '@meridian/contracts';
import { formatCountdown, formatDateTime, useLanguage, useNow, useT, useUser } from '@meridian/platform';
import { Button, EmptyState, Modal } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { legacyEthereumProvider, safeWalletIcon, useDiscoveredWallets } from '../../../wallet/discover-wallets.ts';
import type { Eip1193Provider } from '../../../wallet/discover-wallets.ts';
import { WalletError } from '../../../wallet/wallet-error.ts';
import { withdrawalQueries, withdrawalsApi } from '../api/withdrawals-api.ts';
import styles from './funding.module.css';

const CHAIN_NAMES: Record<WalletChain, string> = { ethereum: 'Ethereum', tron: 'Tron' };

/**
 * The wallet-connect dialog (issue 25 item 3): the chain, then the wallet (EIP-6963 wallets on Ethereum,
 * TronLink on Tron). The wallet is asked for its account, its network (main network only) and one
 * signature of the readable authorization — never a transaction or an allowance (SPEC §0 rule 1).
 */
function LinkWalletDialog({ onClose, onLinked }: { onClose: () => void; onLinked: (link: WalletLinkView) => void }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api } = usePlatform();
  const wallets = useDiscoveredWallets();
  const [chain, setChain] = useState<WalletChain>('ethereum');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (provider?: Eip1193Provider | null) => {
    setFailure(null);
    setBusy(true);
    try {
      const { authorizeWithEthereum, authorizeWithTron } = await import('../../../wallet/sign-authorization.ts');
      const getNonce = () => withdrawalsApi.authorizationNonce(api, chain);
      let signed;
      if (chain === 'ethereum') {
        if (!provider) throw new WalletError('noWallet');
        signed = await authorizeWithEthereum(provider, getNonce);
      } else {
        signed = await authorizeWithTron(getNonce);
      }
      onLinked(await withdrawalsApi.updateUsdtAuth(api, { action: 'sign', chain, ...signed }));
    } catch (error) {
      setFailure(error instanceof WalletError ? t(`wallet.${error.kind}`) : tc(failureKey(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('withdraw.linkTitle')} onClose={onClose} testId="link-wallet-dialog">
      <fieldset className={styles.choices} disabled={busy}>
        <legend className={styles.label}>{t('withdraw.chain')}</legend>
        {(['ethereum', 'tron'] as const).map((option) => (
          <label key={option}>
            <input type="radio" name="chain" value={option} checked={chain === option} onChange={() => setChain(option)} />{' '}
            {CHAIN_NAMES[option]}
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>{t('withdraw.linkLead')}</p>
      <div className={styles.actions}>
        {chain === 'tron' ? (
          <Button disabled={busy} onClick={() => void run()} data-testid="link-tronlink">
            TronLink
          </Button>
        ) : wallets.length > 0 ? (
          wallets.map((wallet) => {
            const icon = safeWalletIcon(wallet.icon);
            return (
              <Button key={wallet.uuid} disabled={busy} onClick={() => void run(wallet.provider)} data-testid="link-ethereum-wallet">
                {icon ? <img src={icon} alt="" width={20} height={20} /> : null}
                {wallet.name}
              </Button>
            );
          })
        ) : (
          <Button disabled={busy} onClick={() => void run(legacyEthereumProvider())} data-testid="link-ethereum-wallet">
            {t('wallet.ethereum')}
          </Button>
        )}
      </div>
      {busy ? <p role="status">{t('wallet.waiting')}</p> : null}
      {failure ? (
        <p className={styles.warning} role="alert" data-testid="link-failure">
          {failure}
        </p>
      ) : null}
      <p className={styles.muted}>{t('balance.promise')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {tc('actions.close')}
        </Button>
      </div>
    </Modal>
  );
}

function LinkItem({
  link,
  now,
  onRevoke,
  onAuthorize,
  busy,
}: {
  link: WalletLinkView;
  now: number;
  onRevoke: () => void;
  onAuthorize: () => void;
  busy: boolean;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const left = Date.parse(link.usableAt) - now;
  return (
    <li className={styles.record} data-testid="wallet-link" data-chain={link.chain}>
      <div className={styles.recordHead}>
        <strong>{CHAIN_NAMES[link.chain]}</strong>
        <span className={styles.state} data-tone={link.authorizedAt ? 'approved' : 'rejected'} data-testid="wallet-authorization">
          {link.authorizedAt ? t('withdraw.authorized') : t('withdraw.notAuthorized')}
        </span>
      </div>
      <p className={styles.hash} dir="ltr" data-testid="wallet-address">
        {link.address}
      </p>
      <p className={styles.muted} data-testid="wallet-hold">
        {left > 0
          ? t('withdraw.holdLeft', { time: formatCountdown(left) })
          : t('withdraw.usableSince', { time: formatDateTime(link.usableAt, lang) })}
      </p>
      {link.authorizedAt ? (
        <p className={styles.muted}>{t('withdraw.authorizedAt', { time: formatDateTime(link.authorizedAt, lang) })}</p>
      ) : null}
      <div className={styles.actions}>
        {link.authorizedAt ? (
          <Button variant="secondary" disabled={busy} onClick={onRevoke} data-testid="wallet-revoke">
            {t('withdraw.revoke')}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy} onClick={onAuthorize} data-testid="wallet-authorize">
            {t('withdraw.authorizeAgain')}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The linked withdrawal addresses (SPEC §5.5a, §5.6): each with its hold's countdown and its signed
 * authorization, which the customer can revoke (withdrawals to it stop) or sign again.
 */
export function WalletLinks() {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const query = useQuery(withdrawalQueries.links(api, userId));
  const holding = query.data?.links.some((link) => Date.parse(link.usableAt) > Date.now()) ?? false;
  const now = useNow(1000, holding);
  const [linking, setLinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.funding(userId) });

  const revoke = async (link: WalletLinkView) => {
    setBusy(true);
    try {
      await withdrawalsApi.updateUsdtAuth(api, { action: 'revoke', linkId: link.id });
      toast(t('withdraw.revoked'), 'success');
      refresh();
    } catch (error) {
      toast(tc(failureKey(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <QueryView query={query}>
        {(state) => (
          <>
            {state.email ? null : (
              <p className={styles.warning} role="note" data-testid="withdraw-no-email">
                {tc('errors.10132')}
              </p>
            )}
            {state.links.length === 0 ? (
              <EmptyState title={t('withdraw.noLinks')} />
            ) : (
              <ol className={styles.links} data-testid="wallet-links">
                {state.links.map((link) => (
                  <LinkItem
                    key={link.id}
                    link={link}
                    now={now}
                    busy={busy}
                    onRevoke={() => void revoke(link)}
                    onAuthorize={() => setLinking(true)}
                  />
                ))}
              </ol>
            )}
            <p className={styles.muted}>{t('withdraw.holdRule', { hours: Math.round(state.holdSeconds / 3600) || 1 })}</p>
          </>
        )}
      </QueryView>
      <div className={styles.actions}>
        <Button onClick={() => setLinking(true)} data-testid="link-wallet">
          {t('withdraw.link')}
        </Button>
      </div>
      {linking ? (
        <LinkWalletDialog
          onClose={() => setLinking(false)}
          onLinked={() => {
            setLinking(false);
            toast(t('withdraw.linked'), 'success');
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
