import { useCallback, useEffect, useState } from 'react';
import type { ListNotificationsResult, NotificationItem } from '@meridian/contracts';
import { formatDateTime, sessionStore, unreadCountAtom, useLanguage, useT } from '@meridian/platform';
import { Button, EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { accountApi, failureKey } from '../../api/account-api.ts';
import { usePlatform } from '../../app/platform-context.tsx';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import styles from '../profile/profile.module.css';

type State = { status: 'loading' } | { status: 'failed'; key: string } | { status: 'ready'; data: ListNotificationsResult };

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
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    accountApi
      .listNotifications(api)
      .then((data) => {
        sessionStore.set(unreadCountAtom, data.unread);
        setState({ status: 'ready', data });
      })
      .catch((error: unknown) => setState({ status: 'failed', key: failureKey(error) }));
  }, [api]);
  useEffect(() => load(), [load]);

  const markRead = async (ids?: number[]) => {
    try {
      const { unread } = await accountApi.readNotifications(api, ids);
      sessionStore.set(unreadCountAtom, unread);
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: { unread, items: current.data.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) },
            }
          : current,
      );
    } catch (error) {
      toast(t(failureKey(error), { ns: 'common' }), 'error');
    }
  };

  return (
    <div className={styles.page} data-testid="notifications-page">
      <div className={styles.head}>
        <h1 className={styles.title}>{t('pages.notification')}</h1>
        {state.status === 'ready' && state.data.unread > 0 ? (
          <div className={styles.actions}>
            <span className={styles.muted} data-testid="unread-count">
              {t('notifications.unreadCount', { count: state.data.unread })}
            </span>
            <Button variant="secondary" onClick={() => void markRead()} data-testid="mark-all-read">
              {t('notifications.markAllRead')}
            </Button>
          </div>
        ) : null}
      </div>
      {state.status === 'loading' ? <LoadingState /> : null}
      {state.status === 'failed' ? <ErrorState title={t(state.key, { ns: 'common' })} onRetry={load} /> : null}
      {state.status === 'ready' && state.data.items.length === 0 ? <EmptyState title={t('notifications.empty')} /> : null}
      {state.status === 'ready' && state.data.items.length > 0 ? (
        <ul className={styles.list}>
          {state.data.items.map((item) => (
            <Notification key={item.id} item={item} onRead={(id) => void markRead([id])} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
