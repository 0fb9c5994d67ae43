import { useCallback, useState } from 'react';
import { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TRADING_CURRENCY } from '@meridian/contracts';
import type { ProposeCorrectionBody, ReviewView } from '@meridian/contracts';
import { proposeCorrectionBody } from '@meridian/contracts/schemas';
import { formatAmount, useLanguage, useT } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses } from '@meridian/ui';
import { Form, TextField, fieldError } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { customerQueryOptions, proposeCorrection } from '../api/corrections-api.ts';
import styles from './corrections.module.css';

const {
  DemoBadge,
  NoteField,
  Radios,
  ReasonSelect,
  ReviewConfirm,
  Section,
  kitClasses: kit,
  refreshReviews,
  useErrorText,
  userPath,
} = reviewKit;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who the typed user id names, under the field, so the operator sees the customer before sending. */
function CustomerHint({ userId }: { userId: string }) {
  const { t } = useT(NAMESPACE);
  const errorText = useErrorText();
  const valid = UUID.test(userId.trim());
  const query = useQuery({ ...customerQueryOptions(userId.trim()), enabled: valid });
  if (!valid) return null;
  if (query.isPending) return <p className={formClasses.hint}>{t('corrections.lookingUp')}</p>;
  if (query.isError)
    return (
      <p className={formClasses.error} data-testid="correction-customer-error">
        {errorText(query.error)}
      </p>
    );
  const u = query.data;
  return (
    <p className={formClasses.hint} data-testid="correction-customer">
      {t('corrections.customerIs')}{' '}
      <Link className={kit.link} to={userPath(u.id)}>
        {u.email ?? u.phone ?? u.wallet ?? u.id}
      </Link>
    </p>
  );
}

/** A choice left empty gets the back-office's own words (the schema's enum message is not a key). */
const CHOOSE = {
  mode: `${NAMESPACE}:corrections.chooseMode`,
  direction: `${NAMESPACE}:corrections.chooseDirection`,
  reasonCode: `${NAMESPACE}:queues.review.chooseReason`,
} as const;

/**
 * The proposal form's schema: the boxes as typed (a choice not made yet is empty), checked with the
 * API's own schema and parsed to its body.
 */
export const proposalForm = z
  .object({
    userId: z.string(),
    mode: z.enum(['', 'real', 'demo']),
    direction: z.enum(['', 'credit', 'debit']),
    amount: z.string(),
    reasonCode: z.string(),
    note: z.string(),
  })
  .transform((form, ctx) => {
    const parsed = proposeCorrectionBody.safeParse({
      userId: form.userId.trim(),
      mode: form.mode || undefined,
      direction: form.direction || undefined,
      amount: form.amount,
      reasonCode: form.reasonCode || undefined,
      note: form.note,
    });
    const problems = new Map<string, string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!problems.has(field)) problems.set(field, issue.message);
    }
    for (const field of ['mode', 'direction', 'reasonCode'] as const) if (!form[field]) problems.set(field, CHOOSE[field]);
    for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message, input: form });
    return parsed.success && problems.size === 0 ? parsed.data : z.NEVER;
  });

type ProposalForm = KitForm<typeof proposalForm>;

/**
 * The proposal form (finance): user, mode, credit or debit, amount (a decimal string), reason and
 * note, checked with the API's own schema; a confirmation says a second operator must approve, and
 * the send carries one Idempotency-Key per submit, reused when the same submit is retried.
 */
