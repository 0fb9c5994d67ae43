import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPOSIT_MINIMUMS, FUNDING_CURRENCIES, FUNDING_KEYS, networksOf } from '@meridian/contracts';
import type { DepositView, FundingCurrency, FundingNetwork, RechargeBody } from '@meridian/contracts';
import { depositForm } from '@meridian/contracts/schemas';
import { formatAmount, useLanguage, useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, SelectField, TextField } from '@meridian/ui/form';
import type { KitForm } from '@meridian/ui/form';
import { ImageField, uploadImage } from '@meridian/ui/image-field';
import type { PreparedImage } from '@meridian/ui/image-field';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { fundingApi, fundingQueries } from '../api/funding-api.ts';
import { DepositAddress } from './deposit-address.tsx';
import styles from './funding.module.css';

type DepositForm = KitForm<typeof depositForm>;
type DepositFields = RechargeBody extends infer B ? Omit<B, 'proofId'> : never;

/**
 * The deposit form (SPEC §5.3): currency and network, the platform's address for it (text, QR, copy),
 * the minimum, then what the customer sent (transaction hash, its last 6 characters, amount) and a proof
 * image. Checked with the API's own rules; a confirmation repeats the figures and says the money is
 * credited only once an operator approves it; one submit is sent once (Idempotency-Key).
 */
export function DepositForm({ onSubmitted }: { onSubmitted: (deposit: DepositView) => void }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const addresses = useQuery(fundingQueries.addresses(api));
  const [proof, setProof] = useState<PreparedImage | null>(null);
  const [proofMissing, setProofMissing] = useState(false);
  const [confirming, setConfirming] = useState<{ fields: DepositFields; form: DepositForm } | null>(null);
  // The picked image's upload, kept so that sending the same deposit again reuses it.
  const uploaded = useRef<{ image: PreparedImage; id: string } | null>(null);

  const submit = useIdempotentMutation({
    send: (body: RechargeBody, key: string) => fundingApi.submitDeposit(api, body, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.funding(userId) }),
  });
  const close = useCallback(() => setConfirming(null), []);

  const proofId = async (image: PreparedImage & { ok: true }): Promise<string> => {
    if (uploaded.current?.image === image) return uploaded.current.id;
    const id = await uploadImage(api, image.blob, image.name);
    uploaded.current = { image, id };
    return id;
  };

  return (
    <>
      <QueryView query={addresses}>
        {({ addresses: open, development }) => (
          <Form
            schema={depositForm}
            defaultValues={{ currency: 'USDT', network: 'TRC-20', txHash: '', last6: '', amount: '' }}
            onSubmit={(fields, form) => {
              if (proof?.ok) setConfirming({ fields, form });
            }}
            className={styles.form}
            testId="deposit-form"
            aria-label={t('funding.depositTitle')}
          >
            {(form) => {
              const currency = form.watch('currency') as FundingCurrency;
              const network = form.watch('network') as FundingNetwork;
              const address = open.find((a) => a.network === network)?.address ?? null;
              return (
                <>
                  <div className={styles.pair}>
                    <SelectField
                      form={form}
                      name="currency"
                      label={t('funding.currency')}
                      options={FUNDING_CURRENCIES}
                      testId="deposit-currency"
                      onPick={(value) =>
                        form.setValue('network', networksOf(value as FundingCurrency)[0]!, { shouldValidate: form.formState.isSubmitted })
                      }
                    />
                    <SelectField
                      form={form}
                      name="network"
                      label={t('funding.network')}
                      options={networksOf(currency)}
                      testId="deposit-network"
                    />
                  </div>
                  {development ? (
                    <p className={styles.warning} role="note" data-testid="deposit-development">
                      {t('funding.developmentAddress')}
                    </p>
                  ) : null}
                  {address ? (
                    <DepositAddress network={network} address={address} />
                  ) : (
                    <p className={styles.warning} data-testid="deposit-closed">
                      {t('funding.networkClosed', { network })}
                    </p>
                  )}
                  <p className={formClasses.hint} data-testid="deposit-minimum">
                    {t('funding.minimum', { amount: formatAmount(DEPOSIT_MINIMUMS[currency], currency, lang) })}
                  </p>
                  <TextField
                    form={form}
                    name="txHash"
                    label={t('funding.txHash')}
                    hint={t(network === 'ERC-20' || network === 'Ethereum' ? 'funding.txHashEthereumHint' : 'funding.txHashPlainHint')}
                    dir="ltr"
                    autoComplete="off"
                    className={styles.mono}
                    testId="deposit-hash"
                  />
                  <div className={styles.pair}>
                    <TextField
                      form={form}
                      name="last6"
                      label={t('funding.last6')}
                      dir="ltr"
                      maxLength={6}
                      autoComplete="off"
                      className={styles.mono}
                      testId="deposit-last6"
                    />
                    <TextField
                      form={form}
                      name="amount"
                      label={t('funding.amount', { currency })}
                      inputMode="decimal"
                      autoComplete="off"
                      testId="deposit-amount"
                    />
                  </div>
                  <ImageField
                    value={proof}
                    onChange={(image) => {
                      setProof(image);
                      setProofMissing(false);
                    }}
                    label={t('funding.proof')}
                    hint={tc('kit.imageHint')}
                    testId="deposit-proof"
                    error={proofMissing ? FUNDING_KEYS.proofRequired : undefined}
                  />
                  <div className={formClasses.actions}>
                    <Button type="submit" disabled={!address} onClick={() => setProofMissing(!proof?.ok)} data-testid="deposit-review">
                      {t('funding.review')}
                    </Button>
                  </div>
                </>
              );
            }}
          </Form>
        )}
      </QueryView>
      {confirming && proof?.ok ? (
        <ConfirmDialog
          title={t('funding.confirmTitle')}
          rows={[
            {
              label: t('funding.network'),
              value: `${confirming.fields.currency} · ${confirming.fields.network}`,
              testId: 'confirm-network',
            },
            {
              label: t('funding.amountLabel'),
              value: formatAmount(confirming.fields.amount.trim(), confirming.fields.currency, lang),
              testId: 'confirm-amount',
            },
            { label: t('funding.txHash'), value: <code dir="ltr">{confirming.fields.txHash.trim()}</code>, testId: 'confirm-hash' },
          ]}
          note={t('funding.confirmNote')}
          confirmLabel={t('funding.submit')}
          describeError={(error) => tc(failureKey(error))}
          onConfirm={async () => {
            const body = { ...confirming.fields, proofId: await proofId(proof) } as RechargeBody;
            const deposit = await submit.mutateAsync(body);
            confirming.form.reset({ ...confirming.form.getValues(), txHash: '', last6: '', amount: '' });
            setProof(null);
            uploaded.current = null;
            onSubmitted(deposit);
          }}
          onClose={close}
          testId="deposit-confirm"
          confirmTestId="deposit-submit"
        />
      ) : null}
    </>
  );
}
