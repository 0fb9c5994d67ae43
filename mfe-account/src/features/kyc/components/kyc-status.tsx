import { useEffect, useState } from 'react';
import { localeOf } from '@meridian/contracts';
import type { IdentificationResult, KycImage } from '@meridian/contracts';
import { formatCountdown, formatDateTime, useLanguage, useNow, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { kycApi } from '../api/kyc-api.ts';
import styles from './kyc.module.css';

/** One image of the owner's own submission, fetched with the session (never a public URL). */
function OwnImage({ image, label }: { image: KycImage; label: string }) {
  const { api } = usePlatform();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    kycApi
      .imageUrl(api, image, controller.signal)
      .then((objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, image]);
  return (
    <figure className={styles.thumb}>
      {url ? <img src={url} alt={label} data-testid={`kyc-image-${image}`} /> : <span aria-busy="true">…</span>}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/**
 * Where the verification stands (SPEC §3: unverified → pending, decided within 48 h with the time left
 * shown → verified | failed with the reason), and what was sent, photos included, for its owner.
 */
export function KycStatus({ result }: { result: IdentificationResult }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const pending = result.status === 'pending';
  const now = useNow(1000, pending);
  const submission = result.submission;
  const stateClass = result.status === 'verified' ? styles.verified : result.status === 'failed' ? styles.failed : styles.state;
  return (
    <div className={styles.status} data-testid="kyc-status" data-status={result.status}>
      <span className={stateClass}>{t(`profile.kycStatus.${result.status}`)}</span>
      {pending && result.decideBy ? (
        <p data-testid="kyc-deadline">
          {t('kyc.pendingUntil', { date: formatDateTime(result.decideBy, lang), left: formatCountdown(Date.parse(result.decideBy) - now) })}
        </p>
      ) : null}
      {result.status === 'failed' && result.reason ? (
        <p role="alert" data-testid="kyc-reason">
          {t('kyc.failedBecause', { reason: t(`kyc.reasons.${result.reason}`) })}
        </p>
      ) : null}
      {result.status === 'verified' && result.decidedAt ? (
        <p>{t('kyc.verifiedAt', { date: formatDateTime(result.decidedAt, lang) })}</p>
      ) : null}
      {submission && result.status !== 'failed' ? (
        <>
          <dl className={styles.facts} data-testid="kyc-submission">
            <dt>{t('kyc.name')}</dt>
            <dd>
              {submission.firstName} {submission.lastName}
            </dd>
            <dt>{t('kyc.country')}</dt>
            <dd>{new Intl.DisplayNames([localeOf(lang)], { type: 'region' }).of(submission.country) ?? submission.country}</dd>
            <dt>{t('kyc.documentType')}</dt>
            <dd>{t(`kyc.documents.${submission.documentType}`)}</dd>
            <dt>{t('kyc.submittedAt')}</dt>
            <dd>{formatDateTime(submission.submittedAt, lang)}</dd>
          </dl>
          <div className={styles.thumbs}>
            {submission.images.map((image) => (
              <OwnImage key={image} image={image} label={t(image === 'signature' ? 'kyc.signature' : `kyc.photos.${image}`)} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
