import { useCallback, useState } from 'react';
import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { OPERATOR_CODES, REVIEW_DECIDERS, REVIEW_REASONS } from '@meridian/contracts';
import type { DecideReviewBody, ReviewView } from '@meridian/contracts';
import { decideReviewBody } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, fieldError } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { StepPanel } from './step-panel.tsx';
import styles from './queues.module.css';

const {
  Facts,
  NoteField,
  Radios,
  ReasonSelect,
  ReviewConfirm,
  Section,
  StateBadge,
  assignReview,
  decideReview,
  errorCode,
  kitClasses: kit,
  refreshReviews,
  reviewQueryOptions,
  useErrorText,
} = reviewKit;

type Decision = DecideReviewBody['decision'];

/** The reason offered first for a decision: the proposal's own reason to approve a correction, `proposalWrong` to reject one; else the kind's first (positive) or second (refusal) reason. */
function suggestedReason(item: ReviewView, decision: Decision): string {
  const codes: readonly string[] = REVIEW_REASONS[item.kind];
  if (item.kind === 'correction') return decision === 'approve' ? (item.payload.reasonCode ?? '') : 'proposalWrong';
  return (decision === 'approve' ? codes[0] : codes[1]) ?? '';
}

/** A choice left empty gets the back-office's own words (the schema's enum message is not a key). */
const CHOOSE = {
  decision: `${NAMESPACE}:queues.review.chooseDecision`,
  reasonCode: `${NAMESPACE}:queues.review.chooseReason`,
} as const;

/**
 * The decision form's schema: the choices as made (empty until made) and the note as typed, checked
 * with the API's own schema and parsed to its body.
 */
export const decisionForm = z
  .object({
    decision: z.enum(['', 'approve', 'reject']),
    reasonCode: z.string(),
    note: z.string(),
  })
  .transform((form, ctx) => {
    const parsed = decideReviewBody.safeParse({
      decision: form.decision || undefined,
      reasonCode: form.reasonCode || undefined,
      note: form.note.trim() ? form.note : undefined,
    });
    const problems = new Map<string, string>();
    for (const field of ['decision', 'reasonCode'] as const) if (!form[field]) problems.set(field, CHOOSE[field]);
    const note = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'note');
    if (note) problems.set('note', note.message);
    for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message, input: form });
    return parsed.success && problems.size === 0 ? parsed.data : z.NEVER;
  });

type DecisionForm = KitForm<typeof decisionForm>;

/** A decided item: who decided, the reason, the note and when. */
function DecidedFacts({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <Facts
      testId="review-decision"
      items={[
        { label: t('queues.review.state'), value: <StateBadge state={item.state} />, testId: 'decided-state' },
        { label: t('queues.review.decidedBy'), value: item.decidedBy ?? '—', testId: 'decided-by' },
        { label: t('queues.review.reason'), value: item.reasonCode ? t(`reasons.${item.reasonCode}`) : '—', testId: 'decided-reason' },
        { label: t('queues.review.decidedAt'), value: item.decidedAt ? formatDateTime(item.decidedAt, lang) : '—', testId: 'decided-at' },
        ...(item.note ? [{ label: t('queues.review.note'), value: <bdi>{item.note}</bdi>, testId: 'decided-note' }] : []),
      ]}
    />
  );
}

/**
 * The decision side of a review: decided facts, or (for the kind's deciders) "Take it" and the
 * approve / reject form with a reason of the kind and a note, confirmed before it is sent.
 */
