// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { OptionsProductView } from '@meridian/contracts';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { ProductsTable } from './products-table.tsx';

const calls = vi.hoisted(() => ({ updateOptionsProduct: vi.fn() }));
vi.mock('../api/settings-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  updateOptionsProduct: calls.updateOptionsProduct,
}));

const products: OptionsProductView[] = [
  { id: 1, instrumentId: 3, instrumentCode: 'BTCUSDT', period: 60, payoutPercent: '80', minStake: '10', maxStake: '5000', enabled: true },
  { id: 2, instrumentId: 3, instrumentCode: 'BTCUSDT', period: 300, payoutPercent: '85', minStake: '10', maxStake: '5000', enabled: false },
];

let host: HTMLElement;
const onSaved = vi.fn();

function render() {
  host = renderInDom(createElement(ProductsTable, { products, pageSize: 10, editable: true, onSaved }), new QueryClient());
}
const byTestId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`[data-testid="${id}"]`);
const click = (element: HTMLElement | null) =>
  act(async () => {
    element!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
async function type(id: string, value: string) {
  const field = byTestId<HTMLInputElement>(id)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** Review: the row's form, whose inputs stand in the row's other cells. */
const review = () =>
  act(async () => {
    host.querySelector<HTMLFormElement>('form#product-form-1')!.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const errorOf = (id: string) => document.getElementById(byTestId(id)!.getAttribute('aria-describedby') ?? '')?.textContent;

describe('ProductsTable (an admin edits a row)', () => {
  it('checks the row with the contract rule, refuses no change, then confirms the parsed values before → after', async () => {
    render();
    await click(byTestId<HTMLElement>('product-1')!.querySelector('[data-testid="edit-product"]'));
    // The row's inputs join the form in the actions cell and start from the row's values.
    expect(byTestId<HTMLInputElement>('product-payoutPercent')!.getAttribute('form')).toBe('product-form-1');
    expect(byTestId<HTMLInputElement>('product-payoutPercent')!.value).toBe('80');

    await type('product-payoutPercent', 'abc');
    await type('product-maxStake', '5');
    await review();
    expect(errorOf('product-payoutPercent')).toBe('Please enter a correct amount: more than 0, with at most 8 decimals.');
    // Maximum under the minimum.
    expect(errorOf('product-maxStake')).toBe('Please enter a correct amount: more than 0, with at most 8 decimals.');
    expect(byTestId('product-confirm')).toBeNull();

    await type('product-payoutPercent', '80');
    await type('product-maxStake', '5000');
    await review();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('This is the current value: nothing to change.');
    expect(byTestId('product-confirm')).toBeNull();

    await type('product-payoutPercent', '82.5');
    await click(byTestId('product-enabled'));
    await review();
    expect(host.querySelector('[role="alert"]')).toBeNull();
    const dialog = byTestId('product-confirm')!;
    expect(dialog.textContent).toContain('82.5');

    calls.updateOptionsProduct.mockResolvedValueOnce({ ...products[0], payoutPercent: '82.5', enabled: false });
    await click(byTestId('confirm-ok'));
    expect(calls.updateOptionsProduct).toHaveBeenCalledWith(1, { payoutPercent: '82.5', minStake: '10', maxStake: '5000', enabled: false });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(byTestId('product-payoutPercent')).toBeNull();
  });

  it('starts another row from its own values after a cancel', async () => {
    render();
    await click(byTestId<HTMLElement>('product-1')!.querySelector('[data-testid="edit-product"]'));
    await type('product-payoutPercent', '90');
    await click(byTestId('product-cancel'));
    await click(byTestId<HTMLElement>('product-2')!.querySelector('[data-testid="edit-product"]'));
    expect(byTestId<HTMLInputElement>('product-payoutPercent')!.value).toBe('85');
    expect(byTestId<HTMLInputElement>('product-enabled')!.checked).toBe(false);
  });
});
