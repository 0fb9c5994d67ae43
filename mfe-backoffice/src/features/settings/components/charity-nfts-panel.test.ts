// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NFT_KEYS, VALIDATION_KEYS as V } from '@meridian/contracts';
import type { CharityView, NftView } from '@meridian/contracts';
import { i18n } from '@meridian/platform';
import { adminKeys } from '../../../shared/query-keys.ts';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { CharityNftsPanel } from './charity-nfts-panel.tsx';
import { nftForm } from './nft-form.tsx';

const calls = vi.hoisted(() => ({ createCharity: vi.fn(), updateCharity: vi.fn(), createNft: vi.fn() }));
vi.mock('../api/nfts-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  createCharity: calls.createCharity,
  updateCharity: calls.updateCharity,
  createNft: calls.createNft,
}));

const charities: CharityView[] = [
  {
    id: 1,
    name: 'Little Lights',
    description: 'Reading lamps for children in hospital.',
    url: 'https://littlelights.example',
    raised: '1250.50',
    nftCount: 2,
  },
  { id: 2, name: 'Safe Harbour', description: '', url: 'https://safeharbour.example/give', raised: '0', nftCount: 0 },
];

const nft: NftView = {
  id: 7,
  name: 'Paper Moon',
  description: 'A moon folded from paper.',
  image: '/api/index/nfts/7/image',
  creator: 'Ana Ruiz',
  chain: 'ethereum',
  charity: { id: 1, name: 'Little Lights' },
  currency: 'USD',
  reservePrice: '100.00',
  buyNowPrice: '900.00',
  minIncrement: '5.00',
  currentBid: '250.00',
  minimumBid: '255.00',
  buyNowOpen: true,
  bidCount: 3,
  leader: 2,
  startsAt: '2026-11-20T10:00:00.000Z',
  endsAt: '2026-11-30T10:00:00.000Z',
  listedEndsAt: '2026-11-30T10:00:00.000Z',
  state: 'live',
  soldPrice: null,
  soldBy: null,
  owner: null,
  closedAt: null,
  donated: '0',
};
const sold: NftView = {
  ...nft,
  id: 3,
  name: 'Kite Song',
  state: 'sold',
  buyNowPrice: null,
  currentBid: '400.00',
  soldPrice: '400.00',
  soldBy: 'auction',
  owner: 1,
  closedAt: '2026-11-10T10:00:00.000Z',
  donated: '400.00',
};
const data = { charities, nfts: [nft, sold], now: '2026-11-28T10:00:00.000Z' };

/** What a filled-in listing form holds. */
const draft = {
  name: ' Blue Whale ',
  description: '',
  creator: 'Li Wei',
  chain: 'polygon' as const,
  charityId: '2',
  reservePrice: '100',
  buyNowPrice: '',
  minIncrement: '2.50',
  durationHours: ' 72 ',
};

/** The message key of each refused field. */
function problems(values: typeof draft): Record<string, string> {
  const parsed = nftForm.safeParse(values);
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the NFT listing form schema', () => {
  it("converts the typed text to the contract's body, prices kept as decimal strings", () => {
    expect(nftForm.parse(draft)).toEqual({
      name: 'Blue Whale',
      description: '',
      creator: 'Li Wei',
      chain: 'polygon',
      charityId: 2,
      reservePrice: '100',
      buyNowPrice: '',
      minIncrement: '2.50',
      durationHours: 72,
    });
  });

  it('refuses a missing charity, hours that are not whole or out of range, and a buy-now price at the reserve', () => {
    expect(problems({ ...draft, charityId: '' })).toEqual({ charityId: NFT_KEYS.charityRequired });
    expect(problems({ ...draft, durationHours: '1.5' })).toEqual({ durationHours: NFT_KEYS.durationInvalid });
    expect(problems({ ...draft, durationHours: '0' })).toEqual({ durationHours: NFT_KEYS.durationInvalid });
    expect(problems({ ...draft, durationHours: '721' })).toEqual({ durationHours: NFT_KEYS.durationInvalid });
    expect(problems({ ...draft, buyNowPrice: '100.00' })).toEqual({ buyNowPrice: NFT_KEYS.buyNowTooLow });
    expect(problems({ ...draft, reservePrice: '1.005' })).toEqual({ reservePrice: V.amountInvalid });
  });
});

let host: HTMLElement;
let client: QueryClient;
const onSaved = vi.fn();

function render(editable = true) {
  client = new QueryClient();
  vi.spyOn(client, 'invalidateQueries');
  host = renderInDom(createElement(CharityNftsPanel, { data, editable, onSaved }), client);
}
const byTestId = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = (element: HTMLElement | null) =>
  act(async () => {
    element!.click();
    await settle();
  });
