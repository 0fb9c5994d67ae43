import { REVIEW_REASONS } from '@meridian/contracts';
import type { LanguageCode, TicketView } from '@meridian/contracts';
import { formatDateTime, localeOf, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './support.module.css';

type Phase = 'waiting' | 'answered' | 'closed';

/** The support queue's state as the visitor reads it: pending waits, approved is answered, the rest is closed. */
function phaseOf({ status, review }: Pick<TicketView, 'status' | 'review'>): Phase {
  if (!review) return status === 'open' ? 'waiting' : status;
  if (review.state === 'pending') return 'waiting';
  return review.state === 'approved' ? 'answered' : 'closed';
}

const isSupportReason = (code: string | null): code is (typeof REVIEW_REASONS.support)[number] =>
  (REVIEW_REASONS.support as readonly (string | null)[]).includes(code);

/** A span of time in its largest whole unit (minutes, hours up to two days, then days), in the reader's language. */
export function formatSpan(seconds: number, lang: LanguageCode): string {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  const [value, unit] =
    minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day'];
  return new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Where the conversation stands: waiting (with the usual answer time and the time waited), answered, or closed and why. */
export function ConversationStatus({ view }: { view: Pick<TicketView, 'status' | 'review'> }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const phase = phaseOf(view);
  const { review } = view;

  let label: string;
  let detail: string | null = null;
  if (phase === 'waiting') {
    label = t('kf.review.waiting');
    if (review)
      detail = [
        t('kf.review.usually', { limit: formatSpan(review.limitSeconds, language) }),
        t('kf.review.waited', { time: formatSpan(review.waitedSeconds, language) }),
      ].join(' · ');
  } else if (phase === 'answered') {
    label = t('kf.review.answered');
  } else {
    const reason = review?.reasonCode ?? null;
    label = isSupportReason(reason) ? t('kf.review.closedReason', { reason: t(`kf.reasons.${reason}`) }) : t('kf.review.closed');
  }
  const decidedAt = phase === 'waiting' ? null : (review?.decidedAt ?? null);

  return (
    <p className={styles.review} data-phase={phase} data-testid="kf-review">
      <span className={styles.status}>{label}</span>
      {detail ? <span className={styles.reviewDetail}>{detail}</span> : null}
      {decidedAt ? (
        <time className={styles.reviewDetail} dateTime={decidedAt}>
          {formatDateTime(decidedAt, language)}
        </time>
      ) : null}
    </p>
  );
}