export function DecisionPanel({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const me = session?.operator.email ?? '';
  const mayDecide = hasRole(session, REVIEW_DECIDERS[item.kind]);
  const ownProposal = item.kind === 'correction' && !!item.proposedBy && item.proposedBy === me;

  const [confirming, setConfirming] = useState<DecideReviewBody | null>(null);
  const [done, setDone] = useState(false);
  // Someone else decided the item while this operator was deciding it (10205).
  const [overtaken, setOvertaken] = useState(false);

  const assign = useMutation({
    mutationFn: () => assignReview(item.id),
    onSuccess: (view) => {
      queryClient.setQueryData(reviewQueryOptions(item.id).queryKey, view);
      void refreshReviews(queryClient);
    },
  });
  const decide = useMutation({
    mutationFn: (body: DecideReviewBody) => decideReview(item.id, body),
    onSuccess: (view) => {
      queryClient.setQueryData(reviewQueryOptions(item.id).queryKey, view);
      setDone(true);
      void refreshReviews(queryClient);
    },
    onError: (error) => {
      if (errorCode(error) !== OPERATOR_CODES.alreadyDecided) return;
      setOvertaken(true);
      void refreshReviews(queryClient);
    },
  });
  const cancel = useCallback(() => setConfirming(null), []);
  /** Sends the decision; someone else's decision first (10205) closes the dialog too, and the panel says so. */
  const send = async (body: DecideReviewBody) => {
    try {
      await decide.mutateAsync(body);
    } catch (error) {
      if (errorCode(error) !== OPERATOR_CODES.alreadyDecided) throw error;
    }
  };

  /** A choice made by a control the form does not own: its error clears once made. */
  const chosen = { shouldDirty: true } as const;
  const choose = (form: DecisionForm, next: Decision) => {
    const { decision, reasonCode } = form.getValues();
    // Move the reason along with the decision unless the operator picked one of their own.
    if (!reasonCode || (decision && reasonCode === suggestedReason(item, decision)))
      form.setValue('reasonCode', suggestedReason(item, next), chosen);
    form.setValue('decision', next, chosen);
    form.clearErrors('decision');
  };
  const problem = (form: DecisionForm, key: 'decision' | 'reasonCode') => {
    const error = fieldError(form, key);
    return error ? t(error) : null;
  };

  if (item.state !== 'pending')
    return (
      <Section title={t('queues.review.decisionTitle')} testId="decision-panel" className={styles.panel}>
        {done ? (
          <p className={kit.success} role="status" data-testid="decision-saved">
            {t('queues.review.saved')}
          </p>
        ) : null}
        {overtaken ? (
          <p className={kit.notice} role="alert" data-testid="decision-overtaken">
            {t('queues.errors.10205')}
          </p>
        ) : null}
        <DecidedFacts item={item} />
        <StepPanel item={item} />
      </Section>
    );

  if (item.kind === 'support')
    return (
      <Section title={t('queues.review.decisionTitle')} testId="decision-panel" className={styles.panel}>
        <p className={kit.info}>{t('queues.review.supportElsewhere')}</p>
        <Link className={kit.link} to={`/admin/support/${encodeURIComponent(item.subject)}`} data-testid="open-conversation">
          {t('queues.review.openConversation')}
        </Link>
      </Section>
    );

  if (!mayDecide)
    return (
      <Section title={t('queues.review.decisionTitle')} testId="decision-panel" className={styles.panel}>
        <p className={kit.info} data-testid="read-only">
          {t('queues.review.readOnly', { roles: REVIEW_DECIDERS[item.kind].map((r) => t(`roles.${r}`)).join(', ') })}
        </p>
      </Section>
    );

  const mine = item.assignee === me;
  return (
    <Section title={t('queues.review.decisionTitle')} testId="decision-panel" className={styles.panel}>
      <div className={styles.assign}>
        <span data-testid="assignee">
          {item.assignee
            ? mine
              ? t('queues.review.assignedToYou')
              : t('queues.review.assignedTo', { name: item.assignee })
            : t('queues.review.nobodyHasIt')}
        </span>
        {!mine && !ownProposal ? (
          <Button
            variant="secondary"
            onClick={() => assign.mutate()}
            disabled={assign.isPending}
            aria-busy={assign.isPending}
            data-testid="take-it"
          >
            {assign.isPending ? t('queues.kit.sending') : t('queues.review.takeIt')}
          </Button>
        ) : null}
      </div>
      {assign.isError ? (
        <p className={kit.error} role="alert" data-testid="assign-error">
          {errorText(assign.error)}
        </p>
      ) : null}
      {ownProposal ? (
        <p className={kit.notice} id="own-proposal" data-testid="own-proposal">
          {t('corrections.secondOperator')}
        </p>
      ) : null}
      <Form
        schema={decisionForm}
        defaultValues={{ decision: '', reasonCode: '', note: '' }}
        onSubmit={(body) => setConfirming(body)}
        className={adminStyles.stack}
        testId="decide-form"
        aria-describedby={ownProposal ? 'own-proposal' : undefined}
      >
        {(form) => (
          <>
            <Radios<Decision>
              legend={t('queues.review.decision')}
              name={`decision-${item.id}`}
              items={[
                { id: 'approve', label: t('queues.review.approveOption') },
                { id: 'reject', label: t('queues.review.rejectOption') },
              ]}
              value={form.watch('decision')}
              onChange={(next) => choose(form, next)}
              testIdPrefix="decision"
              error={problem(form, 'decision')}
              disabled={ownProposal}
            />
            <ReasonSelect
              kind={item.kind}
              value={form.watch('reasonCode')}
              onChange={(code) => {
                form.setValue('reasonCode', code, chosen);
                form.clearErrors('reasonCode');
              }}
              label={t('queues.review.reason')}
              placeholder={t('queues.review.chooseReason')}
              error={problem(form, 'reasonCode')}
              testId="decision-reason"
              disabled={ownProposal}
            />
            <NoteField
              form={form}
              name="note"
              label={t('queues.review.noteOptional')}
              hint={t('queues.review.noteHint')}
              disabled={ownProposal}
              testId="decision-note"
            />
            <div className={kit.actions}>
              <Button
                type="submit"
                disabled={ownProposal}
                aria-describedby={ownProposal ? 'own-proposal' : undefined}
                data-testid="decide-submit"
              >
                {t('queues.review.decideButton')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming ? (
        <ReviewConfirm
          title={t(confirming.decision === 'approve' ? 'queues.review.confirmApproveTitle' : 'queues.review.confirmRejectTitle')}
          rows={[
            { label: t('queues.review.item'), value: `${t(`kinds.${item.kind}`)} · ${t('queues.itemNumber', { id: item.id })}` },
            {
              label: t('queues.review.decision'),
              value: t(confirming.decision === 'approve' ? 'queues.review.approveOption' : 'queues.review.rejectOption'),
              testId: 'confirm-decision',
            },
            { label: t('queues.review.reason'), value: t(`reasons.${confirming.reasonCode}`), testId: 'confirm-reason' },
            ...(confirming.note ? [{ label: t('queues.review.note'), value: <bdi>{confirming.note}</bdi> }] : []),
          ]}
          note={
            item.kind === 'correction' && confirming.decision === 'approve' ? t('corrections.approveMovesMoney') : t('queues.review.final')
          }
          confirmLabel={t(confirming.decision === 'approve' ? 'queues.review.confirmApprove' : 'queues.review.confirmReject')}
          onConfirm={() => send(confirming)}
          onClose={cancel}
          testId="decide-dialog"
        />
      ) : null}
    </Section>
  );
}