async function type(id: string, value: string) {
  const field = byTestId<HTMLInputElement | HTMLTextAreaElement>(id)!;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function pick(id: string, value: string) {
  const field = byTestId<HTMLSelectElement>(id)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const errorOf = (id: string) => document.getElementById(byTestId(id)!.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;
const message = (key: string) => i18n.t(`common:${key}`);

beforeEach(() => {
  calls.createCharity.mockReset();
  calls.updateCharity.mockReset();
  calls.createNft.mockReset();
  onSaved.mockReset();
});

describe('CharityNftsPanel', () => {
  it('lists every charity with what it raised and every NFT with its artwork and auction', () => {
    render();
    const charityRows = host.querySelectorAll('[data-testid="bo-charities"] [data-testid="bo-charity-row"]');
    expect(charityRows).toHaveLength(2);
    for (const text of ['Little Lights', 'Reading lamps', 'https://littlelights.example', '$1,250.50', '2']) {
      expect(charityRows[0]!.textContent).toContain(text);
    }
    expect(charityRows[0]!.querySelector('a')!.getAttribute('href')).toBe('https://littlelights.example');

    const nftRows = host.querySelectorAll<HTMLElement>('[data-testid="bo-nfts"] [data-testid="bo-nft-row"]');
    expect(nftRows).toHaveLength(2);
    const live = [...nftRows].find((row) => row.dataset.id === '7')!;
    expect(live.querySelector('img')!.getAttribute('src')).toBe('/api/index/nfts/7/image');
    for (const text of ['Paper Moon', 'Little Lights', 'Live auction', '$100.00', '$900.00', '$250.00', '3']) {
      expect(live.textContent).toContain(text);
    }
    const ended = [...nftRows].find((row) => row.dataset.id === '3')!;
    for (const text of ['Kite Song', 'Sold', '$400.00', '—']) expect(ended.textContent).toContain(text);
  });

  it('adds a charity: an empty name and a link that is not https are refused with their messages, then the body is sent', async () => {
    render();
    await click(byTestId('bo-charity-add'));
    expect(byTestId('bo-charity-form')).not.toBeNull();

    await type('bo-charity-url', 'http://brightstart.example');
    await click(byTestId('bo-charity-save'));
    expect(errorOf('bo-charity-name')).toBe(message(NFT_KEYS.charityNameRequired));
    expect(errorOf('bo-charity-url')).toBe(message(NFT_KEYS.urlInvalid));
    expect(calls.createCharity).not.toHaveBeenCalled();

    await type('bo-charity-name', ' Bright Start ');
    await type('bo-charity-url', 'https://brightstart.example');
    await type('bo-charity-description', 'Books for every child.');
    calls.createCharity.mockResolvedValueOnce({
      id: 3,
      name: 'Bright Start',
      description: 'Books for every child.',
      url: 'https://brightstart.example',
      raised: '0',
      nftCount: 0,
    });
    await click(byTestId('bo-charity-save'));
    expect(calls.createCharity).toHaveBeenCalledWith({
      name: 'Bright Start',
      description: 'Books for every child.',
      url: 'https://brightstart.example',
    });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: adminKeys.nfts() });
    expect(onSaved).toHaveBeenCalledWith('Bright Start was added.');
    expect(byTestId('bo-charity-form')).toBeNull();
    expect(document.activeElement).toBe(byTestId('bo-charity-add'));
  });

  it("edits a charity from its own values, refuses the same values, and sends the charity's id with the body", async () => {
    render();
    await click(byTestId('bo-charity-edit-2'));
    expect(byTestId<HTMLInputElement>('bo-charity-name')!.value).toBe('Safe Harbour');
    await click(byTestId('bo-charity-save'));
    expect(byTestId('bo-charity-unchanged')!.textContent).toBe('This is the current value: nothing to change.');
    expect(calls.updateCharity).not.toHaveBeenCalled();

    await type('bo-charity-description', 'Shelter for children.');
    calls.updateCharity.mockResolvedValueOnce({ ...charities[1], description: 'Shelter for children.' });
    await click(byTestId('bo-charity-save'));
    expect(calls.updateCharity).toHaveBeenCalledWith(2, {
      name: 'Safe Harbour',
      description: 'Shelter for children.',
      url: 'https://safeharbour.example/give',
    });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: adminKeys.nfts() });
    expect(onSaved).toHaveBeenCalledWith('Safe Harbour was changed.');
  });

  it('lists an NFT: bad input is refused with its messages and nothing is sent; a valid one is sent after the confirmation', async () => {
    render();
    await click(byTestId('bo-nft-add'));
    expect(byTestId('bo-nft-form')).not.toBeNull();

    await type('bo-nft-reserve', '100');
    await type('bo-nft-buy-now', '80');
    await type('bo-nft-increment', '2.5');
    await type('bo-nft-duration', '800');
    await click(byTestId('bo-nft-review'));
    expect(errorOf('bo-nft-name')).toBe(message(NFT_KEYS.nameRequired));
    expect(errorOf('bo-nft-creator')).toBe(message(NFT_KEYS.creatorRequired));
    expect(errorOf('bo-nft-charity')).toBe(message(NFT_KEYS.charityRequired));
    expect(errorOf('bo-nft-duration')).toBe(message(NFT_KEYS.durationInvalid));
    expect(byTestId('bo-nft-confirm')).toBeNull();
    expect(calls.createNft).not.toHaveBeenCalled();

    await type('bo-nft-name', 'Blue Whale');
    await type('bo-nft-creator', 'Li Wei');
    await pick('bo-nft-chain', 'polygon');
    await pick('bo-nft-charity', '2');
    await type('bo-nft-increment', '-1');
    await type('bo-nft-duration', '72');
    await click(byTestId('bo-nft-review'));
    expect(errorOf('bo-nft-increment')).toBe(message(V.amountInvalid));
    expect(errorOf('bo-nft-name')).toBeUndefined();
    expect(calls.createNft).not.toHaveBeenCalled();

    // The buy-now rule compares two prices: the contract checks it once every field is valid.
    await type('bo-nft-increment', '2.50');
    await click(byTestId('bo-nft-review'));
    expect(errorOf('bo-nft-buy-now')).toBe(message(NFT_KEYS.buyNowTooLow));
    expect(byTestId('bo-nft-confirm')).toBeNull();
    expect(calls.createNft).not.toHaveBeenCalled();

    await type('bo-nft-buy-now', '500.5');
    await click(byTestId('bo-nft-review'));
    const dialog = byTestId('bo-nft-confirm')!;
    expect(byTestId('bo-nft-confirm-charity')!.textContent).toBe('Safe Harbour');
    expect(byTestId('bo-nft-confirm-buy-now')!.textContent).toBe('$500.50');
    expect(dialog.textContent).toContain('The auction starts at once, when you confirm, and ends 3 days later');
    expect(calls.createNft).not.toHaveBeenCalled();

    calls.createNft.mockResolvedValueOnce({ ...nft, id: 8, name: 'Blue Whale' });
    await click(byTestId('bo-nft-confirm-ok'));
    expect(calls.createNft).toHaveBeenCalledWith({
      name: 'Blue Whale',
      description: '',
      creator: 'Li Wei',
      chain: 'polygon',
      charityId: 2,
      reservePrice: '100',
      buyNowPrice: '500.5',
      minIncrement: '2.50',
      durationHours: 72,
    });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: adminKeys.nfts() });
    expect(onSaved).toHaveBeenCalledWith('Blue Whale was listed: its auction has started.');
    expect(byTestId('bo-nft-form')).toBeNull();
    expect(byTestId('bo-nft-confirm')).toBeNull();
  });

  it('keeps the confirmation open with the failure when the API refuses the listing', async () => {
    render();
    await click(byTestId('bo-nft-add'));
    await type('bo-nft-name', 'Blue Whale');
    await type('bo-nft-creator', 'Li Wei');
    await pick('bo-nft-charity', '1');
    await type('bo-nft-reserve', '100');
    await type('bo-nft-increment', '5');
    await type('bo-nft-duration', '24');
    await click(byTestId('bo-nft-review'));
    calls.createNft.mockRejectedValueOnce(new Error('refused'));
    await click(byTestId('bo-nft-confirm-ok'));
    expect(byTestId('bo-nft-confirm-error')).not.toBeNull();
    expect(byTestId('bo-nft-form')).not.toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows auditors (readers, not writers) the tables only', () => {
    render(false);
    expect(host.querySelectorAll('[data-testid="bo-charity-row"]')).toHaveLength(2);
    expect(host.querySelectorAll('[data-testid="bo-nft-row"]')).toHaveLength(2);
    expect(byTestId('bo-charity-add')).toBeNull();
    expect(byTestId('bo-charity-edit-1')).toBeNull();
    expect(byTestId('bo-nft-add')).toBeNull();
    expect(byTestId('bo-charity-form')).toBeNull();
    expect(byTestId('bo-nft-form')).toBeNull();
  });
});
