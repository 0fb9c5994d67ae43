import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowUpFromLine, Bell, CircleHelp, Gift, IdCard, ListOrdered, Settings, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DEMO_START_BALANCE, money } from '@meridian/contracts';
import type { AccountFigures, AccountModeName, PublicUserInfo, UserInfoResult } from '@meridian/contracts';
import { formatDate, useLanguage, useT, useUser } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { logOut } from '../../session/log-out.ts';
import { useSwitchMode } from '../../session/use-switch-mode.ts';
import { AccountCard } from '../../shared/account-page.tsx';
import layout from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { setAccountFigures, useAccount } from '../../shared/use-account.ts';
import { FiguresCard } from '../../shared/figures-card.tsx';
import { ShortcutList } from '../../shared/shortcut-list.tsx';
import styles from './profile.module.css';

const FIGURES = ['baseBalance', 'totalAssets', 'floatingPnL', 'bondAmount', 'loanAmount', 'profit'] as const;

/** A demo account at its start: nothing to reset. */
function atDemoStart(account: AccountFigures): boolean {
  return (
    account.mode === 'demo' &&
    money(account.baseBalance).eq(DEMO_START_BALANCE) &&
    money(account.bondAmount).isZero() &&
    money(account.floatingPnL).isZero()
  );
}

function ModeSwitch({ mode }: { mode: AccountModeName }) {
  const { t } = useT(NAMESPACE);
  const { switchTo, busy } = useSwitchMode();
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
          onClick={() => choose(m)}
          data-testid={`mode-${m}`}
        >
          {t(`profile.${m}`)}
        </button>
      ))}
    </div>
  );
}

function Balances({ account }: { account: AccountFigures }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => accountApi.resetDemo(platform.api),
    onSuccess: (figures) => {
      setAccountFigures(queryClient, userId, figures);
      platform.toast(t('profile.resetDemoDone'), 'success');
    },
    onError: (error) => platform.toast(t(failureKey(error), { ns: 'common' }), 'error'),
  });
  return (
    <FiguresCard account={account} figures={FIGURES} testId="balances" figureTestId="figure" currenciesTestId="profile-currencies">
      {account.mode === 'demo' ? (
        <div className={layout.actions}>
          <Button
            variant="secondary"
            onClick={() => reset.mutate()}
            disabled={reset.isPending || atDemoStart(account)}
            title={atDemoStart(account) ? t('profile.resetDemoAtStart') : undefined}
            data-testid="reset-demo"
          >
            {t('profile.resetDemo')}
          </Button>
          {atDemoStart(account) ? <span className={layout.muted}>{t('profile.resetDemoAtStart')}</span> : null}
        </div>
      ) : null}
    </FiguresCard>
  );
}

function Identity({ user }: { user: PublicUserInfo }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <div>
      <h1 className={layout.title}>{t('profile.greeting')}</h1>
      <p className={layout.muted} data-testid="profile-identity">
        {user.email ?? user.walletAddress}
      </p>
      <p className={layout.muted}>
        {t('profile.memberSince', { date: formatDate(user.createdAt, language) })} · {t('profile.inviteCode')}:{' '}
        <strong>{user.inviteCode}</strong> · {t('profile.kyc')}:{' '}
        <Link to="/profile/verify" data-testid="profile-kyc">
          {t(`profile.kycStatus.${user.kycStatus}`)}
        </Link>
      </p>
    </div>
  );
}

const SHORTCUTS = [
  { to: '/profile/balance', key: 'toBalance', Icon: Wallet },
  { to: '/profile/withdraw', key: 'toWithdraw', Icon: ArrowUpFromLine },
  { to: '/profile/records', key: 'toRecords', Icon: ListOrdered },
  { to: '/profile/notification', key: 'toNotifications', Icon: Bell },
  { to: '/profile/verify', key: 'toVerify', Icon: IdCard },
  { to: '/profile/settings', key: 'toSettings', Icon: Settings },
  { to: '/profile/invite', key: 'toInvite', Icon: Gift },
  { to: '/help', key: 'toHelp', Icon: CircleHelp },
] as const;

/** `/profile`: who you are, which account you use, its balances (live), shortcuts, logout. */
export function ProfilePage() {
  const account = useAccount();
  return <QueryView query={account}>{(info) => <Profile info={info} />}</QueryView>;
}

function Profile({ info: { user, account } }: { info: UserInfoResult }) {
  const { t } = useT(NAMESPACE);
  const platform = usePlatform();
  return (
    <div className={layout.page} data-testid="profile-page">
      <div className={layout.head}>
        <Identity user={user} />
        <Button variant="ghost" onClick={() => void logOut(platform, t('profile.loggedOut'))} data-testid="logout">
          {t('profile.logout')}
        </Button>
      </div>
      <AccountCard id="mode" title={t('profile.mode')}>
        <ModeSwitch mode={account.mode} />
        <p className={layout.muted}>{t(account.mode === 'demo' ? 'profile.demoExplain' : 'profile.realExplain')}</p>
      </AccountCard>
      <Balances account={account} />
      <AccountCard id="shortcuts" title={t('profile.shortcuts')}>
        <ShortcutList items={SHORTCUTS.map(({ to, key, Icon }) => ({ to, label: t(`profile.${key}`), Icon }))} />
      </AccountCard>
    </div>
  );
}
