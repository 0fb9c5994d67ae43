import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Bell, CircleHelp, Gift, Settings, Wallet } from 'lucide-react';
import { DEMO_START_BALANCE } from '@meridian/contracts';
import type { AccountFigures, AccountModeName, PublicUserInfo } from '@meridian/contracts';
import { formatDate, formatDateTime, formatMoney, useLanguage, useT } from '@meridian/platform';
import { Button, ErrorState, LoadingState, surfaceClasses } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../app/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { logOut } from '../../session/log-out.ts';
import { useSwitchMode } from '../../session/use-switch-mode.ts';
import { useAccount } from './use-account.ts';
import styles from './profile.module.css';

const FIGURES = ['baseBalance', 'totalAssets', 'floatingPnL', 'bondAmount', 'loanAmount', 'profit'] as const;

/** A demo account at its start: nothing to reset. */
function atDemoStart(account: AccountFigures): boolean {
  return (
    account.mode === 'demo' &&
    Number(account.baseBalance) === Number(DEMO_START_BALANCE) &&
    Number(account.bondAmount) === 0 &&
    Number(account.floatingPnL) === 0
  );
}

function ModeSwitch({ mode, onSwitched }: { mode: AccountModeName; onSwitched: () => void }) {
  const { t } = useT(NAMESPACE);
  const { switchTo, busy } = useSwitchMode(onSwitched);
  const choose = (next: AccountModeName) => (next === mode ? undefined : switchTo(next));
  return (
    <div className={styles.modes} role="group" aria-label={t('profile.mode')} data-testid="mode-switch">
      {(['demo', 'real'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className={styles.mode}
          aria-pressed={m === mode}
          disabled={busy}
          onClick={() => void choose(m)}
          data-testid={`mode-${m}`}
        >
          {t(`profile.${m}`)}
        </button>
      ))}
    </div>
  );
}

function Balances({ account, onReset }: { account: AccountFigures; onReset: (figures: AccountFigures) => void }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      onReset(await accountApi.resetDemo(platform.api));
      platform.toast(t('profile.resetDemoDone'), 'success');
    } catch (error) {
      platform.toast(t(failureKey(error), { ns: 'common' }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="balances-title" data-testid="balances">
      <h2 id="balances-title" className={styles.cardTitle}>
        {t('profile.balances', { mode: t(`profile.${account.mode}`) })}
      </h2>
      <dl className={styles.figures}>
        {FIGURES.map((key) => (
          <div key={key} className={styles.figure}>
            <dt>{t(`profile.${key}`)}</dt>
            <dd data-testid={`figure-${key}`}>{formatMoney(account[key], 'USD', language)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{t('profile.updatedAt', { time: formatDateTime(account.timestamp, language) })}</p>
      {account.mode === 'demo' ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void reset()}
            disabled={busy || atDemoStart(account)}
            title={atDemoStart(account) ? t('profile.resetDemoAtStart') : undefined}
            data-testid="reset-demo"
          >
            {t('profile.resetDemo')}
          </Button>
          {atDemoStart(account) ? <span className={styles.muted}>{t('profile.resetDemoAtStart')}</span> : null}
        </div>
      ) : null}
    </section>
  );
}

function Identity({ user }: { user: PublicUserInfo }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <div>
      <h1 className={styles.title}>{t('profile.greeting')}</h1>
      <p className={styles.muted} data-testid="profile-identity">
        {user.email ?? user.walletAddress}
      </p>
      <p className={styles.muted}>
        {t('profile.memberSince', { date: formatDate(user.createdAt, language) })} · {t('profile.inviteCode')}:{' '}
        <strong>{user.inviteCode}</strong> · {t('profile.kyc')}: {t(`profile.kycStatus.${user.kycStatus}`)}
      </p>
    </div>
  );
}

const SHORTCUTS = [
  { to: '/profile/balance', key: 'toBalance', Icon: Wallet },
  { to: '/profile/notification', key: 'toNotifications', Icon: Bell },
  { to: '/profile/settings', key: 'toSettings', Icon: Settings },
  { to: '/profile/invite', key: 'toInvite', Icon: Gift },
  { to: '/help', key: 'toHelp', Icon: CircleHelp },
] as const;

/** `/profile`: who you are, which account you use, its balances (live), shortcuts, logout. */
export function ProfilePage() {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const { state, reload, setFigures } = useAccount();

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed') return <ErrorState title={t(state.key, { ns: 'common' })} onRetry={reload} />;
  const { user, account } = state.info;

  return (
    <div className={styles.page} data-testid="profile-page">
      <div className={styles.head}>
        <Identity user={user} />
        <Button variant="ghost" onClick={() => void logOut(platform, t('profile.loggedOut'))} data-testid="logout">
          {t('profile.logout')}
        </Button>
      </div>
      <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="mode-title">
        <h2 id="mode-title" className={styles.cardTitle}>
          {t('profile.mode')}
        </h2>
        <ModeSwitch mode={account.mode} onSwitched={reload} />
        <p className={styles.muted}>{t(account.mode === 'demo' ? 'profile.demoExplain' : 'profile.realExplain')}</p>
      </section>
      <Balances account={account} onReset={setFigures} />
      <section className={`${surfaceClasses.panel} ${styles.card}`} aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className={styles.cardTitle}>
          {t('profile.shortcuts')}
        </h2>
        <ul className={styles.shortcuts}>
          {SHORTCUTS.map(({ to, key, Icon }) => (
            <li key={key}>
              <Link to={to} className={styles.shortcut}>
                <Icon size={18} aria-hidden="true" />
                {t(`profile.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
