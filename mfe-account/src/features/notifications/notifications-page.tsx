import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListNotificationsResult, NotificationItem } from '@meridian/contracts';
import { formatDateTime, sessionStore, unreadCountAtom, useLanguage, useT, useUser } from '@meridian/platform';
import { Button, EmptyState } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { accountKeys, accountQueries } from '../../api/account-queries.ts';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import styles from '../../shared/account-page.module.css';
import { usePlatform } from '../../shared/platform-context.tsx';
import { QueryView } from '../../shared/query-view.tsx';

function Notification({ item, onRead }: { item: NotificationItem; onRead: (id: number) => void }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <li className={styles.item} data-unread={!item.read} data-testid="notification">
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>
          {t(`notifications.kinds.${item.kind}.title`)}{' '}
          {item.read ? null : <span className={styles.badge}>{t('notifications.unread')}</span>}
        </p>
        <p className={styles.muted}>
          {t(`notifications.kinds.${item.kind}.body`, {
            ...item.params,
            device: describeDevice(item.params.device ?? '') ?? item.params.device,
          })}
        </p>
        <p className={styles.muted}>{formatDateTime(item.createdAt, language)}</p>
      </div>
      {item.read ? null : (
        <Button variant="ghost" onClick={() => onRead(item.id)}>
          {t('notifications.markRead')}
        </Button>
      )}
    </li>
  );
}

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
    <div className={styles.page} data-testid="notifications-page">
      <div className={styles.head}>
        <h1 className={styles.title}>{t('pages.notification')}</h1>
        {unread > 0 ? (
          <div className={styles.actions}>
            <span className={styles.muted} data-testid="unread-count">
              {t('notifications.unreadCount', { count: unread })}
            </span>
            <Button variant="secondary" onClick={() => markRead.mutate(undefined)} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </Button>
          </div>
        ) : null}
      </div>
      <QueryView query={notifications}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title={t('notifications.empty')} />
          ) : (
            <ul className={styles.list}>
              {items.map((item) => (
                <Notification key={item.id} item={item} onRead={(id) => markRead.mutate([id])} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
