import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NFT_CODES } from '@meridian/contracts';
import type { NftView } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { useIdempotentMutation } from '@meridian/platform/data';
import { Button, pageLayout } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { failureCode, failureKey } from '../../../shared/failure.ts';
import { useFormat } from '../../../shared/format.ts';
import { nftQueries } from '../../../shared/nfts-api.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { bidApi, useApplyMove } from '../api/bid-api.ts';

/**
 * Buy now at the price shown, confirmed first (the price goes to the named charity, the auction ends); sent
 * once with an Idempotency-Key and the price the customer saw, so a changed price (10163) buys nothing.
 */
export function BuyNow({ nft, price }: { nft: NftView; price: string }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const { api, toast } = usePlatform();
  const queryClient = useQueryClient();
  const fmt = useFormat(nft.currency);
  const applyMove = useApplyMove(nft.id);
  const [open, setOpen] = useState(false);
  const buy = useIdempotentMutation({
    send: ({ id, price: shown }: { id: number; price: string }, key: string) => bidApi.buy(api, id, shown, key),
    onSuccess: applyMove,
  });
  const describe = (error: unknown): ReactNode => {
    const code = failureCode(error);
    return (
      <span data-testid="nft-failure" data-code={code}>
        {code === NFT_CODES.priceChanged ? t('buy.priceChanged', { price: fmt.money(price) }) : tc(failureKey(error))}
      </span>
    );
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="nft-buy-now">
        {t('buy.button', { price: fmt.money(price) })}
      </Button>
      {open ? (
        <ConfirmDialog
          title={t('buy.confirmTitle')}
          lead={<p className={pageLayout.muted}>{t('buy.confirmLead', { name: nft.name })}</p>}
          rows={[
            { label: t('buy.price'), value: fmt.money(price), testId: 'nft-confirm-price' },
            { label: t('detail.charity'), value: nft.charity.name },
          ]}
          note={t('buy.confirmNote', { charity: nft.charity.name })}
          confirmLabel={t('buy.confirm')}
          describeError={describe}
          onConfirm={async () => {
            try {
              await buy.mutateAsync({ id: nft.id, price });
            } catch (failure) {
              const code = failureCode(failure);
              if (code === NFT_CODES.priceChanged || code === NFT_CODES.noBuyNow || code === NFT_CODES.notLive) {
                // The price or the auction changed since it was read: read it again (this button goes when buying is over).
                await queryClient.fetchQuery(nftQueries.detail(api, nft.id)).catch(() => null);
                if (code !== NFT_CODES.priceChanged) toast(tc(failureKey(failure)), 'error');
              }
              throw failure;
            }
            toast(tc('success.20004'), 'success');
          }}
          onClose={() => setOpen(false)}
          testId="nft-buy-dialog"
          confirmTestId="nft-confirm"
        />
      ) : null}
    </>
  );
}
