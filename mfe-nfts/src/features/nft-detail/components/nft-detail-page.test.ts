// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NFT_KEYS } from '@meridian/contracts';
import type { NftDetail } from '@meridian/contracts';
import { ApiError, accountModeAtom, i18n, sessionStore, userAtom } from '@meridian/platform';
import { NOW, detailOf, mineOf, nftOf } from '../../../shared/nft-fixtures.ts';
import { byTestId, cleanUp, click, fakePlatform, renderInDom, settle, typeInto } from '../../../shared/render-in-dom.ts';
import { bidProblem } from './bid-form.tsx';
import { NftDetailPage } from './nft-detail-page.tsx';

describe('the bid rule (contract schema, then the minimum)', () => {
  it('asks for a bid, a correct amount in cents, then at least the minimum', () => {
    expect(bidProblem('', '130.00')).toBe(NFT_KEYS.bidRequired);
    expect(bidProblem('abc', '130.00')).toBe('validation.enterCorrectAmount');
    expect(bidProblem('130.001', '130.00')).toBe('validation.enterCorrectAmount');
    expect(bidProblem('129.99', '130.00')).toBe(NFT_KEYS.bidTooLow);
    expect(bidProblem('130', '130.00')).toBeNull();
    expect(bidProblem(' 1000.5 ', '130.00')).toBeNull();
  });
});

