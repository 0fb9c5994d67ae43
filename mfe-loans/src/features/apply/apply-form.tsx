import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { LOAN_CURRENCY, LOAN_DAY_MS, LOAN_KEYS, loanQuote, money, wholeNumber } from '@meridian/contracts';
import type { LoanBody, LoanProductsResult } from '@meridian/contracts';
import { loanForm } from '@meridian/contracts/schemas';
import { formatAmount, useLanguage, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, TextField, useKitForm } from '@meridian/ui/form';
import { uploadImage } from '@meridian/ui/image-field';
import { SignatureField } from '@meridian/ui/signature-field';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { failureKey } from '../../shared/failure.ts';
import { utcLastDay } from '../../shared/utc-day.ts';
import { loansApi } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { loanKeys } from '../../shared/query-keys.ts';
import styles from '../../shared/loans.module.css';

/** The first moment a loan's days start if it were disbursed now: the next UTC midnight (as the API counts them). */
const nextMidnight = (now: number) => Math.ceil(now / LOAN_DAY_MS) * LOAN_DAY_MS;

/**
 * The application (SPEC §5.8): a product's term, an amount within its range, the calculator's figures
 * (daily interest, total interest, repayment, due date, the schedule) before anything is sent, the drawn
 * signature, then a confirmation repeating the terms. One submit is sent once (Idempotency-Key).
 */
