import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListNotificationsResult } from '@meridian/contracts';
import { sessionStore, unreadCountAtom, useT, useUser } from '@meridian/platform';
import { Button, ListEnd } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { accountKeys, accountQueries } from '../../api/account-queries.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { AccountPage } from '../../shared/account-page.tsx';
import styles from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { Notification } from './notification-item.tsx';

/** `/profile/notification`: newest first, unread marked; reading one updates the bell's count. */
export function NotificationsPage() {
  const { t } = useT(NAMESPACE);
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const notifications = useQuery(accountQueries.notifications(api, userId));

  // The answer carries the new unread count, and which items are now read follows from the request.
  const markRead = useMutation({
    mutationFn: (ids: number[] | undefined) => accountApi.readNotifications(api, ids),
    onSuccess: ({ unread }, ids) => {
      sessionStore.set(unreadCountAtom, unread);
      queryClient.setQueryData<ListNotificationsResult>(accountKeys.notifications(userId), (current) =>
        current ? { unread, items: current.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) } : current,
      );
    },
    onError: (error) => toast(t(failureKey(error), { ns: 'common' }), 'error'),
  });

  const unread = notifications.data?.unread ?? 0;
  return (
    <AccountPage
      title={t('pages.notification')}
      testId="notifications-page"
      actions={
        unread > 0 ? (
          <div className={styles.actions}>
            <span className={styles.muted} data-testid="unread-count">
              {t('notifications.unreadCount', { count: unread })}
            </span>
            <Button variant="secondary" onClick={() => markRead.mutate(undefined)} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </Button>
          </div>
        ) : null
      }
    >
      <QueryView query={notifications} isEmpty={({ items }) => items.length === 0} empty={t('notifications.empty')}>
        {({ items }) => (
          <>
            <ul className={styles.list}>
              {items.map((item) => (
                <Notification key={item.id} item={item} onRead={(id) => markRead.mutate([id])} />
              ))}
            </ul>
            <ListEnd />
          </>
        )}
      </QueryView>
    </AccountPage>
  );
}