describe('NftDetailPage', () => {
  let detail: NftDetail;
  let bidAnswer: () => Promise<unknown>;
  let sent: { operationId: string; input: unknown }[];
  let mine: ReturnType<typeof mineOf>;

  const signIn = (mode: 'demo' | 'real') =>
    act(() => {
      sessionStore.set(userAtom, { id: 'u1', email: 'a@b.c', role: 'user' });
      sessionStore.set(accountModeAtom, mode);
    });

  beforeEach(() => {
    // The page's clock stands at the auctions' "now": the answer's time and the countdown's agree.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    detail = detailOf();
    mine = mineOf();
    sent = [];
    bidAnswer = () =>
      Promise.resolve({
        nft: nftOf({ bidCount: 3, leader: 2, currentBid: '150.00', minimumBid: '160.00' }),
        mine: mineOf({ highest: '150.00' }),
      });
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanUp();
    act(() => sessionStore.set(userAtom, null));
  });

  async function render() {
    const fake = fakePlatform((operationId, input) => {
      sent.push({ operationId, input });
      if (operationId === 'getNft') return Promise.resolve(detail);
      if (operationId === 'getMyNftBid') return Promise.resolve(mine);
      if (operationId === 'bidNft') return bidAnswer();
      return Promise.reject(new Error(operationId));
    });
    const host = await renderInDom(createElement(NftDetailPage), { platform: fake.platform, path: '/nfts/7', route: '/nfts/:id' });
    await settle();
    await settle();
    return { host, ...fake };
  }

  it('shows the NFT, its countdown, the anti-sniping rule and the bid history; a visitor is asked to sign in', async () => {
    await render();
    expect(byTestId('nft-detail')!.querySelector('h1')!.textContent).toBe('Paper Lanterns');
    expect(byTestId('nft-current-bid')!.textContent).toBe('$120.00');
    expect(byTestId('nft-countdown')!.textContent).toBe('1:00:00');
    expect(byTestId('nft-anti-sniping')!.textContent).toContain(
      'a bid in the last 5 minutes extends the auction to 5 minutes after that bid',
    );
    expect(byTestId('nft-bid-history')!.querySelectorAll('[data-testid="nft-bid-row"]')).toHaveLength(2);
    expect(byTestId('nft-login-gate')).not.toBeNull();
    expect(byTestId('nft-bid-form')).toBeNull();
    expect(byTestId('nft-extended')).toBeNull();
  });

  it('tells a demo account that bidding needs the real account, with the way to switch', async () => {
    signIn('demo');
    await render();
    expect(byTestId('nft-demo-gate')!.querySelector('a')!.getAttribute('href')).toBe('/profile');
    expect(byTestId('nft-bid-form')).toBeNull();
  });

  it('prefills the minimum, refuses less with the minimum named, confirms, then bids once with an Idempotency-Key', async () => {
    signIn('real');
    const { toast } = await render();
    const amount = byTestId('nft-bid-amount') as HTMLInputElement;
    expect(amount.value).toBe('130.00');
    expect(byTestId('nft-bid-minimum')!.textContent).toContain('$130.00');
    expect(byTestId('nft-leading')!.textContent).toBe('Your bid of $120.00 leads.');
    await typeInto(amount, '125');
    await click(byTestId('nft-bid-submit'));
    expect(byTestId('nft-bid-error')!.textContent).toBe(i18n.t(NFT_KEYS.bidTooLow, { ns: 'common', minimum: '$130.00' }));
    expect(byTestId('nft-confirm')).toBeNull();
    await typeInto(amount, '150');
    await click(byTestId('nft-bid-submit'));
    expect(byTestId('nft-confirm-amount')!.textContent).toBe('$150.00');
    expect(byTestId('nft-confirm-dialog-note')!.textContent).toContain('returned at once if you are outbid');
    expect(sent.some((s) => s.operationId === 'bidNft')).toBe(false);
    await click(byTestId('nft-confirm'));
    const bids = sent.filter((s) => s.operationId === 'bidNft');
    expect(bids).toEqual([
      { operationId: 'bidNft', input: { params: { id: 7 }, body: { amount: '150.00' }, idempotencyKey: expect.any(String) } },
    ]);
    expect(toast).toHaveBeenCalledWith('Your bid of $150.00 was placed.', 'success');
  });

  it('says a bid under a minimum that moved (10016) with the new minimum, and puts it in the form', async () => {
    signIn('real');
    bidAnswer = () => {
      detail = detailOf(nftOf({ bidCount: 3, leader: 4, currentBid: '200.00', minimumBid: '210.00' }));
      return Promise.reject(new ApiError('10016', 'the bid is under the minimum', 409));
    };
    await render();
    await click(byTestId('nft-bid-submit'));
    await click(byTestId('nft-confirm'));
    await settle();
    expect(byTestId('nft-failure')!.textContent).toBe('Another bid came first: the minimum bid is now $210.00.');
    expect((byTestId('nft-bid-amount') as HTMLInputElement).value).toBe('210.00');
    expect(byTestId('nft-minimum-raised')!.textContent).toContain('$210.00');
  });

  it('shows "outbid" as an alert as soon as a live frame names another leader', async () => {
    signIn('real');
    const { live } = await render();
    expect(byTestId('nft-leading')).not.toBeNull();
    await act(async () => {
      live.nft$.next({
        type: 'NFT_AUCTION',
        event: 'bid',
        nft: nftOf({
          bidCount: 3,
          leader: 5,
          currentBid: '300.00',
          minimumBid: '310.00', // A bid in the last minute: the end moves to 5 minutes after it.
          listedEndsAt: new Date(NOW + 60_000).toISOString(),
          endsAt: new Date(NOW + 300_000).toISOString(),
        }),
        bid: { bidder: 5, amount: '300.00', at: new Date(NOW).toISOString() },
        extended: true,
      });
    });
    // TanStack Query tells its observers on a timer.
    await settle();
    const outbid = byTestId('nft-outbid')!;
    expect(outbid.getAttribute('role')).toBe('alert');
    expect(outbid.textContent).toContain('Bid at least $310.00');
    expect(byTestId('nft-leading')).toBeNull();
    expect(byTestId('nft-current-bid')!.textContent).toBe('$300.00');
    expect(byTestId('nft-extended')!.textContent).toContain('A late bid extended this auction');
    expect(byTestId('nft-countdown')!.textContent).toBe('5:00');
    expect(byTestId('nft-bid-history')!.querySelectorAll('[data-testid="nft-bid-row"]')).toHaveLength(3);
    expect((byTestId('nft-bid-amount') as HTMLInputElement).value).toBe('310.00');
  });

  it('says a bought NFT is sold, to whom, what it gave, and that the caller owns it (no extension note for an early end)', async () => {
    signIn('real');
    detail = detailOf(
      nftOf({
        state: 'sold',
        soldBy: 'buy_now',
        soldPrice: '500.00',
        owner: 2,
        leader: 2,
        buyNowOpen: false,
        donated: '500.00',
        endsAt: new Date(NOW - 1000).toISOString(),
        closedAt: new Date(NOW - 1000).toISOString(),
      }),
    );
    mine = mineOf({ owner: true, leading: false });
    await render();
    expect(byTestId('nft-owner')!.textContent).toContain('You own this NFT');
    expect(byTestId('nft-leader')!.textContent).toBe('Bidder #2 (you)');
    expect(byTestId('nft-donated')!.textContent).toBe('$500.00 from this sale has gone to Books for Kids.');
    expect(byTestId('nft-extended')).toBeNull();
    expect(byTestId('nft-bid-form')).toBeNull();
    expect(byTestId('nft-state')!.textContent).toBe('Sold');
    expect(byTestId('nft-countdown')).toBeNull();
  });
});
