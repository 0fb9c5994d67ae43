import { useQuery } from '@tanstack/react-query';
import { useT, useUser } from '@meridian/platform';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountCard, AccountPage } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { kycQueries } from './api/kyc-api.ts';
import { KycForm } from './components/kyc-form.tsx';
import { KycStatus } from './components/kyc-status.tsx';

/**
 * `/profile/verify` (issue 26): identity verification. Its status and what was sent; the form while
 * unverified, and again after a failure (resubmission). Loans and higher limits send customers here.
 */
export function KycPage() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const status = useQuery(kycQueries.status(api, userId));
  return (
    <AccountPage title={t('kyc.title')} testId="kyc-page">
      <QueryView query={status}>
        {(result) => (
          <>
            <AccountCard id="kyc-state" title={t('kyc.statusTitle')}>
              <KycStatus result={result} />
              <p className={layout.muted}>{t('kyc.why')}</p>
            </AccountCard>
            {result.status === 'unverified' || result.status === 'failed' ? (
              <AccountCard id="kyc-form" title={t(result.status === 'failed' ? 'kyc.resubmitTitle' : 'kyc.formTitle')}>
                <KycForm />
              </AccountCard>
            ) : null}
          </>
        )}
      </QueryView>
    </AccountPage>
  );
}
