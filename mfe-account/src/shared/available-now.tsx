import { Bell, LayoutDashboard, Settings } from 'lucide-react';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { AccountCard } from './account-page.tsx';
import { ShortcutList } from './shortcut-list.tsx';

const WORKING = [
  { to: '/profile', key: 'overview', Icon: LayoutDashboard },
  { to: '/profile/notification', key: 'notifications', Icon: Bell },
  { to: '/profile/settings', key: 'settings', Icon: Settings },
] as const;

/** The account features that work today, linked from the pages whose own feature is still to come. */
export function AvailableNow() {
  const { t } = useT(NAMESPACE);
  return (
    <AccountCard id="available-now" title={t('availableNow.title')} testId="available-now">
      <ShortcutList items={WORKING.map(({ to, key, Icon }) => ({ to, label: t(`availableNow.${key}`), Icon }))} />
    </AccountCard>
  );
}
