import { useCallback, useState } from 'react';
import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TRADING_CURRENCY } from '@meridian/contracts';
import type { DecideReviewBody, ReviewState, ReviewView } from '@meridian/contracts';
import { decideReviewBody } from '@meridian/contracts/schemas';
import { formatAmount, formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form } from '@meridian/ui/form';
import { DataTable } from '@meridian/ui/data-table';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import styles from './corrections.module.css';

const {
  ChoiceChips,
  DemoBadge,
  NoteField,
  PAGE_SIZE,
  ReasonSelect,
  ReviewConfirm,
  Section,
  WaitedTime,
  decideReview,
  kitClasses: kit,
  refreshReviews,
  reviewsQueryOptions,
  usePagedFilter,
  userPath,
} = reviewKit;

type Decision = DecideReviewBody['decision'];

/** A correction's amount with its sign: + credit, − debit. */
function Amount({ item }: { item: ReviewView }) {
  const lang = useLanguage();
  const credit = item.payload.direction === 'credit';
  const amount = item.payload.amount ?? '0';
  return (
    <span className={`${kit.num} ${credit ? kit.in : kit.out}`} data-testid="correction-amount-cell">
      {credit ? '+' : '−'}
      {formatAmount(amount, item.payload.currency ?? TRADING_CURRENCY, lang)}
    </span>
  );
}

function Mode({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  return item.payload.mode === 'demo' ? <DemoBadge /> : <span>{t('users.modes.real')}</span>;
}

function Customer({ item }: { item: ReviewView }) {
  return item.userId ? (
    <Link className={kit.link} to={userPath(item.userId)}>
      {item.userEmail ?? item.userId}
    </Link>
  ) : (
    <span>—</span>
  );
}

/**
 * A correction's decision form: the reason and the note as typed, checked with the API's own schema
 * and parsed to its body (the note trimmed, left out when empty).
 */
export function correctionDecision(decision: Decision) {
  return z.object({ reasonCode: z.string(), note: z.string() }).transform((form, ctx): DecideReviewBody => {
    const parsed = decideReviewBody.safeParse({
      decision,
      reasonCode: form.reasonCode || undefined,
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    });
    if (parsed.success) return parsed.data;
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message, input: form });
    }
    return z.NEVER;
  });
}

/** Approve or reject one correction: the reason (approval keeps the proposal's, rejection usually `proposalWrong`) and a note, confirmed. */
function DecideDialog({ item, decision, onClose }: { item: ReviewView; decision: Decision; onClose: () => void }) {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const schema = correctionDecision(decision);
  const decide = useMutation({
    mutationFn: (body: DecideReviewBody) => decideReview(item.id, body),
    onSuccess: () => void refreshReviews(queryClient),
  });
  return (
    <Form
      schema={schema}
      defaultValues={{ reasonCode: decision === 'approve' ? (item.payload.reasonCode ?? '') : 'proposalWrong', note: '' }}
      onSubmit={(body) => decide.mutateAsync(body)}
    >
      {(form) => (
        <ReviewConfirm
          title={t(decision === 'approve' ? 'corrections.approveTitle' : 'corrections.rejectTitle', { id: item.id })}
          rows={[
            { label: t('corrections.customer'), value: item.userEmail ?? item.userId ?? '—' },
            { label: t('corrections.mode'), value: <Mode item={item} /> },
            { label: t('corrections.amountLabel'), value: <Amount item={item} />, testId: 'decide-amount' },
            { label: t('corrections.proposedBy'), value: item.proposedBy ?? '—' },
            { label: t('corrections.proposalReason'), value: item.payload.reasonCode ? t(`reasons.${item.payload.reasonCode}`) : '—' },
          ]}
          note={decision === 'approve' ? t('corrections.approveMovesMoney') : t('corrections.rejectKeeps')}
          confirmLabel={t(decision === 'approve' ? 'corrections.confirmApprove' : 'corrections.confirmReject')}
          disabled={!form.watch('reasonCode')}
          onConfirm={() => {
            // The dialog's own button sends: checked with the form's schema, its problems shown under the fields.
            const parsed = schema.safeParse(form.getValues());
            if (parsed.success) return decide.mutateAsync(parsed.data);
            void form.trigger();
          }}
          onClose={onClose}
          testId="correction-decide-dialog"
        >
          <ReasonSelect
            kind="correction"
            value={form.watch('reasonCode')}
            onChange={(code) => form.setValue('reasonCode', code, { shouldDirty: true })}
            label={t('corrections.decisionReason')}
            testId="correction-decide-reason"
          />
          <NoteField form={form} name="note" label={t('queues.review.noteOptional')} testId="correction-decide-note" />
        </ReviewConfirm>
      )}
    </Form>
  );
}

