import { TRADING_CURRENCY } from '@meridian/contracts';
import type { LanguageCode, NotificationItem } from '@meridian/contracts';
import { formatAmount, formatDateTime, formatDecimal, useLanguage, useT } from '@meridian/platform';
import type { TFunction } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { describeDevice } from '../../session/describe-device.ts';
import styles from '../../shared/account-page.module.css';

/**
 * The values a notification's body interpolates. The server stores codes and exact decimal strings;
 * the reader sees them in their language: a correction's direction, account mode and reason
 * translated, its amount in the reader's number format (from the string, never through a float).
 */
function notificationParams(item: NotificationItem, t: TFunction, language: LanguageCode): Record<string, string | undefined> {
  const { params } = item;
  if (item.kind === 'correction') {
    const word = (group: string, code: string | undefined) =>
      code ? t(`notifications.correction.${group}.${code}`, { defaultValue: code }) : '';
    return {
      direction: word('direction', params.direction),
      mode: word('mode', params.mode),
      reason: word('reasons', params.reason),
      // Every place of the exact amount (up to 8), not the 2 of a currency format that would round it;
      // a no-break space keeps figure and currency on one line.
      amount: params.amount ? `${formatDecimal(params.amount, language, { min: 2, max: 8 })}\u00a0${TRADING_CURRENCY}` : '',
    };
  }
  if (item.kind === 'depositApproved' || item.kind === 'depositRejected' || item.kind === 'inviteReward') {
    return {
      network: params.network,
      reason: params.reason ? t(`funding.reasons.${params.reason}`, { defaultValue: params.reason }) : '',
      amount: params.amount ? `${formatAmount(params.amount, params.currency ?? '', language)}` : '',
    };
  }
  if (item.kind.startsWith('withdrawal')) {
    return {
      network: params.network,
      reason: params.reason ? t(`withdraw.reasons.${params.reason}`, { defaultValue: params.reason }) : '',
      amount: params.amount ? formatAmount(params.amount, params.currency ?? '', language) : '',
      received: params.received ? formatAmount(params.received, params.currency ?? '', language) : '',
    };
  }
  if (item.kind === 'kycVerified' || item.kind === 'kycRejected')
    return { reason: params.reason ? t(`kyc.reasons.${params.reason}`, { defaultValue: params.reason }) : '' };
  if (item.kind.startsWith('loan')) {
    return {
      reason: params.reason ? t(`loanReasons.${params.reason}`, { defaultValue: params.reason }) : '',
      amount: params.amount ? formatAmount(params.amount, params.currency ?? '', language) : '',
      dueAt: params.dueAt ? formatDateTime(params.dueAt, language) : '',
    };
  }
  if (item.kind === 'nftOutbid' || item.kind === 'nftWon')
    return { name: params.name, amount: params.amount ? formatAmount(params.amount, params.currency ?? '', language) : '' };
  if (item.kind === 'walletLinked') return { address: params.address, chain: params.chain === 'tron' ? 'Tron' : 'Ethereum' };
  return { ...params, device: describeDevice(params.device ?? '') ?? params.device };
}

/** One notification of `/profile/notification`: title and body translated by kind, with its time. */
export function Notification({ item, onRead }: { item: NotificationItem; onRead: (id: number) => void }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <li className={styles.item} data-unread={!item.read} data-testid="notification">
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>
          {t(`notifications.kinds.${item.kind}.title`)}{' '}
          {item.read ? null : <span className={styles.badge}>{t('notifications.unread')}</span>}
        </p>
        <p className={styles.muted}>{t(`notifications.kinds.${item.kind}.body`, notificationParams(item, t, language))}</p>
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