export function ProposeForm({ initialUserId }: { initialUserId: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<{ body: ProposeCorrectionBody; form: ProposalForm } | null>(null);
  const [sent, setSent] = useState<ReviewView | null>(null);
  const confirmingUser = confirming?.body.userId ?? '';
  // The same query as the hint under the user box (already read): who the confirmation names.
  const customer = useQuery({ ...customerQueryOptions(confirmingUser), enabled: UUID.test(confirmingUser) });

  const propose = useIdempotentMutation({
    send: (body: ProposeCorrectionBody, key: string) => proposeCorrection(body, key),
    onSuccess: (view) => {
      setSent(view);
      void refreshReviews(queryClient);
    },
  });
  const cancel = useCallback(() => setConfirming(null), []);

  /** A choice made by a control the form does not own: checked again once a submit was refused. */
  const chosen = (form: ProposalForm) => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const problem = (form: ProposalForm, key: 'mode' | 'direction' | 'reasonCode') => {
    const error = fieldError(form, key);
    return error ? t(error) : null;
  };

  const c = customer.data;
  return (
    <Section title={t('corrections.proposeTitle')} testId="propose-section">
      <p className={kit.info}>{t('corrections.proposeLead')}</p>
      {sent ? (
        <p className={kit.success} role="status" data-testid="proposal-sent">
          {t('corrections.sent', { id: sent.id })}
        </p>
      ) : null}
      <Form
        schema={proposalForm}
        defaultValues={{ userId: initialUserId, mode: '', direction: '', amount: '', reasonCode: '', note: '' }}
        onSubmit={(body, form) => {
          setSent(null);
          setConfirming({ body, form });
        }}
        className={styles.form}
        testId="propose-form"
      >
        {(form) => (
          <>
            <div className={styles.wide}>
              <TextField
                form={form}
                name="userId"
                label={t('corrections.userId')}
                className={kit.mono}
                autoComplete="off"
                testId="correction-user"
              />
              <CustomerHint userId={form.watch('userId')} />
            </div>
            <Radios
              legend={t('corrections.mode')}
              name="correction-mode"
              items={[
                { id: 'real', label: t('users.modes.real') },
                { id: 'demo', label: t('users.modes.demo') },
              ]}
              value={form.watch('mode')}
              onChange={(v) => form.setValue('mode', v, chosen(form))}
              testIdPrefix="correction-mode"
              error={problem(form, 'mode')}
            />
            <Radios
              legend={t('corrections.direction')}
              name="correction-direction"
              items={[
                { id: 'credit', label: t('corrections.directions.credit') },
                { id: 'debit', label: t('corrections.directions.debit') },
              ]}
              value={form.watch('direction')}
              onChange={(v) => form.setValue('direction', v, chosen(form))}
              testIdPrefix="correction-direction"
              error={problem(form, 'direction')}
            />
            <TextField
              form={form}
              name="amount"
              label={t('corrections.amount', { currency: TRADING_CURRENCY })}
              className={kit.num}
              inputMode="decimal"
              autoComplete="off"
              hint={t('corrections.amountHint')}
              testId="correction-amount"
            />
            <ReasonSelect
              kind="correction"
              value={form.watch('reasonCode')}
              onChange={(v) => form.setValue('reasonCode', v, chosen(form))}
              label={t('corrections.reason')}
              placeholder={t('queues.review.chooseReason')}
              error={problem(form, 'reasonCode')}
              testId="correction-reason"
            />
            <div className={styles.wide}>
              <NoteField form={form} name="note" label={t('corrections.note')} hint={t('corrections.noteHint')} testId="correction-note" />
            </div>
            <div className={`${kit.actions} ${styles.wide}`}>
              <Button type="submit" data-testid="propose-submit">
                {t('corrections.review')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming ? (
        <ReviewConfirm
          title={t('corrections.confirmTitle')}
          rows={[
            {
              label: t('corrections.customer'),
              value: c ? (c.email ?? c.phone ?? c.wallet ?? c.id) : confirming.body.userId,
              testId: 'confirm-customer',
            },
            {
              label: t('corrections.mode'),
              value: confirming.body.mode === 'demo' ? <DemoBadge /> : t('users.modes.real'),
              testId: 'confirm-mode',
            },
            {
              label: t('corrections.direction'),
              value: t(`corrections.directions.${confirming.body.direction}`),
              testId: 'confirm-direction',
            },
            {
              label: t('corrections.amountLabel'),
              value: (
                <span
                  className={kit.num}
                >{`${confirming.body.direction === 'credit' ? '+' : '−'}${formatAmount(confirming.body.amount.trim(), TRADING_CURRENCY, lang)}`}</span>
              ),
              testId: 'confirm-amount',
            },
            { label: t('corrections.reason'), value: t(`reasons.${confirming.body.reasonCode}`), testId: 'confirm-reason' },
            { label: t('corrections.note'), value: <bdi>{confirming.body.note.trim()}</bdi> },
          ]}
          note={t('corrections.needsSecond')}
          confirmLabel={t('corrections.send')}
          onConfirm={async () => {
            await propose.mutateAsync(confirming.body);
            // The customer and mode stay for the next proposal; what this one said is cleared.
            confirming.form.reset({ ...confirming.form.getValues(), amount: '', note: '', direction: '', reasonCode: '' });
          }}
          onClose={cancel}
          testId="propose-dialog"
        />
      ) : null}
    </Section>
  );
}
