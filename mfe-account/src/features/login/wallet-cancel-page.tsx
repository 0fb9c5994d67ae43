import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { withdrawalEndpoints } from '@meridian/contracts/endpoints/withdrawals';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { failureKey } from '../../api/account-api.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { PassScreen } from './pass-screen.tsx';
import styles from './pass.module.css';

type Outcome = { state: 'asking' } | { state: 'working' } | { state: 'done'; address: string } | { state: 'failed'; key: string };

/**
 * `/pass/wallet-cancel?token=…`: the link e-mailed when a withdrawal address is linked (SPEC §5.5a). It
 * cancels the link without signing in — whoever reads the mailbox may stop an address they did not add.
 */
export function WalletCancelPage() {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api } = usePlatform();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'asking' });
  // Nothing happens on opening the link: a mail scanner that follows it must not cancel a genuine address.
  const cancel = () => {
    setOutcome({ state: 'working' });
    api.call(withdrawalEndpoints.cancelWalletLink, { body: { token } }).then(
      (result) => setOutcome({ state: 'done', address: result.address }),
      (error: unknown) => setOutcome({ state: 'failed', key: failureKey(error) }),
    );
  };
  return (
    <PassScreen title={t('walletCancel.title')} lead={t('walletCancel.lead')} testId="wallet-cancel-page">
      {outcome.state === 'asking' ? (
        <Button onClick={cancel} data-testid="wallet-cancel-confirm">
          {t('walletCancel.confirm')}
        </Button>
      ) : null}
      {outcome.state === 'working' ? <p role="status">{t('walletCancel.working')}</p> : null}
      {outcome.state === 'done' ? (
        <p role="status" data-testid="wallet-cancel-done">
          {t('walletCancel.done', { address: outcome.address })}
        </p>
      ) : null}
      {outcome.state === 'failed' ? (
        <p role="alert" className={styles.small} data-testid="wallet-cancel-failed">
          {tc(outcome.key)}
        </p>
      ) : null}
      <p className={styles.small}>
        <Link to="/pass/login">{t('walletCancel.login')}</Link>
      </p>
    </PassScreen>
  );
}
