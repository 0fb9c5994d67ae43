import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { SMART_CODES, money } from '@meridian/contracts';
import type { BuySmartBody, SmartProductView } from '@meridian/contracts';
import { smartForm } from '@meridian/contracts/schemas';
import { formatAmount, formatDecimal, sharedQueryKeys, useLanguage, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, fieldError, useKitForm } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { useClockNow } from '@meridian/ui/clock';
import { failureCode, failureKey } from '../../shared/failure.ts';
import { smartApi, smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { smartKeys } from '../../shared/query-keys.ts';
import { utcDateTime } from '../../shared/utc-date.ts';
import styles from '../../shared/trading.module.css';
import { amountProblem, previewPlan } from './plan-quote.ts';
import type { PlanPreview } from './plan-quote.ts';

/** A refusal that means the product's terms moved since they were read: read them again. */
const TERMS_CHANGED = new Set<string>([
  SMART_CODES.productWrong,
  SMART_CODES.daysNotFound,
  SMART_CODES.notEnabled,
  SMART_CODES.amountWrong,
]);

/**
 * The amount, labelled, with its translated problem under it. The kit's FormField translates a key alone;
 * the range message names the product's minimum and maximum, so this field translates it with them.
 */
function AmountField({
  form,
  label,
  hint,
  range,
}: {
  form: KitForm<typeof smartForm>;
  label: string;
  hint: string;
  range: { min: string; max: string };
}) {
  const { t: tc } = useT('common');
  const id = useId();
  const error = fieldError(form, 'amount');
  return (
    <div className={formClasses.field}>
      <label className={formClasses.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        {...form.register('amount')}
        className={`${formClasses.input} ${styles.amountInput}`}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        data-testid="smart-amount"
      />
      <p id={`${id}-hint`} className={formClasses.hint}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className={formClasses.error} data-testid="smart-amount-error">
          {tc(error, range)}
        </p>
      ) : null}
    </div>
  );
}

/** The figures of a plan bought now for the amount typed, from the contract's arithmetic. */
function PlanPreviewFigures({ preview, currency }: { preview: PlanPreview; currency: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const fmt = (value: string) => formatAmount(value, currency, lang);
  return (
    <dl className={styles.figures}>
      <div className={styles.figure}>
        <dt>{t('form.dailyIncome')}</dt>
        <dd data-testid="smart-preview-daily" data-value={preview.dailyIncome}>
          {fmt(preview.dailyIncome)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('form.totalIncome')}</dt>
        <dd data-testid="smart-preview-income" data-value={preview.totalIncome}>
          {fmt(preview.totalIncome)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('form.totalAtTerm')}</dt>
        <dd data-testid="smart-preview-total" data-value={preview.totalAtTerm}>
          {fmt(preview.totalAtTerm)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('form.penalty')}</dt>
        <dd data-testid="smart-preview-penalty" data-value={preview.earlyExitPenalty}>
          {fmt(preview.earlyExitPenalty)}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('form.sharingFrom')}</dt>
        <dd data-testid="smart-preview-sharing">{t('form.utc', { date: utcDateTime(preview.sharingFrom, lang) })}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('form.endsAt')}</dt>
        <dd data-testid="smart-preview-end">{t('form.utc', { date: utcDateTime(preview.endsAt, lang) })}</dd>
      </div>
    </dl>
  );
}

/** "You already have a running plan of this product", with the way to it (10024). */
function AlreadyRunning({ productId }: { productId: number }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const running = useQuery(smartQueries.list(api, userId, 'running', 1));
  const plan = running.data?.items.find((item) => item.productId === productId);
  return (
    <>
      {t('form.alreadyRunning')}{' '}
      {plan ? (
        <Link to={`/trading/${plan.id}`} data-testid="smart-running-link">
          {t('form.openRunning')}
        </Link>
      ) : null}
    </>
  );
}

/**
 * The plan form (SPEC §3, §4): an amount within the product's range, the figures before anything is
 * sent (daily income, income and total at term, the early-exit penalty, when profit sharing starts and
 * when the term ends, in UTC), then a confirmation repeating the terms. One submit is sent once
 * (Idempotency-Key); the terms shown go with it, and the API refuses them if they changed since.
 */