/**
 * Corrections waiting for a second operator: each with its proposer, customer, direction, amount,
 * mode, reason and note; finance decides them, except its proposer (the buttons say why they are off).
 */
export function PendingCorrections() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const me = session?.operator.email ?? '';
  const finance = hasRole(session, ['finance']);
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ item: ReviewView; decision: Decision } | null>(null);
  const close = useCallback(() => setDeciding(null), []);
  const query = useQuery({ ...reviewsQueryOptions({ kind: 'correction', state: 'pending', page }), placeholderData: keepPreviousData });
  return (
    <Section
      title={t('corrections.pendingTitle')}
      actions={query.data ? <span className={kit.muted}>{t('queues.total', { count: query.data.total })}</span> : null}
      testId="pending-corrections"
    >
      {!finance ? <p className={kit.info}>{t('corrections.financeDecides')}</p> : null}
      <QueryView query={query} isEmpty={(d) => d.items.length === 0} empty={t('corrections.noPending')}>
        {(data) => (
          <>
            <ul className={styles.cards}>
              {data.items.map((item) => {
                const own = !!item.proposedBy && item.proposedBy === me;
                const explain = `own-${item.id}`;
                return (
                  <li
                    key={item.id}
                    className={`${styles.card} ${item.overdue ? kit.overdueRow : ''}`}
                    data-testid="pending-correction"
                    data-id={item.id}
                    data-own={own ? 'true' : 'false'}
                  >
                    <div className={styles.cardHead}>
                      <Link className={kit.rowLink} to={`/admin/queues/${item.id}`}>
                        {t('queues.itemNumber', { id: item.id })}
                      </Link>
                      <Amount item={item} />
                      <Mode item={item} />
                      <span className={styles.spacer} />
                      <WaitedTime waitedSeconds={item.waitedSeconds} limitSeconds={item.limitSeconds} overdue={item.overdue} />
                    </div>
                    <dl className={styles.cardFacts}>
                      <div className={styles.customerFact}>
                        <dt>{t('corrections.customer')}</dt>
                        <dd>
                          <Customer item={item} />
                        </dd>
                      </div>
                      <div>
                        <dt>{t('corrections.direction')}</dt>
                        <dd>{t(`corrections.directions.${item.payload.direction ?? 'credit'}`)}</dd>
                      </div>
                      <div>
                        <dt>{t('corrections.proposedBy')}</dt>
                        <dd data-testid="correction-proposer">
                          {item.proposedBy ?? '—'}
                          {own ? <span className={`${kit.badge} ${styles.you}`}>{t('corrections.you')}</span> : null}
                        </dd>
                      </div>
                      <div>
                        <dt>{t('corrections.reason')}</dt>
                        <dd>{item.payload.reasonCode ? t(`reasons.${item.payload.reasonCode}`) : '—'}</dd>
                      </div>
                      <div className={styles.noteFact}>
                        <dt>{t('corrections.note')}</dt>
                        <dd className={kit.typed} dir="auto">
                          {item.payload.note ?? '—'}
                        </dd>
                      </div>
                    </dl>
                    {finance ? (
                      <div className={styles.cardActions}>
                        {own ? (
                          <p id={explain} className={`${kit.small} ${kit.muted}`} data-testid="second-operator">
                            {t('corrections.secondOperator')}
                          </p>
                        ) : null}
                        <Button
                          onClick={() => setDeciding({ item, decision: 'approve' })}
                          disabled={own}
                          aria-describedby={own ? explain : undefined}
                          data-testid="correction-approve"
                        >
                          {t('corrections.approveButton')}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => setDeciding({ item, decision: 'reject' })}
                          disabled={own}
                          aria-describedby={own ? explain : undefined}
                          data-testid="correction-reject"
                        >
                          {t('corrections.rejectButton')}
                        </Button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="pending-pager" />
          </>
        )}
      </QueryView>
      {deciding ? <DecideDialog item={deciding.item} decision={deciding.decision} onClose={close} /> : null}
    </Section>
  );
}

const DECIDED: readonly ReviewState[] = ['completed', 'rejected', 'failed'];

/** Decided corrections (completed, rejected, failed), newest first. */
export function DecidedCorrections() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { value: state, choose, page, setPage } = usePagedFilter<ReviewState>('completed');
  const query = useQuery({ ...reviewsQueryOptions({ kind: 'correction', state, page }), placeholderData: keepPreviousData });
  return (
    <Section
      title={t('corrections.decidedTitle')}
      testId="decided-corrections"
      actions={
        <ChoiceChips
          label={t('queues.stateFilter')}
          options={DECIDED}
          value={state}
          onChange={choose}
          text={(s) => t(`states.${s}`)}
          testIdPrefix="decided-state"
        />
      }
    >
      <QueryView query={query} isEmpty={(d) => d.items.length === 0} empty={t('corrections.noDecided')}>
        {(data) => (
          <>
            <DataTable
              columns={[
                {
                  id: 'item',
                  header: t('queues.columns.item'),
                  rowHeader: true,
                  className: kit.nowrap,
                  cell: (item) => (
                    <Link className={kit.rowLink} to={`/admin/queues/${item.id}`}>
                      {t('queues.itemNumber', { id: item.id })}
                    </Link>
                  ),
                },
                {
                  id: 'customer',
                  header: t('corrections.customer'),
                  cell: (item) => (
                    <span className={kit.truncate}>
                      <Customer item={item} />
                    </span>
                  ),
                },
                {
                  id: 'amount',
                  header: t('corrections.amountLabel'),
                  numeric: true,
                  cell: (item) => (
                    <>
                      <Amount item={item} /> {item.payload.mode === 'demo' ? <DemoBadge /> : null}
                    </>
                  ),
                },
                {
                  id: 'proposedBy',
                  header: t('corrections.proposedBy'),
                  cell: (item) => <span className={kit.truncate}>{item.proposedBy ?? '—'}</span>,
                },
                {
                  id: 'decidedBy',
                  header: t('queues.columns.decidedBy'),
                  cell: (item) => <span className={kit.truncate}>{item.decidedBy ?? '—'}</span>,
                },
                {
                  id: 'reason',
                  header: t('queues.columns.reason'),
                  cell: (item) => (item.reasonCode ? t(`reasons.${item.reasonCode}`) : '—'),
                },
                {
                  id: 'decidedAt',
                  header: t('queues.columns.decidedAt'),
                  className: kit.nowrap,
                  cell: (item) => (item.decidedAt ? formatDateTime(item.decidedAt, lang) : '—'),
                },
              ]}
              rows={data.items}
              rowKey={(item) => item.id}
              caption={t('corrections.decidedTitle')}
              testId="decided-table"
              rowAttributes={(item) => ({ 'data-testid': 'decided-correction', 'data-id': item.id })}
            />
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="decided-pager" />
          </>
        )}
      </QueryView>
    </Section>
  );
}
