import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX } from '@meridian/contracts';
import type { TicketAccess, TicketView } from '@meridian/contracts';
import { supportMessageText } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import type { ApiClient } from '@meridian/platform';
import { Button, EmptyState, formClasses, SubmitRow, surfaceClasses } from '@meridian/ui';
import { Form, TextField } from '@meridian/ui/form';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { isMissingTicket, replyTicket, supportImageUrl, ticketQueryOptions } from '../api/support-api.ts';
import { ConversationStatus } from './conversation-status.tsx';
import { ImageField } from '@meridian/ui/image-field';
import type { PreparedImage } from '@meridian/ui/image-field';
import { sendWithImage } from './open-conversation-form.tsx';
import styles from './support.module.css';

const replySchema = z.object({ message: supportMessageText });

export function ConversationView({ api, access, onNew }: { api: ApiClient; access: TicketAccess; onNew: () => void }) {
  const { t } = useT(NAMESPACE);
  const query = useQuery(ticketQueryOptions(api, access));
  if (isMissingTicket(query.error))
    return (
      <EmptyState title={t('kf.notFound')}>
        <Button onClick={onNew}>{t('kf.newConversation')}</Button>
      </EmptyState>
    );
  return <QueryView query={query}>{(view) => <Conversation api={api} access={access} view={view} />}</QueryView>;
}

function Conversation({ api, access, view }: { api: ApiClient; access: TicketAccess; view: TicketView }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const link = window.location.href;
  return (
    <section aria-labelledby="kf-conversation" data-testid="kf-conversation">
      <div className={styles.linkBox}>
        <span>{t('kf.keepLink')}</span>
        <span className={styles.linkText} dir="ltr">
          {link}
        </span>
        <div className={formClasses.actions}>
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => setCopied('actions.copied'),
                () => setCopied('actions.copyFailed'),
              )
            }
          >
            {t('kf.copyLink')}
          </Button>
          {copied ? <span role="status">{tc(copied)}</span> : null}
        </div>
      </div>
      <h2 id="kf-conversation" className={styles.conversationTitle}>
        {t('kf.conversation')}
      </h2>
      <ConversationStatus view={view} />
      <ol className={styles.thread} aria-live="polite">
        {view.messages.map((m) => (
          <li key={m.id} className={styles.message} data-author={m.author} data-testid="kf-message">
            <span className={styles.messageMeta}>
              {m.author === 'visitor' ? t('kf.you') : t('kf.operator')} ·{' '}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, language)}</time>
            </span>
            {/* A message keeps its own writing direction (English in an Arabic page, and the other way round). */}
            <div dir="auto">{m.body}</div>
            {m.imageId ? <img className={styles.image} src={supportImageUrl(m.imageId, access)} alt={t('kf.attachedImage')} /> : null}
          </li>
        ))}
      </ol>
      <p className={formClasses.hint}>{t('kf.waiting')}</p>
      <Form
        schema={replySchema}
        defaultValues={{ message: '' }}
        onSubmit={async ({ message }, form) => {
          const key = await sendWithImage(api, image, async (imageId) => {
            queryClient.setQueryData(ticketQueryOptions(api, access).queryKey, await replyTicket(api, access, message.trim(), imageId));
          });
          setFailure(key);
          if (!key) {
            form.reset({ message: '' });
            setImage(null);
          }
        }}
        className={`${surfaceClasses.panel} ${styles.form}`}
      >
        {(form, { submitting }) => (
          <>
            <TextField form={form} name="message" label={t('kf.reply')} multiline maxLength={SUPPORT_MESSAGE_MAX} testId="kf-reply" />
            <ImageField value={image} onChange={setImage} label={t('kf.image')} hint={tc('kit.imageHint')} testId="kf-image" />
            <SubmitRow failure={failure} submitting={submitting} label={t('kf.send')} busyLabel={t('kf.sending')} testId="kf-reply-send" />
          </>
        )}
      </Form>
    </section>
  );
}