export function ApplyForm({ terms }: { terms: LoanProductsResult }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signature, setSignature] = useState<Blob | null>(null);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState<{ termDays: number; amount: string } | null>(null);
  const form = useKitForm(loanForm, { termDays: String(terms.products[0]?.termDays ?? ''), amount: '' });
  const termDays = wholeNumber(form.watch('termDays') || '0');
  const amount = form.watch('amount').trim();
  const product = terms.products.find((p) => p.termDays === termDays) ?? null;
  const amountOk = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(amount) && money(amount).gt(0);
  const inRange = product !== null && amountOk && money(amount).gte(product.minAmount) && money(amount).lte(product.maxAmount);
  const quote = useMemo(
    () => (product && inRange ? loanQuote(amount, product, terms.interestFreeDays) : null),
    [product, inRange, amount, terms.interestFreeDays],
  );
  const dueDate = product ? new Date(nextMidnight(Date.now()) + product.termDays * LOAN_DAY_MS) : null;
  const fmt = (value: string) => formatAmount(value, LOAN_CURRENCY, lang);

  const apply = useIdempotentMutation({
    send: (body: LoanBody, key: string) => loansApi.apply(api, body, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: loanKeys.mine(userId) }),
  });

  return (
    <>
      <Form
        form={form}
        onSubmit={(fields) => {
          const chosen = terms.products.find((p) => String(p.termDays) === fields.termDays);
          if (!chosen || !signature) return;
          if (money(fields.amount).lt(chosen.minAmount) || money(fields.amount).gt(chosen.maxAmount)) {
            form.setError('amount', { message: LOAN_KEYS.amountOutOfRange });
            return;
          }
          setConfirming({ termDays: chosen.termDays, amount: fields.amount });
        }}
        className={styles.form}
        testId="loan-form"
        aria-label={t('apply.title')}
      >
        {() => (
          <>
            <fieldset className={styles.form} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className={formClasses.label}>{t('apply.term')}</legend>
              <ul className={styles.products} data-testid="loan-products">
                {terms.products.map((p) => (
                  <li key={p.termDays}>
                    <button
                      type="button"
                      className={styles.product}
                      aria-pressed={p.termDays === termDays}
                      onClick={() => form.setValue('termDays', String(p.termDays), { shouldValidate: form.formState.isSubmitted })}
                      data-testid={`loan-product-${p.termDays}`}
                    >
                      <span className={styles.productTerm}>{t('apply.days', { count: p.termDays })}</span>
                      <span>{t('apply.dailyRate', { rate: p.dailyRatePercent })}</span>
                      <span className={pageLayout.muted}>{t('apply.range', { min: fmt(p.minAmount), max: fmt(p.maxAmount) })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
            <TextField
              form={form}
              name="amount"
              label={t('apply.amount', { currency: LOAN_CURRENCY })}
              hint={product ? t('apply.range', { min: fmt(product.minAmount), max: fmt(product.maxAmount) }) : undefined}
              inputMode="decimal"
              autoComplete="off"
              testId="loan-amount"
            />
            <section aria-labelledby="loan-calculator-title" className={styles.form} data-testid="loan-calculator">
              <h3 id="loan-calculator-title" className={pageLayout.cardTitle}>
                {t('apply.calculator')}
              </h3>
              {quote && product && dueDate ? (
                <>
                  <dl className={styles.figures}>
                    <div className={styles.figure}>
                      <dt>{t('apply.dailyInterest')}</dt>
                      <dd data-testid="calc-daily">{fmt(quote.dailyInterest)}</dd>
                    </div>
                    <div className={styles.figure}>
                      <dt>{t('apply.totalInterest')}</dt>
                      <dd data-testid="calc-interest">{fmt(quote.totalInterest)}</dd>
                    </div>
                    <div className={styles.figure}>
                      <dt>{t('apply.repayment')}</dt>
                      <dd data-testid="calc-repayment">{fmt(quote.repaymentAmount)}</dd>
                    </div>
                    <div className={styles.figure}>
                      <dt>{t('apply.dueDate')}</dt>
                      <dd data-testid="calc-due">{utcLastDay(dueDate, lang, t)}</dd>
                    </div>
                  </dl>
                  <div className={styles.tableWrap}>
                    <table className={styles.table} data-testid="calc-schedule">
                      <caption className={pageLayout.muted} style={{ captionSide: 'top', textAlign: 'start' }}>
                        {t('apply.scheduleCaption')}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('apply.days_col')}</th>
                          <th scope="col">{t('apply.dailyInterest')}</th>
                          <th scope="col">{t('apply.periodInterest')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {quote.schedule.map((row) => (
                          <tr key={row.fromDay}>
                            <td>{t('apply.dayRange', { from: row.fromDay, to: row.toDay })}</td>
                            <td>{fmt(row.dailyInterest)}</td>
                            <td>{fmt(row.periodInterest)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <p className={pageLayout.muted}>{t('apply.rules', { free: terms.interestFreeDays })}</p>
                </>
              ) : (
                <p className={pageLayout.muted} data-testid="calc-empty">
                  {product ? t('apply.enterAmount', { min: fmt(product.minAmount), max: fmt(product.maxAmount) }) : t('apply.pickTerm')}
                </p>
              )}
            </section>
            <SignatureField
              label={t('apply.signature')}
              hint={t('apply.signatureHint')}
              onChange={setSignature}
              error={tried && !signature ? LOAN_KEYS.notSigned : undefined}
              testId="loan-signature"
            />
            <div className={formClasses.actions}>
              <Button type="submit" onClick={() => setTried(true)} data-testid="loan-review">
                {t('apply.review')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming && signature ? (
        <ConfirmDialog
          title={t('apply.confirmTitle')}
          rows={(() => {
            const chosen = terms.products.find((p) => p.termDays === confirming.termDays)!;
            const q = loanQuote(confirming.amount, chosen, terms.interestFreeDays);
            return [
              { label: t('apply.amountLabel'), value: fmt(money(confirming.amount).toFixed(2)), testId: 'confirm-amount' },
              { label: t('apply.term'), value: t('apply.days', { count: chosen.termDays }), testId: 'confirm-term' },
              { label: t('apply.dailyRateLabel'), value: `${chosen.dailyRatePercent} %` },
              { label: t('apply.freeDays'), value: t('apply.days', { count: terms.interestFreeDays }) },
              { label: t('apply.totalInterest'), value: fmt(q.totalInterest), testId: 'confirm-interest' },
              { label: t('apply.repayment'), value: fmt(q.repaymentAmount), testId: 'confirm-repayment' },
            ];
          })()}
          note={t('apply.confirmNote')}
          confirmLabel={t('apply.sign')}
          describeError={(error) => tc(failureKey(error))}
          onConfirm={async () => {
            const chosen = terms.products.find((p) => p.termDays === confirming.termDays)!;
            const signatureId = await uploadImage(api, signature, 'signature.png', { private: true });
            const loan = await apply.mutateAsync({
              termDays: chosen.termDays,
              amount: confirming.amount,
              dailyRatePercent: chosen.dailyRatePercent,
              interestFreeDays: terms.interestFreeDays,
              signatureId,
            });
            toast(tc('success.20001'), 'success');
            navigate(`/loan/${loan.id}`);
          }}
          onClose={() => setConfirming(null)}
          testId="loan-confirm"
          confirmTestId="loan-submit"
        />
      ) : null}
    </>
  );
}
