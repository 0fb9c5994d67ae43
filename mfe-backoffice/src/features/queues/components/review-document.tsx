import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointPath } from '@meridian/contracts';
import type { ReviewView } from '@meridian/contracts';
import { reviewsEndpoints } from '@meridian/contracts/endpoints/reviews';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { operatorAuthorization } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';
import styles from './queues.module.css';

/**
 * The document an item is decided on (a loan's signed agreement PDF), fetched with the operator's session
 * and shown beside the evidence, with a link to open it whole. The same bytes the customer downloads.
 */
export function ReviewDocument({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  const url = endpointPath(reviewsEndpoints.getReviewDocument, { id: item.id });
  const document = useQuery({
    queryKey: adminKeys.reviews.document(item.id),
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { headers: { authorization: operatorAuthorization() ?? '' }, signal });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    },
  });
  const src = document.data;
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return (
    <figure className={styles.document} data-testid="review-document">
      {src ? (
        <>
          <iframe src={src} title={t('queues.review.agreement')} className={styles.documentFrame} />
          <a
            href={src}
            target="_blank"
            rel="noreferrer noopener"
            download={`meridian-loan-${item.subject}.pdf`}
            data-testid="review-document-link"
          >
            {t('queues.review.openAgreement')}
          </a>
        </>
      ) : (
        <p role={document.isError ? 'alert' : 'status'}>
          {t(document.isError ? 'queues.review.agreementFailed' : 'queues.review.imageLoading')}
        </p>
      )}
      <figcaption className={styles.documentCaption}>{t('queues.review.agreement')}</figcaption>
    </figure>
  );
}
