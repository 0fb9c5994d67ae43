import { endpointPath } from '@meridian/contracts';
import { supportAdminEndpoints } from '@meridian/contracts/endpoints/support-admin';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

const { OperatorImage } = reviewKit;

/** A conversation's image as evidence, opened large with zoom. */
export function TicketImage({ ticket, imageId }: { ticket: string; imageId: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <OperatorImage
      url={endpointPath(supportAdminEndpoints.getSupportTicketImage, { id: ticket, imageId })}
      queryKey={adminKeys.support.image(ticket, imageId)}
      label={t('support.openImage')}
      alt={t('support.imageAlt')}
      loading={t('support.imageAttached')}
      failed={t('support.imageFailed')}
      testId="support-image"
    />
  );
}
