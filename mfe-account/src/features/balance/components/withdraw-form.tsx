import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FUNDING_CURRENCIES,
  WITHDRAWAL_MINIMUMS,
  chainOfNetwork,
  fitsCurrency,
  isAmount,
  money,
  withdrawalFigures,
  withdrawalNetworksOf,
} from '@meridian/contracts';
import type { FundingCurrency, WalletLinkView, WithdrawalBody, WithdrawalNetwork, WithdrawalView } from '@meridian/contracts';
import { withdrawalForm } from '@meridian/contracts/schemas';
import { formatAmount, formatCountdown, useLanguage, useNow, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, SelectField, TextField } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { useAccount } from '../../../shared/use-account.ts';
import { withdrawalQueries, withdrawalsApi } from '../api/withdrawals-api.ts';
import styles from './funding.module.css';

type WithdrawForm = KitForm<typeof withdrawalForm>;
type Fields = Omit<WithdrawalBody, 'fee'>;

/** The currencies a wallet can receive (BTC has no browser wallet to link: it is exchanged first). */
const CURRENCIES = FUNDING_CURRENCIES.filter((currency) => withdrawalNetworksOf(currency).length > 0);

/**
 * Addresses on a network past their hold: linked on its chain. One whose authorization was revoked stays
 * listed, so the form can say why it cannot be used ("authorization not completed").
 */
const usableOn = (links: readonly WalletLinkView[], network: WithdrawalNetwork, now: number) =>
  links.filter((link) => link.chain === chainOfNetwork(network) && Date.parse(link.usableAt) <= now);

/** The form opens on the first network a linked wallet can receive on (USDT on TRC-20 when none can). */
function firstUsable(links: readonly WalletLinkView[]): { currency: FundingCurrency; network: WithdrawalNetwork } {
  for (const currency of CURRENCIES)
    for (const network of withdrawalNetworksOf(currency))
      if (links.some((link) => link.chain === chainOfNetwork(network))) return { currency, network };
  return { currency: 'USDT', network: 'TRC-20' };
}

