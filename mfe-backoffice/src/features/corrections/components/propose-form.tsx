import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TRADING_CURRENCY } from '@meridian/contracts';
import type { ProposeCorrectionBody, ReviewView } from '@meridian/contracts';
import { proposeCorrectionBody } from '@meridian/contracts/schemas';
import { formatAmount, useLanguage, useT } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { customerQueryOptions, proposeCorrection } from '../api/corrections-api.ts';
import styles from './corrections.module.css';

const {
  DemoBadge,
  Radios,
  ReasonSelect,
  ReviewConfirm,
  Section,
  TextBox,
  kitClasses: kit,
  refreshReviews,
  useErrorText,
  userPath,
  validate,
} = reviewKit;

/** Field → message key of its first problem. */
type FieldErrors = Partial<Record<string, string>>;

type Form = {
  userId: string;
  mode: 'demo' | 'real' | '';
  direction: 'credit' | 'debit' | '';
  amount: string;
  reasonCode: string;
  note: string;
};

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

/**
 * The proposal form (finance): user, mode, credit or debit, amount (a decimal string), reason and
 * note, checked with the API's own schema; a confirmation says a second operator must approve, and
 * the send carries one Idempotency-Key per submit, reused when the same submit is retried.
 */
export function ProposeForm({ initialUserId }: { initialUserId: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>({ userId: initialUserId, mode: '', direction: '', amount: '', reasonCode: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<ProposeCorrectionBody | null>(null);
  const [sent, setSent] = useState<ReviewView | null>(null);
  const customer = useQuery({ ...customerQueryOptions(form.userId.trim()), enabled: UUID.test(form.userId.trim()) });

  const propose = useIdempotentMutation({
    send: (body: ProposeCorrectionBody, key: string) => proposeCorrection(body, key),
    onSuccess: (view) => {
      setSent(view);
      setForm((f) => ({ ...f, amount: '', note: '', direction: '', reasonCode: '' }));
      void refreshReviews(queryClient);
    },
  });
  const cancel = useCallback(() => setConfirming(null), []);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const checked = validate(proposeCorrectionBody, {
      userId: form.userId.trim(),
      mode: form.mode || undefined,
      direction: form.direction || undefined,
      amount: form.amount,
      reasonCode: form.reasonCode || undefined,
      note: form.note,
    });
    const next: FieldErrors = { ...(checked.errors ?? {}) };
    // Choices left empty get the back-office's own words (the schema's enum message is not a key).
    if (!form.mode) next.mode = 'corrections.chooseMode';
    if (!form.direction) next.direction = 'corrections.chooseDirection';
    if (!form.reasonCode) next.reasonCode = 'queues.review.chooseReason';
    setErrors(next);
    if (!checked.data || Object.values(next).some(Boolean)) return;
    setConfirming(checked.data);
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
      <form className={styles.form} onSubmit={submit} noValidate data-testid="propose-form">
        <TextBox
          id="correction-user"
          label={t('corrections.userId')}
          className={kit.mono}
          fieldClassName={styles.wide}
          value={form.userId}
          onChange={(v) => set('userId', v)}
          error={errors.userId}
          testId="correction-user"
        >
          <CustomerHint userId={form.userId} />
        </TextBox>
        <Radios
          legend={t('corrections.mode')}
          name="correction-mode"
          items={[
            { id: 'real', label: t('users.modes.real') },
            { id: 'demo', label: t('users.modes.demo') },
          ]}
          value={form.mode}
          onChange={(v) => set('mode', v)}
          testIdPrefix="correction-mode"
          error={errors.mode ? t(errors.mode) : null}
        />
        <Radios
          legend={t('corrections.direction')}
          name="correction-direction"
          items={[
            { id: 'credit', label: t('corrections.directions.credit') },
            { id: 'debit', label: t('corrections.directions.debit') },
          ]}
          value={form.direction}
          onChange={(v) => set('direction', v)}
          testIdPrefix="correction-direction"
          error={errors.direction ? t(errors.direction) : null}
        />
        <TextBox
          id="correction-amount"
          label={t('corrections.amount', { currency: TRADING_CURRENCY })}
          className={kit.num}
          inputMode="decimal"
          value={form.amount}
          onChange={(v) => set('amount', v)}
          error={errors.amount}
          hint={t('corrections.amountHint')}
          testId="correction-amount"
        />
        <ReasonSelect
          kind="correction"
          value={form.reasonCode}
          onChange={(v) => set('reasonCode', v)}
          label={t('corrections.reason')}
          placeholder={t('queues.review.chooseReason')}
          error={errors.reasonCode ? t(errors.reasonCode) : null}
          testId="correction-reason"
        />
        <TextBox
          id="correction-note"
          label={t('corrections.note')}
          multiline
          fieldClassName={styles.wide}
          value={form.note}
          maxLength={500}
          onChange={(v) => set('note', v)}
          error={errors.note}
          hint={t('corrections.noteHint')}
          testId="correction-note"
        />
        <div className={`${kit.actions} ${styles.wide}`}>
          <Button type="submit" data-testid="propose-submit">
            {t('corrections.review')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <ReviewConfirm
          title={t('corrections.confirmTitle')}
          rows={[
            {
              label: t('corrections.customer'),
              value: c ? (c.email ?? c.phone ?? c.wallet ?? c.id) : confirming.userId,
              testId: 'confirm-customer',
            },
            {
              label: t('corrections.mode'),
              value: confirming.mode === 'demo' ? <DemoBadge /> : t('users.modes.real'),
              testId: 'confirm-mode',
            },
            { label: t('corrections.direction'), value: t(`corrections.directions.${confirming.direction}`), testId: 'confirm-direction' },
            {
              label: t('corrections.amountLabel'),
              value: (
                <span
                  className={kit.num}
                >{`${confirming.direction === 'credit' ? '+' : '−'}${formatAmount(confirming.amount.trim(), TRADING_CURRENCY, lang)}`}</span>
              ),
              testId: 'confirm-amount',
            },
            { label: t('corrections.reason'), value: t(`reasons.${confirming.reasonCode}`), testId: 'confirm-reason' },
            { label: t('corrections.note'), value: <bdi>{confirming.note.trim()}</bdi> },
          ]}
          note={t('corrections.needsSecond')}
          confirmLabel={t('corrections.send')}
          onConfirm={() => propose.mutateAsync(confirming)}
          onClose={cancel}
          testId="propose-dialog"
        />
      ) : null}
    </Section>
  );
}
