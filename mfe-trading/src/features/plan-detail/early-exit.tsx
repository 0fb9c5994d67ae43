import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SMART_CODES, earlyExitSplit } from '@meridian/contracts';
import type { EarlyExitPreview, SmartOrderView } from '@meridian/contracts';
import { formatAmount, sharedQueryKeys, useLanguage, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { failureCode, failureKey } from '../../shared/failure.ts';
import { smartApi, smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import { smartKeys } from '../../shared/query-keys.ts';
import styles from '../../shared/trading.module.css';

/** The rows of an early-exit preview: the penalty, where it comes from, what returns, what the customer receives. */
function exitRows(preview: EarlyExitPreview, fmt: (value: string) => string, t: (key: string) => string, prefix: string) {
  return [
    { label: t('exit.penalty'), value: fmt(preview.penalty), testId: `${prefix}-penalty` },
    { label: t('exit.fromIncome'), value: fmt(preview.fromIncome), testId: `${prefix}-from-income` },
    { label: t('exit.fromPrincipal'), value: fmt(preview.fromPrincipal), testId: `${prefix}-from-principal` },
    { label: t('exit.incomeReturned'), value: fmt(preview.incomeReturned), testId: `${prefix}-income-returned` },
    { label: t('exit.principalReturned'), value: fmt(preview.principalReturned), testId: `${prefix}-principal-returned` },
    { label: t('exit.receive'), value: fmt(preview.receive), testId: `${prefix}-receive` },
  ];
}

/** The server's preview of leaving now, as figures (penalty and where it is taken from; what returns). */
export function ExitPreviewFigures({ preview, currency }: { preview: EarlyExitPreview; currency: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const fmt = (value: string) => formatAmount(value, currency, lang);
  return (
    <dl className={styles.figures} data-testid="smart-exit-preview">
      {exitRows(preview, fmt, t, 'smart-exit').map((row) => (
        <div key={row.testId} className={styles.figure}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Leaving a running plan early (SPEC §1, §4): the stated penalty, a share of the principal taken from the
 * accrued income first. The button reads the server's preview; the dialog repeats it; confirming sends what
 * was shown (`receive`), and when a day's income was credited in between, the API refuses (10152) and the
 * new preview is shown to confirm again.
 */
export function EarlyExit({ plan }: { plan: SmartOrderView }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<EarlyExitPreview | null>(null);
  const [changed, setChanged] = useState(false);
  const preview = useQuery({ ...smartQueries.exitPreview(api, userId, plan.id), enabled: open && userId !== null });
  const fmt = (value: string) => formatAmount(value, plan.currency, lang);
  // The stated terms, before the server's figures are read: the same arithmetic the API applies.
  const estimate = earlyExitSplit(plan.amount, plan.accrued, plan.earlyExitPenaltyPercent);

  const exit = useIdempotentMutation({
    send: (receive: string, key: string) => smartApi.earlyExit(api, plan.id, receive, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smartKeys.mine(userId) });
      void queryClient.invalidateQueries({ queryKey: sharedQueryKeys.userFigures(userId) });
    },
    onError: (error) => {
      if (failureCode(error) === SMART_CODES.notRunning) void queryClient.invalidateQueries({ queryKey: smartKeys.mine(userId) });
    },
  });

  return (
    <>
      <p className={pageLayout.muted}>{t('exit.lead', { percent: plan.earlyExitPenaltyPercent, penalty: fmt(estimate.penalty) })}</p>
      {open ? (
        <QueryView query={preview}>
          {(figures) => (
            <>
              <ExitPreviewFigures preview={figures} currency={plan.currency} />
              <div className={styles.actions}>
                <Button
                  onClick={() => {
                    setChanged(false);
                    setConfirming(figures);
                  }}
                  data-testid="smart-exit-review"
                >
                  {t('exit.review')}
                </Button>
                <Button variant="secondary" onClick={() => setOpen(false)} data-testid="smart-exit-cancel">
                  {t('exit.keep')}
                </Button>
              </div>
            </>
          )}
        </QueryView>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setOpen(true)} data-testid="smart-exit">
            {t('exit.open')}
          </Button>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('exit.confirmTitle')}
          lead={
            changed ? (
              <p className={styles.notice} role="alert" data-testid="smart-exit-changed">
                {t('exit.changed')}
              </p>
            ) : undefined
          }
          rows={exitRows(confirming, fmt, t, 'smart-exit-confirm')}
          note={t('exit.confirmNote')}
          confirmLabel={t('exit.submit')}
          danger
          describeError={(error) =>
            failureCode(error) === SMART_CODES.previewChanged ? null : (
              <span data-testid="smart-failure" data-code={failureCode(error)}>
                {tc(failureKey(error))}
              </span>
            )
          }
          onConfirm={async () => {
            try {
              await exit.mutateAsync(confirming.receive);
            } catch (error) {
              if (failureCode(error) === SMART_CODES.previewChanged) {
                const fresh = await queryClient.fetchQuery(smartQueries.exitPreview(api, userId, plan.id));
                setConfirming(fresh);
                setChanged(true);
              }
              throw error;
            }
            setOpen(false);
            toast(t('exit.done', { receive: fmt(confirming.receive) }), 'success');
          }}
          onClose={() => setConfirming(null)}
          testId="smart-exit-dialog"
          confirmTestId="smart-exit-confirm"
        />
      ) : null}
    </>
  );
}
