import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { OPERATOR_CODES, REVIEW_DECIDERS, REVIEW_REASONS } from '@meridian/contracts';
import type { DecideReviewBody, ReviewView } from '@meridian/contracts';
import { decideReviewBody } from '@meridian/contracts/schemas';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import styles from './queues.module.css';

const {
  Facts,
  Radios,
  ReasonSelect,
  ReviewConfirm,
  Section,
  StateBadge,
  TextBox,
  assignReview,
  decideReview,
  errorCode,
  kitClasses: kit,
  refreshReviews,
  reviewQueryOptions,
  useErrorText,
  validate,
} = reviewKit;

type Decision = DecideReviewBody['decision'];

/** The reason offered first for a decision: the proposal's own reason to approve a correction, `proposalWrong` to reject one; else the kind's first (positive) or second (refusal) reason. */
function suggestedReason(item: ReviewView, decision: Decision): string {
  const codes: readonly string[] = REVIEW_REASONS[item.kind];
  if (item.kind === 'correction') return decision === 'approve' ? (item.payload.reasonCode ?? '') : 'proposalWrong';
  return (decision === 'approve' ? codes[0] : codes[1]) ?? '';
}

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

  const [decision, setDecision] = useState<Decision | ''>('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; reason?: string; note?: string }>({});
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

  const choose = (next: Decision) => {
    // Move the reason along with the decision unless the operator picked one of their own.
    if (!reason || (decision && reason === suggestedReason(item, decision))) setReason(suggestedReason(item, next));
    setDecision(next);
    setErrors((e) => ({ ...e, decision: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!decision) next.decision = t('queues.review.chooseDecision');
    if (!reason) next.reason = t('queues.review.chooseReason');
    const checked = validate(decideReviewBody, {
      decision: decision || undefined,
      reasonCode: reason || undefined,
      note: note.trim() ? note : undefined,
    });
    if (checked.errors?.note) next.note = checked.errors.note;
    setErrors(next);
    if (Object.keys(next).length > 0 || !checked.data) return;
    setConfirming(checked.data);
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
      <form
        className={adminStyles.stack}
        onSubmit={submit}
        noValidate
        aria-describedby={ownProposal ? 'own-proposal' : undefined}
        data-testid="decide-form"
      >
        <Radios<Decision>
          legend={t('queues.review.decision')}
          name={`decision-${item.id}`}
          items={[
            { id: 'approve', label: t('queues.review.approveOption') },
            { id: 'reject', label: t('queues.review.rejectOption') },
          ]}
          value={decision}
          onChange={choose}
          testIdPrefix="decision"
          error={errors.decision}
          disabled={ownProposal}
        />
        <ReasonSelect
          kind={item.kind}
          value={reason}
          onChange={(code) => {
            setReason(code);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          label={t('queues.review.reason')}
          placeholder={t('queues.review.chooseReason')}
          error={errors.reason}
          testId="decision-reason"
          disabled={ownProposal}
        />
        <TextBox
          id={`note-${item.id}`}
          label={t('queues.review.noteOptional')}
          multiline
          value={note}
          maxLength={500}
          onChange={setNote}
          error={errors.note}
          hint={t('queues.review.noteHint')}
          disabled={ownProposal}
          testId="decision-note"
        />
        <div className={kit.actions}>
          <Button type="submit" disabled={ownProposal} data-testid="decide-submit">
            {t('queues.review.decideButton')}
          </Button>
        </div>
      </form>
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