/** The fee and what arrives, shown before confirming (SPEC §5.5): computed with the API's own rule. */
function Figures({ form, feePercent }: { form: WithdrawForm; feePercent: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const currency = form.watch('currency') as FundingCurrency;
  const amount = (form.watch('amount') ?? '').trim();
  const valid = isAmount(amount) && fitsCurrency(amount, currency) && money(amount).gte(WITHDRAWAL_MINIMUMS[currency]);
  const figures = valid ? withdrawalFigures(amount, feePercent, currency) : null;
  return (
    <dl className={styles.figures} data-testid="withdraw-figures">
      <dt>{t('withdraw.fee', { percent: feePercent })}</dt>
      <dd data-testid="withdraw-fee">{figures ? formatAmount(figures.fee.toFixed(), currency, lang) : '—'}</dd>
      <dt>{t('withdraw.received')}</dt>
      <dd data-testid="withdraw-received">{figures ? formatAmount(figures.received.toFixed(), currency, lang) : '—'}</dd>
    </dl>
  );
}

/** The e-mailed code: asked for with a button, with the wait before another shown. */
function CodeRow({ form, sentTo, onSend, wait }: { form: WithdrawForm; sentTo: string | null; onSend: () => void; wait: number }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.pair}>
      <TextField
        form={form}
        name="code"
        label={t('withdraw.code')}
        hint={sentTo ? t('withdraw.codeSent', { email: sentTo }) : t('withdraw.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        dir="ltr"
        testId="withdraw-code"
      />
      <div className={formClasses.actions}>
        <Button type="button" variant="secondary" disabled={wait > 0} onClick={onSend} data-testid="withdraw-send-code">
          {wait > 0 ? t('withdraw.resendIn', { time: formatCountdown(wait) }) : t('withdraw.sendCode')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The withdrawal form (SPEC §5.5, §5.5a): currency, method, network, one of the linked addresses that may
 * receive now, the amount within its bounds; the fee and the amount received before confirming; the
 * e-mailed code; a confirmation that says the amount is held now and nothing more is ever asked. One
 * submit is sent once (Idempotency-Key).
 */
export function WithdrawForm({ onSubmitted }: { onSubmitted: (withdrawal: WithdrawalView) => void }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const links = useQuery(withdrawalQueries.links(api, userId));
  const fee = useQuery(withdrawalQueries.feePercent(api));
  const account = useAccount();
  const [confirming, setConfirming] = useState<{ fields: Fields; form: WithdrawForm } | null>(null);
  const [sent, setSent] = useState<{ to: string; until: number } | null>(null);
  const now = useNow(1000);
  const close = useCallback(() => setConfirming(null), []);

  const submit = useIdempotentMutation({
    send: (body: WithdrawalBody, key: string) => withdrawalsApi.withdraw(api, body, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.funding(userId) }),
    // A refusal may be a fee changed since it was shown (10134): the form reads the fee again.
    onError: () => void queryClient.invalidateQueries({ queryKey: withdrawalQueries.feePercent(api).queryKey }),
  });

  const sendCode = async () => {
    try {
      const answer = await withdrawalsApi.sendCode(api);
      setSent({ to: answer.sentTo, until: Date.now() + answer.resendAfterSeconds * 1000 });
      toast(t('withdraw.codeSent', { email: answer.sentTo }), 'success');
    } catch (error) {
      toast(tc(failureKey(error)), 'error');
    }
  };

  return (
    <>
      <QueryView query={links}>
        {(state) => (
          <Form
            schema={withdrawalForm}
            defaultValues={{ ...firstUsable(state.links), method: 'wallet', address: '', amount: '', code: '' }}
            onSubmit={(fields, form) => setConfirming({ fields, form })}
            className={styles.form}
            testId="withdraw-form"
            aria-label={t('withdraw.formTitle')}
          >
            {(form) => {
              const currency = form.watch('currency') as FundingCurrency;
              const network = form.watch('network') as WithdrawalNetwork;
              const usable = usableOn(state.links, network, now);
              const picked = usable.find((link) => link.address === form.watch('address'));
              const unauthorized = picked !== undefined && picked.authorizedAt === null;
              const available = account.data?.account.currencies?.find((c) => c.currency === currency)?.balance ?? '0';
              const pickNetwork = (next: WithdrawalNetwork) => {
                form.setValue('network', next, { shouldValidate: form.formState.isSubmitted });
                form.setValue('address', usableOn(state.links, next, Date.now())[0]?.address ?? '');
              };
              if (!form.getValues('address') && usable[0]) form.setValue('address', usable[0].address);
              return (
                <>
                  <div className={styles.pair}>
                    <SelectField
                      form={form}
                      name="currency"
                      label={t('funding.currency')}
                      options={CURRENCIES}
                      testId="withdraw-currency"
                      onPick={(value) => pickNetwork(withdrawalNetworksOf(value as FundingCurrency)[0]!)}
                    />
                    <SelectField
                      form={form}
                      name="network"
                      label={t('funding.network')}
                      options={withdrawalNetworksOf(currency)}
                      testId="withdraw-network"
                      onPick={(value) => pickNetwork(value as WithdrawalNetwork)}
                    />
                    <SelectField
                      form={form}
                      name="method"
                      label={t('withdraw.method')}
                      options={[{ value: 'wallet', label: t('withdraw.methods.wallet') }]}
                      testId="withdraw-method"
                    />
                  </div>
                  <p className={formClasses.hint}>{t('withdraw.btcNote')}</p>
                  {usable.length === 0 ? (
                    <p className={styles.warning} role="note" data-testid="withdraw-no-address">
                      {t('withdraw.noUsableAddress', { network })}
                    </p>
                  ) : null}
                  <SelectField
                    form={form}
                    name="address"
                    label={t('withdraw.address')}
                    options={usable.map((link) => link.address)}
                    disabled={usable.length === 0}
                    testId="withdraw-address"
                  />
                  {unauthorized ? (
                    <p className={styles.warning} role="alert" data-testid="withdraw-unauthorized">
                      {tc('errors.10131')}
                    </p>
                  ) : null}
                  <TextField
                    form={form}
                    name="amount"
                    label={t('withdraw.amount', { currency })}
                    hint={t('withdraw.bounds', {
                      minimum: formatAmount(WITHDRAWAL_MINIMUMS[currency], currency, lang),
                      available: formatAmount(available, currency, lang),
                    })}
                    inputMode="decimal"
                    autoComplete="off"
                    testId="withdraw-amount"
                  />
                  <QueryView query={fee}>{(percent) => <Figures form={form} feePercent={percent} />}</QueryView>
                  <CodeRow form={form} sentTo={sent?.to ?? null} onSend={() => void sendCode()} wait={sent ? sent.until - now : 0} />
                  <div className={formClasses.actions}>
                    <Button type="submit" disabled={usable.length === 0 || unauthorized || !fee.data} data-testid="withdraw-review">
                      {t('withdraw.review')}
                    </Button>
                  </div>
                </>
              );
            }}
          </Form>
        )}
      </QueryView>
      {confirming && fee.data ? (
        <ConfirmDialog
          title={t('withdraw.confirmTitle')}
          rows={(() => {
            const currency = confirming.fields.currency as FundingCurrency;
            const amount = confirming.fields.amount.trim();
            const figures = withdrawalFigures(amount, fee.data, currency);
            return [
              { label: t('funding.network'), value: `${currency} · ${confirming.fields.network}`, testId: 'confirm-network' },
              { label: t('withdraw.address'), value: <code dir="ltr">{confirming.fields.address}</code>, testId: 'confirm-address' },
              { label: t('funding.amountLabel'), value: formatAmount(amount, currency, lang), testId: 'confirm-amount' },
              {
                label: t('withdraw.fee', { percent: fee.data }),
                value: formatAmount(figures.fee.toFixed(), currency, lang),
                testId: 'confirm-fee',
              },
              {
                label: t('withdraw.received'),
                value: formatAmount(figures.received.toFixed(), currency, lang),
                testId: 'confirm-received',
              },
            ];
          })()}
          note={t('withdraw.confirmNote')}
          confirmLabel={t('withdraw.submit')}
          describeError={(error) => tc(failureKey(error))}
          onConfirm={async () => {
            // The fee shown above goes with the request: the API refuses it if the fee changed meanwhile.
            const { fee: shown } = withdrawalFigures(
              confirming.fields.amount.trim(),
              fee.data,
              confirming.fields.currency as FundingCurrency,
            );
            const withdrawal = await submit.mutateAsync({ ...confirming.fields, fee: shown.toFixed() });
            confirming.form.reset({ ...confirming.form.getValues(), amount: '', code: '' });
            // The code is spent: the next withdrawal asks for its own at once.
            setSent(null);
            onSubmitted(withdrawal);
          }}
          onClose={close}
          testId="withdraw-confirm"
          confirmTestId="withdraw-submit"
        />
      ) : null}
    </>
  );
}
