// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SMART_KEYS } from '@meridian/contracts';
import type { SmartProductView } from '@meridian/contracts';
import { i18n } from '@meridian/platform';
import { adminKeys } from '../../../shared/query-keys.ts';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { smartProductForm } from './smart-product-form.tsx';
import { SmartProductsPanel } from './smart-products-panel.tsx';

const calls = vi.hoisted(() => ({ createSmartProduct: vi.fn(), updateSmartProduct: vi.fn() }));
vi.mock('../api/settings-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  createSmartProduct: calls.createSmartProduct,
  updateSmartProduct: calls.updateSmartProduct,
}));

const products: SmartProductView[] = [
  {
    id: 4,
    name: 'Steady 30',
    termDays: 30,
    minAmount: '100.00',
    maxAmount: '5000.00',
    dailyYieldPercent: '0.8',
    profitSharingDays: 7,
    earlyExitPenaltyPercent: '5',
    enabled: true,
  },
  {
    id: 9,
    name: 'Long 90',
    termDays: 90,
    minAmount: '500.00',
    maxAmount: '20000.00',
    dailyYieldPercent: '1.1',
    profitSharingDays: 30,
    earlyExitPenaltyPercent: '8',
    enabled: false,
  },
];
const data = { products, defaultPenaltyPercent: '3.5' };

/** What a filled-in add form holds. */
const draft = {
  name: ' Quick 14 ',
  termDays: ' 14 ',
  minAmount: '50',
  maxAmount: '1000.5',
  dailyYieldPercent: '0.65',
  profitSharingDays: '3',
  earlyExitPenaltyPercent: '3.5',
  enabled: true,
};

/** The message key of each refused field. */
function problems(values: typeof draft): Record<string, string> {
  const parsed = smartProductForm.safeParse(values);
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the smart product form schema', () => {
  it("converts the typed text to the contract's body", () => {
    expect(smartProductForm.parse(draft)).toEqual({
      name: 'Quick 14',
      termDays: 14,
      minAmount: '50',
      maxAmount: '1000.5',
      dailyYieldPercent: '0.65',
      profitSharingDays: 3,
      earlyExitPenaltyPercent: '3.5',
      enabled: true,
    });
  });

  it('refuses profit-sharing days beyond the term, and a minimum above the maximum, under their fields', () => {
    expect(problems({ ...draft, profitSharingDays: '15' })).toEqual({ profitSharingDays: SMART_KEYS.sharingInvalid });
    expect(problems({ ...draft, minAmount: '2000' })).toEqual({ maxAmount: SMART_KEYS.rangeInvalid });
  });

  it('refuses a term or days that are not whole numbers, and an empty name, with their keys', () => {
    expect(problems({ ...draft, termDays: '14.5' }).termDays).toBe(SMART_KEYS.termInvalid);
    expect(problems({ ...draft, termDays: '' }).termDays).toBe(SMART_KEYS.termInvalid);
    expect(problems({ ...draft, profitSharingDays: 'x' }).profitSharingDays).toBe(SMART_KEYS.sharingInvalid);
    expect(problems({ ...draft, name: '  ' }).name).toBe(SMART_KEYS.nameRequired);
  });
});

let host: HTMLElement;
let client: QueryClient;
const onSaved = vi.fn();

function render(editable = true) {
  client = new QueryClient();
  vi.spyOn(client, 'invalidateQueries');
  host = renderInDom(createElement(SmartProductsPanel, { data, editable, onSaved }), client);
}
const byTestId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`[data-testid="${id}"]`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = (element: HTMLElement | null) =>
  act(async () => {
    element!.click();
    await settle();
  });
