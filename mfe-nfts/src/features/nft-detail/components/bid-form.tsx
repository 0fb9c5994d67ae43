import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NFT_CODES, NFT_KEYS, money } from '@meridian/contracts';
import type { NftView } from '@meridian/contracts';
import { bidNftBody } from '@meridian/contracts/schemas';
import { useT, useUser } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, formClasses, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { Form, fieldError, useKitForm } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { failureCode, failureKey } from '../../../shared/failure.ts';
import { useFormat } from '../../../shared/format.ts';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { nftKeys } from '../../../shared/query-keys.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from '../../../shared/nfts.module.css';
import { bidApi, useApplyMove } from '../api/bid-api.ts';

/**
 * The bid form's own rule beyond the contract's schema (`bidNftBody`: a price in whole cents): at least the
 * minimum bid shown. The message key of the problem, or null.
 */
export function bidProblem(amount: string, minimumBid: string): string | null {
  const parsed = bidNftBody.safeParse({ amount });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? NFT_KEYS.bidRequired;
  return money(parsed.data.amount).lt(minimumBid) ? NFT_KEYS.bidTooLow : null;
}

/**
 * A bid (SPEC §3): prefilled with the minimum, which it states; checked by the contract's schema and the
 * minimum; confirmed (the amount is held from the balance and returned if outbid); sent once with an
 * Idempotency-Key. A refusal is said in words; one under a minimum that moved (10016) shows the new minimum
 * and puts it in the field.
 */
export function BidForm({ nft }: { nft: NftView }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api, toast } = usePlatform();
  const queryClient = useQueryClient();
  const userId = useUser()?.id ?? null;
  const fmt = useFormat(nft.currency);
  const applyMove = useApplyMove(nft.id);
  const inputId = useId();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [raised, setRaised] = useState(false);
  const form = useKitForm(bidNftBody, { amount: nft.minimumBid });
  const minimum = fmt.money(nft.minimumBid);

  // A new minimum (someone bid) replaces the prefilled amount while the customer has not typed their own.
  const { isDirty } = form.getFieldState('amount', form.formState);
  useEffect(() => {
    if (!isDirty) form.reset({ amount: nft.minimumBid });
  }, [nft.minimumBid, isDirty, form]);

  const bid = useIdempotentMutation({
    send: ({ amount }: { id: number; amount: string }, key: string) => bidApi.bid(api, nft.id, amount, key),
    onSuccess: applyMove,
  });

  const describe = (error: unknown): ReactNode => {
    const code = failureCode(error);
    return (
      <span data-testid="nft-failure" data-code={code}>
        {code === NFT_CODES.bidTooLow ? t('bid.tooLow', { minimum }) : tc(failureKey(error))}
      </span>
    );
  };

  const error = fieldError(form, 'amount');
  return (
    <>
      <Form
        form={form}
        onSubmit={(fields) => {
          const problem = bidProblem(fields.amount, nft.minimumBid);
          if (problem) {
            form.setError('amount', { message: problem });
            return;
          }
          setRaised(false);
          setConfirming(money(fields.amount).toFixed(2));
        }}
        className={styles.form}
        testId="nft-bid-form"
        aria-label={t('bid.title')}
      >
        {() => (
          <>
            <div className={formClasses.field}>
              <label className={formClasses.label} htmlFor={inputId}>
                {t('bid.amount', { currency: nft.currency })}
              </label>
              <input
                id={inputId}
                {...form.register('amount')}
                className={`${formClasses.input} ${styles.amountInput}`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
                data-testid="nft-bid-amount"
              />
              <p id={`${inputId}-hint`} className={formClasses.hint} data-testid="nft-bid-minimum">
                {t('bid.minimum', { minimum, increment: fmt.money(nft.minIncrement) })}
              </p>
              {error ? (
                <p id={`${inputId}-error`} className={formClasses.error} data-testid="nft-bid-error">
                  {tc(error, { minimum })}
                </p>
              ) : null}
            </div>
            {raised ? (
              <p className={styles.notice} role="status" data-testid="nft-minimum-raised">
                {t('bid.raised', { minimum })}
              </p>
            ) : null}
            <p className={pageLayout.muted}>{t('bid.holdNote')}</p>
            <div className={formClasses.actions}>
              <Button type="submit" data-testid="nft-bid-submit">
                {t('bid.review')}
              </Button>
            </div>
          </>
        )}
      </Form>
      {confirming ? (
        <ConfirmDialog
          title={t('bid.confirmTitle')}
          lead={<p className={pageLayout.muted}>{t('bid.confirmLead', { name: nft.name })}</p>}
          rows={[
            { label: t('bid.yourBid'), value: fmt.money(confirming), testId: 'nft-confirm-amount' },
            { label: t('detail.charity'), value: nft.charity.name },
          ]}
          note={t('bid.confirmNote', { charity: nft.charity.name })}
          confirmLabel={t('bid.place')}
          describeError={describe}
          onConfirm={async () => {
            let placed;
            try {
              placed = await bid.mutateAsync({ id: nft.id, amount: confirming });
            } catch (failure) {
              const code = failureCode(failure);
              if (code === NFT_CODES.bidTooLow || code === NFT_CODES.notLive) {
                // The minimum moved (or the auction ended) since the page was read: read it again, offer the new minimum.
                const fresh = await queryClient.fetchQuery(nftQueries.detail(api, nft.id)).catch(() => null);
                if (fresh && code === NFT_CODES.bidTooLow) {
                  form.reset({ amount: fresh.nft.minimumBid });
                  setRaised(true);
                }
              }
              if (code === NFT_CODES.leading) void queryClient.invalidateQueries({ queryKey: nftKeys.myBid(userId, nft.id) });
              throw failure;
            }
            form.reset({ amount: placed.nft.minimumBid });
            toast(t('bid.placed', { amount: fmt.money(confirming) }), 'success');
          }}
          onClose={() => setConfirming(null)}
          testId="nft-confirm-dialog"
          confirmTestId="nft-confirm"
        />
      ) : null}
    </>
  );
}
