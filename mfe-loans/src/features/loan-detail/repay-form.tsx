import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOAN_CURRENCY, LOAN_KEYS, money, splitRepayment } from '@meridian/contracts';
import type { LoanView } from '@meridian/contracts';
import { repayLoanBody } from '@meridian/contracts/schemas';
import { formatAmount, sharedQueryKeys, useLanguage, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, TextField, useKitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { failureKey } from '../../shared/failure.ts';
import { loansApi } from '../../shared/loans-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { loanKeys } from '../../shared/query-keys.ts';
import styles from '../../shared/loans.module.css';

/**
 * Repaying from the balance, in full or in part, early without penalty (SPEC §4): the dialog states how
 * the amount is applied (accrued interest first, then principal) before it is sent, once.
 */
export function RepayForm({ loan }: { loan: LoanView }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useKitForm(repayLoanBody, { amount: '' });
  const fmt = (value: string) => formatAmount(value, LOAN_CURRENCY, lang);
  const repay = useIdempotentMutation({
    send: (amount: string, key: string) => loansApi.repay(api, loan.id, amount, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: loanKeys.mine(userId) });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.userFigures(userId) });
    },
  });
  const split = confirming ? splitRepayment(confirming, loan.interestDue) : null;
  return (
    <>
      <Form
        form={form}
        onSubmit={({ amount }) => {
          if (money(amount).gt(loan.owed)) {
            form.setError('amount', { message: LOAN_KEYS.repayTooMuch });
            return;
          }
          setConfirming(amount);
        }}
        className={styles.form}
        testId="repay-form"
        aria-label={t('repay.title')}
      >
        {() => (
          <>
            <TextField
              form={form}
              name="amount"
              label={t('repay.amount', { currency: LOAN_CURRENCY })}
              hint={t('repay.hint', { owed: fmt(loan.owed) })}
              inputMode="decimal"
              autoComplete="off"
              testId="repay-amount"
            />
            <div className={formClasses.actions}>
              <Button
                variant="secondary"
                onClick={() => form.setValue('amount', loan.owed, { shouldValidate: form.formState.isSubmitted })}
                data-testid="repay-all"
              >
                {t('repay.all')}
              </Button>
              <Button type="submit" data-testid="repay-review">
                {t('repay.review')}
              </Button>
            </div>
            <p className={pageLayout.muted}>{t('repay.order')}</p>
          </>
        )}
      </Form>
      {confirming && split ? (
        <ConfirmDialog
          title={t('repay.confirmTitle')}
          rows={[
            { label: t('repay.amountLabel'), value: fmt(money(confirming).toFixed(2)), testId: 'repay-confirm-amount' },
            { label: t('repay.toInterest'), value: fmt(split.interest.toFixed(2)), testId: 'repay-confirm-interest' },
            { label: t('repay.toPrincipal'), value: fmt(split.principal.toFixed(2)), testId: 'repay-confirm-principal' },
            { label: t('repay.owedAfter'), value: fmt(money(loan.owed).minus(confirming).toFixed(2)), testId: 'repay-confirm-after' },
          ]}
          note={t('repay.confirmNote')}
          confirmLabel={t('repay.submit')}
          describeError={(error) => tc(failureKey(error))}
          onConfirm={async () => {
            await repay.mutateAsync(money(confirming).toFixed(2));
            form.reset({ amount: '' });
            toast(t('repay.done'), 'success');
          }}
          onClose={() => setConfirming(null)}
          testId="repay-confirm"
          confirmTestId="repay-submit"
        />
      ) : null}
    </>
  );
}
