import { Suspense, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { LoadingState } from '@meridian/ui';
import { LoginPage } from '../features/login/login-page.tsx';
import { RegisterPage } from '../features/login/register-page.tsx';
import { ResetPage } from '../features/login/reset-page.tsx';
import { PlatformProvider } from '../shared/platform-context.tsx';
import { RequireRealAccount } from './require-real-account.tsx';
import { RequireSession } from './require-session.tsx';

/**
 * A screen's file, asked for again twice (1 s, then 3 s later) when a download fails: React keeps a
 * failed lazy component failed, so a flaky connection must not be the end of it.
 */
function retried<T>(load: () => Promise<T>, waits = [1000, 3000]): Promise<T> {
  return load().catch((error: unknown) => {
    const [wait, ...rest] = waits;
    if (wait === undefined) throw error;
    return new Promise<T>((resolve, reject) => setTimeout(() => retried(load, rest).then(resolve, reject), wait));
  });
}

// The signed-in screens (and what only they use: money figures, device names) load when opened, so the
// sign-in pages, often a visitor's first load, carry only their own code.
const ProfilePage = lazy(() => retried(() => import('../features/profile/profile-page.tsx')).then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => retried(() => import('../features/settings/settings-page.tsx')).then((m) => ({ default: m.SettingsPage })));
const NotificationsPage = lazy(() =>
  retried(() => import('../features/notifications/notifications-page.tsx')).then((m) => ({ default: m.NotificationsPage })),
);

const BalancePage = lazy(() => retried(() => import('../features/balance/balance-page.tsx')).then((m) => ({ default: m.BalancePage })));
const WithdrawPage = lazy(() => retried(() => import('../features/balance/withdraw-page.tsx')).then((m) => ({ default: m.WithdrawPage })));
const WalletCancelPage = lazy(() =>
  retried(() => import('../features/login/wallet-cancel-page.tsx')).then((m) => ({ default: m.WalletCancelPage })),
);
const RecordsPage = lazy(() => retried(() => import('../features/balance/records-page.tsx')).then((m) => ({ default: m.RecordsPage })));
const KycPage = lazy(() => retried(() => import('../features/kyc/kyc-page.tsx')).then((m) => ({ default: m.KycPage })));
const InvitePage = lazy(() => retried(() => import('../features/invite/invite-page.tsx')).then((m) => ({ default: m.InvitePage })));

/** Your account: sign-in pages under /pass, the account screens under /profile. */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route path="/pass/login" element={<LoginPage />} />
            <Route path="/pass/register" element={<RegisterPage />} />
            <Route path="/pass/reset" element={<ResetPage />} />
            <Route path="/pass/wallet-cancel" element={<WalletCancelPage />} />
            <Route path="/pass/*" element={<Navigate to="/pass/login" replace />} />
            <Route element={<RequireSession />}>
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/profile/settings" element={<SettingsPage />} />
              <Route path="/profile/notification" element={<NotificationsPage />} />
              <Route path="/profile/verify" element={<KycPage />} />
              <Route element={<RequireRealAccount />}>
                <Route path="/profile/balance" element={<BalancePage />} />
                <Route path="/profile/withdraw" element={<WithdrawPage />} />
              </Route>
              <Route path="/profile/invite" element={<InvitePage />} />
              <Route path="/profile/records" element={<RecordsPage />} />
            </Route>
            <Route path="*" element={<Navigate to="/profile" replace />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </PlatformProvider>
  );
}
