import { useCallback, useState } from 'react';
import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_DECIDERS } from '@meridian/contracts';
import type { ReviewView } from '@meridian/contracts';
import { PAYOUT_FAILURE_REASONS, REVIEW_STEPS, payoutHashField } from '@meridian/contracts/schemas';
import type { ReviewStepBody, ReviewStepName } from '@meridian/contracts/schemas';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { Form, SelectField, TextField } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';

const { ReviewConfirm, kitClasses: kit, refreshReviews, reviewQueryOptions, stepReview } = reviewKit;

/** The steps a kind may take from a state (`REVIEW_STEPS`), in the table's order. */
function stepsFrom(item: ReviewView): ReviewStepName[] {
  const steps = (REVIEW_STEPS as Partial<Record<string, Record<string, { from: string }>>>)[item.kind] ?? {};
  return Object.entries(steps)
    .filter(([, rule]) => rule.from === item.state)
    .map(([name]) => name as ReviewStepName);
}

/** The form of each step: the payout's hash, or why the payout failed (checked with the API's own schemas). */
const payForm = z.object({ payoutHash: payoutHashField });
const failForm = z.object({
  failureReason: z.enum(['', ...PAYOUT_FAILURE_REASONS]).refine((v) => v !== '', { error: `${NAMESPACE}:queues.review.chooseReason` }),
});

/**
 * The step after a decision (a withdrawal approved → paid with its payout hash; paid → failed with the
 * reason the customer reads), for the kind's deciders: typed, confirmed, then sent once. The API moves
 * the money in the step's own transaction; a second step is refused (10212).
 */
export function StepPanel({ item }: { item: ReviewView }) {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ReviewStepBody | null>(null);
  const close = useCallback(() => setConfirming(null), []);
  const step = useMutation({
    mutationFn: (body: ReviewStepBody) => stepReview(item.id, body),
    onSuccess: (view) => {
      queryClient.setQueryData(reviewQueryOptions(item.id).queryKey, view);
      void refreshReviews(queryClient);
    },
  });
  const steps = stepsFrom(item);
  if (steps.length === 0 || !hasRole(session, REVIEW_DECIDERS[item.kind])) return null;
  return (
    <div className={adminStyles.stack} data-testid="step-panel">
      {steps.includes('pay') ? (
        <Form
          schema={payForm}
          defaultValues={{ payoutHash: '' }}
          onSubmit={(fields) => setConfirming({ step: 'pay', fields })}
          testId="pay-form"
        >
          {(form) => (
            <>
              <p className={kit.info}>{t('queues.steps.payLead')}</p>
              <TextField
                form={form}
                name="payoutHash"
                label={t('queues.steps.payoutHash')}
                dir="ltr"
                autoComplete="off"
                testId="payout-hash"
              />
              <div className={kit.actions}>
                <Button type="submit" data-testid="pay-submit">
                  {t('queues.steps.pay')}
                </Button>
              </div>
            </>
          )}
        </Form>
      ) : null}
      {(['cancel', 'fail'] as const)
        .filter((name) => steps.includes(name))
        .map((name) => (
          <Form
            key={name}
            schema={failForm}
            defaultValues={{ failureReason: '' }}
            onSubmit={(fields) => setConfirming({ step: name, fields })}
            testId={`${name}-form`}
          >
            {(form) => (
              <>
                <p className={kit.info}>{t(`queues.steps.${name}Lead`)}</p>
                <SelectField
                  form={form}
                  name="failureReason"
                  label={t('queues.review.reason')}
                  options={[
                    { value: '', label: t('queues.review.chooseReason') },
                    ...PAYOUT_FAILURE_REASONS.map((code) => ({ value: code, label: t(`reasons.${code}`) })),
                  ]}
                  testId={`${name}-reason`}
                />
                <div className={kit.actions}>
                  <Button type="submit" variant="secondary" data-testid={`${name}-submit`}>
                    {t(`queues.steps.${name}`)}
                  </Button>
                </div>
              </>
            )}
          </Form>
        ))}
      {confirming ? (
        <ReviewConfirm
          title={t(`queues.steps.confirm${confirming.step === 'pay' ? 'Pay' : confirming.step === 'cancel' ? 'Cancel' : 'Fail'}Title`)}
          rows={[
            { label: t('queues.review.item'), value: `${t(`kinds.${item.kind}`)} · ${t('queues.itemNumber', { id: item.id })}` },
            ...(confirming.step === 'pay'
              ? [
                  {
                    label: t('queues.steps.payoutHash'),
                    value: <code dir="ltr">{confirming.fields?.payoutHash}</code>,
                    testId: 'confirm-hash',
                  },
                ]
              : [
                  {
                    label: t('queues.review.reason'),
                    value: t(`reasons.${confirming.fields?.failureReason ?? ''}`),
                    testId: 'confirm-reason',
                  },
                ]),
          ]}
          note={t(`queues.steps.${confirming.step}Note`)}
          confirmLabel={t(`queues.steps.${confirming.step}`)}
          onConfirm={async () => {
            await step.mutateAsync(confirming);
          }}
          onClose={close}
          testId="step-dialog"
        />
      ) : null}
    </div>
  );
}
