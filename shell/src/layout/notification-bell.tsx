import { Bell } from 'lucide-react';
import { useT, useUnreadCount } from '@meridian/platform';
import { AppLink } from '../navigation/app-link.tsx';
import styles from './chrome.module.css';

/** The bell of a signed-in user, with the unread count (SPEC §2: bell or login). */
export function NotificationBell({ size = 20 }: { size?: number }) {
  const { t } = useT('shell');
  const unread = useUnreadCount() ?? 0;
  const label = unread > 0 ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications');
  return (
    <AppLink href="/profile/notification" className={styles.bell} aria-label={label} data-testid="notification-bell">
      <Bell size={size} aria-hidden="true" />
      {unread > 0 ? (
        <span className={styles.bellCount} data-testid="unread-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </AppLink>
  );
}
