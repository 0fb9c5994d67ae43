import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointPath } from '@meridian/contracts';
import { supportAdminEndpoints } from '@meridian/contracts/endpoints/support-admin';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { operatorAuthorization } from '../../../shared/admin-api.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import styles from './support.module.css';
import { adminKeys } from '../../../shared/query-keys.ts';

const { Lightbox } = reviewKit;

/** A conversation's image as evidence: fetched with the operator's token (an <img src> cannot carry it), opened large with zoom. */
export function TicketImage({ ticket, imageId }: { ticket: string; imageId: string }) {
  const { t } = useT(NAMESPACE);
  const [open, setOpen] = useState(false);
  const image = useQuery({
    queryKey: adminKeys.support.image(ticket, imageId),
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(endpointPath(supportAdminEndpoints.getSupportTicketImage, { id: ticket, imageId }), {
        headers: { authorization: operatorAuthorization() ?? '' },
        signal,
      });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    },
  });
  const url = image.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url)
    return (
      <span className={styles.attachment} data-testid="support-attachment">
        <span aria-hidden="true">🖼</span>
        {image.isError ? t('support.imageFailed') : t('support.imageAttached')}
      </span>
    );
  return (
    <>
      <button
        type="button"
        className={styles.imageButton}
        onClick={() => setOpen(true)}
        data-testid="support-image"
        aria-label={t('support.openImage')}
      >
        <img src={url} alt="" className={styles.thumbnail} />
      </button>
      {open ? <Lightbox src={url} alt={t('support.imageAlt')} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
