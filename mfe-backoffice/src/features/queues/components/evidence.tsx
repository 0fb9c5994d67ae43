import { useCallback, useState } from 'react';
import { FUNDING_NETWORK_NAMES, endpointPath, explorerLink, localeOf } from '@meridian/contracts';
import type { FundingNetwork, ReviewView } from '@meridian/contracts';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { REVIEW_IMAGE_KEYS } from '@meridian/contracts/schemas';
import type { ReviewImageKey } from '@meridian/contracts/schemas';
import { formatAmount, formatDateTime, useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { adminKeys } from '../../../shared/query-keys.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { ReviewDocument } from './review-document.tsx';
import styles from './queues.module.css';

const { Lightbox, OperatorImage, isImageUrl, kitClasses: kit } = reviewKit;

/** Payload keys whose values are translated codes rather than free text. */
const CODED: Record<string, (v: string) => string> = {
  mode: (v) => `users.modes.${v}`,
  direction: (v) => `corrections.directions.${v}`,
  reasonCode: (v) => `reasons.${v}`,
  documentType: (v) => `queues.documents.${v}`,
  sex: (v) => `queues.sexes.${v}`,
  failureReason: (v) => `reasons.${v}`,
};

/** A detail the back-office has no words for yet, readable: `documentImage`, `document_image` → "Document image". */
const humanize = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ORDER = [
  'email',
  'name',
  'borrower',
  'birthdate',
  'sex',
  'country',
  'residence',
  'phone',
  'documentType',
  'frontId',
  'backId',
  'handId',
  'signatureId',
  'mode',
  'direction',
  'amount',
  'termDays',
  'dailyRatePercent',
  'interestFreeDays',
  'totalInterest',
  'repaymentAmount',
  'fee',
  'received',
  'currency',
  'network',
  'address',
  'txHash',
  'payoutHash',
  'linkedAt',
  'usableAt',
  'authorizedAt',
  'reasonCode',
  'failureReason',
  'note',
];

/** Payload keys that hold an exact amount of the item's currency, and those that hold a time. */
const AMOUNTS = new Set(['amount', 'fee', 'received', 'totalInterest', 'repaymentAmount']);
const TIMES = new Set(['linkedAt', 'usableAt', 'authorizedAt']);
const isUploadKey = (key: string): key is ReviewImageKey => (REVIEW_IMAGE_KEYS as readonly string[]).includes(key);
const isNetwork = (value: string | undefined): value is FundingNetwork =>
  value !== undefined && (FUNDING_NETWORK_NAMES as readonly string[]).includes(value);

const rank = (key: string) => {
  const i = ORDER.indexOf(key);
  return i === -1 ? ORDER.length : i;
};

/**
 * What the item carries (its payload), value by value: amounts as money, codes translated, free text
 * as written, and pictures as thumbnails that open large (zoom, Escape to close).
 */
export function Evidence({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [open, setOpen] = useState<{ src: string; alt: string } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  // Known details first, in reading order (what, how much, why), then anything else as it came.
  const entries = Object.entries(item.payload).sort(([a], [b]) => rank(a) - rank(b));
  if (entries.length === 0) return <p className={kit.muted}>{t('queues.review.noEvidence')}</p>;
  const uploads = entries.filter(([k]) => isUploadKey(k)) as [ReviewImageKey, string][];
  const images = entries.filter(([k, v]) => !isUploadKey(k) && isImageUrl(v));
  const facts = entries.filter(([k, v]) => !isUploadKey(k) && !isImageUrl(v));
  const label = (key: string) => t(`queues.payload.${key}`, { defaultValue: humanize(key) });
  const show = (key: string, value: string) => {
    const coded = CODED[key];
    if (coded) return t(coded(value), { defaultValue: value });
    // A transaction hash opens on its network's explorer, to check it there.
    if ((key === 'txHash' || key === 'payoutHash') && isNetwork(item.payload.network))
      return (
        <a className={kit.mono} href={explorerLink(item.payload.network, value)} target="_blank" rel="noreferrer noopener" dir="ltr">
          {value}
        </a>
      );
    if (key === 'address')
      return (
        <span className={kit.mono} dir="ltr">
          {value}
        </span>
      );
    if (key === 'country' && /^[A-Z]{2}$/.test(value))
      return `${new Intl.DisplayNames([localeOf(lang)], { type: 'region' }).of(value) ?? value} (${value})`;
    if (key === 'agreementSha256')
      return (
        <span className={kit.mono} dir="ltr">
          {value}
        </span>
      );
    if (TIMES.has(key) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, lang);
    if (AMOUNTS.has(key) && /^-?\d+(\.\d+)?$/.test(value))
      return <span className={kit.num}>{formatAmount(value, item.payload.currency ?? 'USD', lang)}</span>;
    return value;
  };
  return (
    <div className={adminStyles.stack} data-testid="review-evidence">
      {facts.length > 0 ? (
        <dl className={styles.payload}>
          {facts.map(([key, value]) => (
            <div key={key} className={styles.payloadRow} data-key={key}>
              <dt>{label(key)}</dt>
              <dd className={key === 'note' ? kit.typed : undefined} dir="auto">
                {show(key, value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.kind === 'loan' ? <ReviewDocument item={item} /> : null}
      {uploads.length > 0 ? (
        <div className={styles.uploads} data-testid="evidence-uploads">
          {uploads.map(([key]) => (
            <figure key={key} className={styles.upload}>
              <OperatorImage
                url={endpointPath(reviewsEndpoints.getReviewImage, { id: item.id, key })}
                queryKey={adminKeys.reviews.image(item.id, key)}
                label={t('queues.review.openImage', { name: label(key) })}
                alt={label(key)}
                loading={t('queues.review.imageLoading')}
                failed={t('queues.review.imageFailed')}
                size="large"
                testId="evidence-upload"
              />
              <figcaption className={kit.muted}>{label(key)}</figcaption>
            </figure>
          ))}
        </div>
      ) : null}
      {images.length > 0 ? (
        <ul className={styles.thumbs} aria-label={t('queues.review.images')}>
          {images.map(([key, src]) => (
            <li key={key}>
              <button
                type="button"
                className={styles.thumb}
                onClick={() => setOpen({ src, alt: label(key) })}
                aria-label={t('queues.review.openImage', { name: label(key) })}
                data-testid="evidence-image"
              >
                <img src={src} alt="" loading="lazy" />
                <span className={styles.thumbLabel}>{label(key)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <Lightbox src={open.src} alt={open.alt} onClose={close} /> : null}
    </div>
  );
}