async function type(id: string, value: string) {
  const field = byTestId<HTMLInputElement>(id)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const save = () => click(byTestId('smart-product-save'));
const errorOf = (id: string) => document.getElementById(byTestId(id)!.getAttribute('aria-describedby') ?? '')?.textContent;
const message = (key: string) => i18n.t(`common:${key}`);

beforeEach(() => {
  calls.createSmartProduct.mockReset();
  calls.updateSmartProduct.mockReset();
  onSaved.mockReset();
});

describe('SmartProductsPanel', () => {
  it('lists every product with its terms and on/off, under the line that a change applies to new plans only', () => {
    render();
    const panel = byTestId('smart-products-admin')!;
    expect(panel.textContent).toContain('A change applies to new plans only; running plans keep the terms they were bought on.');
    const row = byTestId('smart-product-admin-row-4')!;
    for (const text of ['Steady 30', '$100.00', '$5,000.00', '0.8 %', '5 %', 'On']) expect(row.textContent).toContain(text);
    expect(byTestId('smart-product-admin-row-9')!.textContent).toContain('Off');
  });

  it('adds a product: the penalty starts from the default, the rules are checked, then the body is sent', async () => {
    render();
    await click(byTestId('smart-product-add'));
    expect(byTestId<HTMLInputElement>('smart-product-penalty')!.value).toBe('3.5');
    expect(byTestId<HTMLInputElement>('smart-product-enabled')!.checked).toBe(true);

    await type('smart-product-name', 'Quick 14');
    await type('smart-product-term', '14');
    await type('smart-product-min', '50');
    await type('smart-product-max', '1000.5');
    await type('smart-product-yield', '0.65');
    await type('smart-product-sharing', '20');
    await save();
    expect(errorOf('smart-product-sharing')).toBe(message(SMART_KEYS.sharingInvalid));
    expect(calls.createSmartProduct).not.toHaveBeenCalled();

    await type('smart-product-sharing', '3');
    await type('smart-product-min', '2000');
    await save();
    expect(errorOf('smart-product-max')).toBe(message(SMART_KEYS.rangeInvalid));
    expect(calls.createSmartProduct).not.toHaveBeenCalled();

    await type('smart-product-min', '50');
    await click(byTestId('smart-product-enabled'));
    calls.createSmartProduct.mockResolvedValueOnce({ id: 12, ...smartProductForm.parse(draft), enabled: false });
    await save();
    expect(calls.createSmartProduct).toHaveBeenCalledWith({
      name: 'Quick 14',
      termDays: 14,
      minAmount: '50',
      maxAmount: '1000.5',
      dailyYieldPercent: '0.65',
      profitSharingDays: 3,
      earlyExitPenaltyPercent: '3.5',
      enabled: false,
    });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: adminKeys.smartProducts() });
    expect(onSaved).toHaveBeenCalledWith('Quick 14 was added.');
    expect(byTestId('smart-product-form')).toBeNull();
    expect(document.activeElement).toBe(byTestId('smart-product-add'));
  });

  it("edits a row from its own terms, refuses the same terms, and sends the row's id with the body", async () => {
    render();
    await click(byTestId('smart-product-edit-9'));
    expect(byTestId<HTMLInputElement>('smart-product-name')!.value).toBe('Long 90');
    expect(byTestId<HTMLInputElement>('smart-product-term')!.value).toBe('90');
    expect(byTestId<HTMLInputElement>('smart-product-penalty')!.value).toBe('8');
    expect(byTestId<HTMLInputElement>('smart-product-enabled')!.checked).toBe(false);

    // 500 is the 500.00 it has: nothing changed.
    await type('smart-product-min', '500');
    await save();
    expect(byTestId('smart-product-unchanged')!.textContent).toBe('This is the current value: nothing to change.');
    expect(calls.updateSmartProduct).not.toHaveBeenCalled();

    await type('smart-product-yield', '1.2');
    calls.updateSmartProduct.mockResolvedValueOnce({ ...products[1], dailyYieldPercent: '1.2' });
    await save();
    expect(calls.updateSmartProduct).toHaveBeenCalledWith(9, {
      name: 'Long 90',
      termDays: 90,
      minAmount: '500',
      maxAmount: '20000.00',
      dailyYieldPercent: '1.2',
      profitSharingDays: 30,
      earlyExitPenaltyPercent: '8',
      enabled: false,
    });
    expect(client.invalidateQueries).toHaveBeenCalledWith({ queryKey: adminKeys.smartProducts() });
    expect(onSaved).toHaveBeenCalledWith('Long 90 was changed.');
    expect(document.activeElement).toBe(byTestId('smart-product-edit-9'));
  });

  it('keeps the form and shows the failure when the API refuses', async () => {
    render();
    await click(byTestId('smart-product-edit-4'));
    await type('smart-product-max', '6000');
    calls.updateSmartProduct.mockRejectedValueOnce(new Error('refused'));
    await save();
    expect(byTestId('smart-product-failure')).not.toBeNull();
    expect(byTestId<HTMLInputElement>('smart-product-max')!.value).toBe('6000');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows operators without write access the table only', () => {
    render(false);
    expect(byTestId('smart-product-admin-row-4')).not.toBeNull();
    expect(byTestId('smart-product-add')).toBeNull();
    expect(byTestId('smart-product-edit-4')).toBeNull();
  });
});
