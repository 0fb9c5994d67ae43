import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { OPEN_LOAN_STATES } from '@meridian/contracts';
import type { LoanView } from '@meridian/contracts';
import { useAccountMode, useIsLoggedIn, useT, useUser } from '@meridian/platform';
import { surfaceClasses, pageLayout } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { loanQueries } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import styles from '../../shared/loans.module.css';
import { ApplyForm } from './apply-form.tsx';

const isOpen = (loan: LoanView) => (OPEN_LOAN_STATES as readonly string[]).includes(loan.state);

/**
 * What stands between the customer and the form, in order: signing in, the real account (SPEC §4: demo
 * cannot borrow), verified identity ("KYC first", with the way there), an open loan (one at a time).
 */
function Gate({ children }: { children: React.ReactNode }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api } = usePlatform();
  const loggedIn = useIsLoggedIn();
  const mode = useAccountMode();
  const userId = useUser()?.id ?? null;
  const kyc = useQuery({ ...loanQueries.kyc(api, userId), enabled: loggedIn && mode === 'real' && userId !== null });
  const mine = useQuery({ ...loanQueries.list(api, userId, 1), enabled: loggedIn && mode === 'real' && userId !== null });
  if (!loggedIn)
    return (
      <div className={styles.gate} data-testid="loan-gate" data-gate="login">
        <p>{t('gate.login')}</p>
        <Link to="/pass/login">{t('gate.loginLink')}</Link>
      </div>
    );
  if (mode !== 'real')
    return (
      <div className={styles.gate} data-testid="loan-gate" data-gate="demo" role="note">
        <p>{tc('account.demoUnavailable')}</p>
        <Link to="/profile" data-testid="loan-gate-switch">
          {t('gate.switch')}
        </Link>
      </div>
    );
  return (
    <QueryView query={kyc}>
      {(status) =>
        status.status !== 'verified' ? (
          <div className={styles.gate} data-testid="loan-gate" data-gate="kyc" role="note">
            <p>{t(status.status === 'pending' ? 'gate.kycPending' : 'gate.kyc')}</p>
            <Link to="/profile/verify" data-testid="loan-gate-kyc">
              {t('gate.kycLink')}
            </Link>
          </div>
        ) : (
          <QueryView query={mine}>
            {(list) => {
              const open = list.items.find(isOpen);
              return open ? (
                <div className={styles.gate} data-testid="loan-gate" data-gate="open">
                  <p>{t('gate.open')}</p>
                  <Link to={`/loan/${open.id}`}>{t('gate.openLink')}</Link>
                </div>
              ) : (
                children
              );
            }}
          </QueryView>
        )
      }
    </QueryView>
  );
}

/** `/loan`: the products with their terms, and the application with its calculator and signature. */
export function ApplySection() {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const products = useQuery(loanQueries.products(api));
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="apply-title" data-testid="loan-apply">
      <h2 id="apply-title" className={pageLayout.cardTitle}>
        {t('apply.title')}
      </h2>
      <QueryView query={products}>
        {(terms) => (
          <>
            <p className={pageLayout.muted} data-testid="loan-terms-lead">
              {t('apply.lead', { free: terms.interestFreeDays })}
            </p>
            <Gate>
              <ApplyForm terms={terms} />
            </Gate>
          </>
        )}
      </QueryView>
    </section>
  );
}
