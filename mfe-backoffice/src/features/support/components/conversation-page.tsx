import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { SUPPORT_MESSAGE_MAX } from '@meridian/contracts';
import type { TicketView } from '@meridian/contracts';
import { operatorReplyBody } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, TextField } from '@meridian/ui/form';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { closeTicket, replyTicket, ticketQueryOptions } from '../api/support-api.ts';
import type { CloseReason } from '../api/support-api.ts';
import { StatusBadge } from './status-badge.tsx';
import { TicketImage } from './ticket-image.tsx';
import styles from './support.module.css';
import { adminKeys } from '../../../shared/query-keys.ts';

const {
  Facts,
  Page,
  ReasonSelect,
  ReviewConfirm,
  Section,
  StateBadge,
  WaitedTime,
  kitClasses: kit,
  refreshReviews,
  useErrorText,
} = reviewKit;

/** The conversation's messages, visitor on one side and operators on the other. */
function Thread({ view }: { view: TicketView }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <ol className={styles.thread} aria-label={t('support.thread')} data-testid="support-thread">
      {view.messages.map((m) => (
        <li key={m.id} className={styles.message} data-author={m.author} data-testid="support-message">
          <span className={kit.byline}>
            {m.author === 'visitor' ? t('support.visitor') : t('support.operator')} ·{' '}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, lang)}</time>
          </span>
          <span className={styles.body} dir="auto">
            {m.body}
          </span>
          {m.imageId ? <TicketImage ticket={view.id} imageId={m.imageId} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** The reply box: the same rules as the API (operatorReplyBody), translated. */
function ReplyForm({ id, closed }: { id: string; closed: boolean }) {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const reply = useMutation({
    mutationFn: (text: string) => replyTicket(id, text),
    onSuccess: (view) => {
      queryClient.setQueryData(ticketQueryOptions(id).queryKey, view);
      void queryClient.invalidateQueries({ queryKey: adminKeys.support.list() });
      void refreshReviews(queryClient);
    },
  });
  return (
    <Form
      schema={operatorReplyBody}
      defaultValues={{ message: '' }}
      onSubmit={async ({ message }, form) => {
        try {
          await reply.mutateAsync(message);
          form.reset({ message: '' });
        } catch {
          // Shown from reply.error; the message stays for another try.
        }
      }}
      className={styles.form}
      testId="reply-form"
    >
      {(form) => {
        const length = form.watch('message').length;
        return (
          <>
            <TextField
              form={form}
              name="message"
              label={t('support.replyLabel')}
              multiline
              maxLength={SUPPORT_MESSAGE_MAX}
              describedBy="support-reply-count"
              testId="reply-message"
            />
            {reply.isError ? (
              <p className={kit.error} role="alert" data-testid="reply-error">
                {errorText(reply.error)}
              </p>
            ) : null}
            {reply.isSuccess && !length && !closed ? (
              <p className={kit.success} role="status" data-testid="reply-sent">
                {t('support.replySent')}
              </p>
            ) : null}
            <div className={adminStyles.spread}>
              <span id="support-reply-count" className={styles.counter}>
                {t('support.characters', { count: length, max: SUPPORT_MESSAGE_MAX })}
              </span>
              <Button type="submit" disabled={reply.isPending} aria-busy={reply.isPending} data-testid="reply-send">
                {reply.isPending ? t('support.sending') : t('support.send')}
              </Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}

/** Closing with a reason of the support kind, confirmed first. */
function CloseForm({ view }: { view: TicketView }) {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string>('resolved');
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: () => closeTicket(view.id, reason as CloseReason),
    onSuccess: (next) => {
      queryClient.setQueryData(ticketQueryOptions(view.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: adminKeys.support.list() });
      void refreshReviews(queryClient);
    },
  });
  const cancel = useCallback(() => setConfirming(false), []);
  return (
    <div className={styles.form} data-testid="close-form">
      <ReasonSelect kind="support" value={reason} onChange={setReason} label={t('support.closeReason')} testId="close-reason" />
      <div className={kit.actions}>
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="close-conversation">
          {t('support.close')}
        </Button>
      </div>
      {confirming ? (
        <ReviewConfirm
          title={t('support.confirmCloseTitle')}
          rows={[
            { label: t('support.columns.email'), value: view.email },
            { label: t('support.closeReason'), value: t(`reasons.${reason}`), testId: 'confirm-close-reason' },
          ]}
          note={t('support.closeNote')}
          confirmLabel={t('support.confirmClose')}
          onConfirm={() => close.mutateAsync()}
          onClose={cancel}
          testId="close-dialog"
        />
      ) : null}
    </div>
  );
}

/**
 * `/admin/support/:id`: one conversation — the messages, its place in the support queue (state and
 * time in queue), and for the support role a reply box and "Close" with a reason; others read only.
 */
export function ConversationPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { id = '' } = useParams();
  const session = useOperatorSession();
  const query = useQuery(ticketQueryOptions(id));
  const mayAnswer = hasRole(session, ['support']);
  const view = query.data;

  return (
    <Page
      title={view ? view.email : t('support.conversation')}
      titleExtra={view ? <StatusBadge status={view.status} testId="conversation-status" /> : null}
      back={{ to: '/admin/support', label: t('support.backToList') }}
      testId="conversation-page"
    >
      <QueryView query={query} notFound={t('support.notFound')}>
        {(ticket) => (
          <div className={styles.layout}>
            <div className={adminStyles.stack}>
              <Section title={t('support.messages', { count: ticket.messages.length })} testId="conversation-messages">
                <Thread view={ticket} />
              </Section>
              {mayAnswer ? (
                <Section title={t('support.replyTitle')} testId="conversation-reply">
                  {ticket.status === 'closed' ? <p className={kit.info}>{t('support.closedReplyNote')}</p> : null}
                  <ReplyForm id={ticket.id} closed={ticket.status === 'closed'} />
                </Section>
              ) : (
                <p className={kit.info} data-testid="conversation-read-only">
                  {t('support.readOnly')}
                </p>
              )}
            </div>
            <div className={adminStyles.stack}>
              <Section title={t('support.queueTitle')} testId="conversation-queue">
                {ticket.review ? (
                  <Facts
                    items={[
                      {
                        label: t('queues.review.state'),
                        value: <StateBadge state={ticket.review.state} testId="conversation-review-state" />,
                      },
                      {
                        label: t('queues.columns.waited'),
                        value: (
                          <WaitedTime
                            waitedSeconds={ticket.review.waitedSeconds}
                            limitSeconds={ticket.review.limitSeconds}
                            overdue={ticket.review.state === 'pending' && ticket.review.waitedSeconds > ticket.review.limitSeconds}
                            testId="conversation-waited"
                          />
                        ),
                      },
                      { label: t('queues.columns.enqueued'), value: formatDateTime(ticket.review.enqueuedAt, lang) },
                      ...(ticket.review.reasonCode
                        ? [{ label: t('queues.review.reason'), value: t(`reasons.${ticket.review.reasonCode}`) }]
                        : []),
                      ...(ticket.review.decidedAt
                        ? [{ label: t('queues.review.decidedAt'), value: formatDateTime(ticket.review.decidedAt, lang) }]
                        : []),
                    ]}
                  />
                ) : (
                  <p className={kit.muted}>{t('support.notQueued')}</p>
                )}
                <Facts
                  items={[
                    { label: t('support.started'), value: formatDateTime(ticket.createdAt, lang) },
                    {
                      label: t('support.customer'),
                      value: (
                        <Link
                          className={kit.link}
                          to={`/admin/users?q=${encodeURIComponent(ticket.email)}`}
                          data-testid="conversation-find-user"
                        >
                          {t('support.findCustomer')}
                        </Link>
                      ),
                    },
                  ]}
                />
              </Section>
              {mayAnswer && ticket.status !== 'closed' ? (
                <Section title={t('support.closeTitle')} testId="conversation-close">
                  <CloseForm view={ticket} />
                </Section>
              ) : null}
            </div>
          </div>
        )}
      </QueryView>
    </Page>
  );
}