export function PlanForm({ product, currency }: { product: SmartProductView; currency: string }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useClockNow(30_000);
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useKitForm(smartForm, { amount: '' });
  const amount = form.watch('amount') ?? '';
  const preview = previewPlan(amount, product, now);
  const fmt = (value: string) => formatAmount(value, currency, lang);
  const range = { min: fmt(product.minAmount), max: fmt(product.maxAmount) };
  const percent = (value: string) => t('products.percent', { value: formatDecimal(value, lang) });

  const buy = useIdempotentMutation({
    send: (body: BuySmartBody, key: string) => smartApi.buy(api, body, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smartKeys.mine(userId) });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.userFigures(userId) });
    },
    onError: (error) => {
      const code = failureCode(error);
      if (code && TERMS_CHANGED.has(code)) void queryClient.invalidateQueries({ queryKey: smartKeys.products() });
      if (code === SMART_CODES.alreadyBought) void queryClient.invalidateQueries({ queryKey: smartKeys.mine(userId) });
    },
  });

  const describe = (error: unknown): ReactNode => (
    <span data-testid="smart-failure" data-code={failureCode(error)}>
      {failureCode(error) === SMART_CODES.alreadyBought ? (
        <AlreadyRunning productId={product.id} />
      ) : failureCode(error) === SMART_CODES.amountWrong ? (
        t('form.outOfRange', range)
      ) : (
        tc(failureKey(error))
      )}
    </span>
  );

  const confirmed = confirming ? previewPlan(confirming, product, now) : null;
  return (
    <>
      <Form
        form={form}
        onSubmit={(fields) => {
          const problem = amountProblem(fields.amount, product);
          if (problem) {
            form.setError('amount', { message: problem });
            return;
          }
          setConfirming(money(fields.amount).toFixed(2));
        }}
        className={styles.form}
        testId="smart-form"
        aria-label={t('form.title', { name: product.name })}
      >
        {() => (
          <>
            <AmountField form={form} label={t('form.amount', { currency })} hint={t('form.rangeHint', range)} range={range} />
            <section aria-labelledby="smart-preview-title" className={styles.form} data-testid="smart-preview" aria-live="polite">
              <h3 id="smart-preview-title" className={pageLayout.cardTitle}>
                {t('form.preview')}
              </h3>
              {preview ? (
                <>
                  <PlanPreviewFigures preview={preview} currency={currency} />
                  <p className={pageLayout.muted}>
                    {t('form.rules', { sharing: product.profitSharingDays, penalty: percent(product.earlyExitPenaltyPercent) })}
                  </p>
                </>
              ) : (
                <p className={pageLayout.muted} data-testid="smart-preview-empty">
                  {t('form.enterAmount', range)}
                </p>
              )}
            </section>
            <div className={formClasses.actions}>
              <Button type="submit" data-testid="smart-buy">
                {t('form.review')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming && confirmed ? (
        <ConfirmDialog
          title={t('form.confirmTitle')}
          lead={<p className={pageLayout.muted}>{t('form.confirmLead', { name: product.name })}</p>}
          rows={[
            { label: t('form.amountLabel'), value: fmt(confirming), testId: 'smart-confirm-amount' },
            { label: t('products.term'), value: t('products.days', { count: product.termDays }), testId: 'smart-confirm-term' },
            { label: t('products.dailyYield'), value: percent(product.dailyYieldPercent), testId: 'smart-confirm-yield' },
            { label: t('products.sharing'), value: t('products.days', { count: product.profitSharingDays }) },
            {
              label: t('products.penalty'),
              value: t('products.penaltyValue', { value: formatDecimal(product.earlyExitPenaltyPercent, lang) }),
            },
            { label: t('form.dailyIncome'), value: fmt(confirmed.dailyIncome) },
            { label: t('form.totalIncome'), value: fmt(confirmed.totalIncome) },
            { label: t('form.totalAtTerm'), value: fmt(confirmed.totalAtTerm), testId: 'smart-confirm-total' },
            { label: t('form.penalty'), value: fmt(confirmed.earlyExitPenalty), testId: 'smart-confirm-penalty' },
            { label: t('form.endsAt'), value: t('form.utc', { date: utcDateTime(confirmed.endsAt, lang) }) },
          ]}
          note={t('form.confirmNote')}
          confirmLabel={t('form.buy')}
          describeError={describe}
          onConfirm={async () => {
            const order = await buy.mutateAsync({
              productId: product.id,
              amount: confirming,
              termDays: product.termDays,
              dailyYieldPercent: product.dailyYieldPercent,
              profitSharingDays: product.profitSharingDays,
              earlyExitPenaltyPercent: product.earlyExitPenaltyPercent,
            });
            form.reset({ amount: '' });
            toast(tc('success.20004'), 'success');
            navigate(`/trading/${order.id}`);
          }}
          onClose={() => setConfirming(null)}
          testId="smart-confirm-dialog"
          confirmTestId="smart-confirm"
        />
      ) : null}
    </>
  );
}
