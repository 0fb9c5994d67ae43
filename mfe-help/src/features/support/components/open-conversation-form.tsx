import { useState } from 'react';
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX } from '@meridian/contracts';
import type { TicketAccess } from '@meridian/contracts';
import { emailField, supportMessageText } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { SubmitRow, surfaceClasses } from '@meridian/ui';
import { Form, TextField } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { errorKey } from '../../../shared/components/error-key.ts';
import { ImageField, uploadImage } from '@meridian/ui/image-field';
import type { PreparedImage } from '@meridian/ui/image-field';
import { openTicket } from '../api/support-api.ts';
import styles from './support.module.css';

const formSchema = z.object({ email: emailField, message: supportMessageText });

/** Upload the picked image (if any), then run `send` with its id; the error key of a failure. */
export async function sendWithImage(
  api: ApiClient,
  image: PreparedImage | null,
  send: (imageId?: string) => Promise<void>,
): Promise<string | null> {
  if (image && !image.ok) return image.key;
  try {
    const imageId = image?.ok ? await uploadImage(api, image.blob, image.name) : undefined;
    await send(imageId);
    return null;
  } catch (error) {
    return errorKey(error);
  }
}

export function OpenConversationForm({ api, onOpened }: { api: ApiClient; onOpened: (access: TicketAccess) => void }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form
      schema={formSchema}
      defaultValues={{ email: '', message: '' }}
      onSubmit={async (values) =>
        setFailure(
          await sendWithImage(api, image, async (imageId) =>
            onOpened(await openTicket(api, { ...values, ...(imageId ? { imageId } : {}) })),
          ),
        )
      }
      className={`${surfaceClasses.panel} ${styles.form}`}
      testId="kf-open-form"
    >
      {(form, { submitting }) => (
        <>
          <TextField form={form} name="email" label={t('kf.email')} type="email" autoComplete="email" />
          <TextField form={form} name="message" label={t('kf.message')} multiline maxLength={SUPPORT_MESSAGE_MAX} />
          <ImageField value={image} onChange={setImage} label={t('kf.image')} hint={tc('kit.imageHint')} testId="kf-image" />
          <SubmitRow failure={failure} submitting={submitting} label={t('kf.send')} busyLabel={t('kf.sending')} testId="kf-send" />
        </>
      )}
    </Form>
  );
}
