import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { TicketAccess } from '@meridian/contracts';
import { emailField, supportMessageText } from '@meridian/contracts/schemas';
import { ApiError, useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { openTicket, uploadImage } from '../api/support-api.ts';
import { ImageField } from './image-field.tsx';
import type { PreparedImage } from './prepare-image.ts';
import { schemaResolver } from './schema-resolver.ts';
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
  const { t: tc } = useT('common');
  const emailId = useId();
  const messageId = useId();
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
    <form className={styles.form} onSubmit={submit} noValidate data-testid="kf-open-form">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={emailId}>
          {t('kf.email')}
        </label>
        <input
          id={emailId}
          className={styles.input}
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register('email')}
        />
        {errors.email?.message ? (
          <p id={`${emailId}-error`} className={styles.error}>
            {tc(errors.email.message)}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={messageId}>
          {t('kf.message')}
        </label>
        <textarea
          id={messageId}
          className={styles.textarea}
          maxLength={2000}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          {...register('message')}
        />
        {errors.message?.message ? (
          <p id={`${messageId}-error`} className={styles.error}>
            {tc(errors.message.message)}
          </p>
        ) : null}
      </div>
      <ImageField value={image} onChange={setImage} />
      {failure ? (
        <p className={styles.error} role="alert">
          {tc(failure)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting} data-testid="kf-send">
          {isSubmitting ? t('kf.sending') : t('kf.send')}
        </Button>
      </div>
    </form>
  );
}
