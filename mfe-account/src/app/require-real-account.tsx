import { Outlet } from 'react-router-dom';
import { useAccountMode, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { useSwitchMode } from '../session/use-switch-mode.ts';
import styles from './require-real-account.module.css';

/** Screens the demo account cannot use (deposits, withdrawals): in demo they say so and offer the switch. */
export function RequireRealAccount() {
  const { t } = useT(NAMESPACE);
  const { t: tCommon } = useT('common');
  const mode = useAccountMode();
  const { switchTo, busy } = useSwitchMode();
  if (mode === 'real') return <Outlet />;
  return (
    <section className={styles.gate} data-testid="demo-gate" role="region" aria-label={tCommon('account.demoUnavailable')}>
      <p className={styles.text}>{tCommon('account.demoUnavailable')}</p>
      <Button onClick={() => switchTo('real')} disabled={busy} data-testid="demo-gate-switch">
        {t('profile.useReal')}
      </Button>
    </section>
  );
}
