import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX } from '@meridian/contracts';
import type { TicketAccess } from '@meridian/contracts';
import { emailField, supportMessageText } from '@meridian/contracts/schemas';
import { ApiError, useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { formClasses, FormField, schemaResolver, SubmitRow, surfaceClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { openTicket, uploadImage } from '../api/support-api.ts';
import { ImageField } from './image-field.tsx';
import type { PreparedImage } from './prepare-image.ts';
import styles from './support.module.css';

const formSchema = z.object({ email: emailField, message: supportMessageText });
type FormValues = { email: string; message: string };

/** Upload the picked image (if any), then run `send` with its id; the error key of a failure. */
export async function sendWithImage(image: PreparedImage | null, send: (imageId?: string) => Promise<void>): Promise<string | null> {
  if (image && !image.ok) return image.key;
  try {
    const imageId = image?.ok ? await uploadImage(image.blob, image.name) : undefined;
    await send(imageId);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.messageKey : 'errors.unknown';
  }
}

export function OpenConversationForm({ api, onOpened }: { api: ApiClient; onOpened: (access: TicketAccess) => void }) {
  const { t } = useT(NAMESPACE);
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: schemaResolver(formSchema),
    defaultValues: { email: '', message: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(
      await sendWithImage(image, async (imageId) => {
        const parsed = formSchema.parse(values);
        onOpened(await openTicket(api, { ...parsed, ...(imageId ? { imageId } : {}) }));
      }),
    );
  });

  return (
    <form className={`${surfaceClasses.panel} ${styles.form}`} onSubmit={submit} noValidate data-testid="kf-open-form">
      <FormField label={t('kf.email')} error={errors.email?.message}>
        {(control) => <input {...control} className={formClasses.input} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField label={t('kf.message')} error={errors.message?.message}>
        {(control) => <textarea {...control} className={formClasses.textarea} maxLength={SUPPORT_MESSAGE_MAX} {...register('message')} />}
      </FormField>
      <ImageField value={image} onChange={setImage} />
      <SubmitRow failure={failure} submitting={isSubmitting} label={t('kf.send')} busyLabel={t('kf.sending')} testId="kf-send" />
    </form>
  );
}
