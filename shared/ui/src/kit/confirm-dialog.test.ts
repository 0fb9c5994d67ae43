// @vitest-environment happy-dom
import { act, createElement } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@meridian/platform';
import { ConfirmDialog } from './confirm-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLElement;
let unmount = () => {};
afterEach(() => unmount());
beforeAll(() => initI18n('en'));

function render(element: ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(element));
  unmount = () => {
    act(() => root.unmount());
    host.remove();
  };
}
const byTestId = (id: string) => host.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;

describe('ConfirmDialog', () => {
  it('is a labelled modal dialog that takes focus', () => {
    render(createElement(ConfirmDialog, { title: 'Delete it?', confirmLabel: 'Delete', onConfirm: () => {}, onClose: () => {} }));
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Delete it?');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('cancels on Escape', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    render(createElement(ConfirmDialog, { title: 'Delete it?', confirmLabel: 'Delete', onConfirm, onClose }));
    act(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs a confirm once however often it is clicked, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(createElement(ConfirmDialog, { title: 'Delete it?', confirmLabel: 'Delete', onConfirm, onClose, confirmTestId: 'confirm-ok' }));
    act(() => byTestId('confirm-ok').click());
    act(() => byTestId('confirm-ok').click());
    expect(byTestId('confirm-ok').disabled).toBe(true);
    expect(byTestId('confirm-ok').textContent).toBe('Working…');
    await act(async () => finish());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a failed confirm in words and lets the user try again', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('10011')).mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(
      createElement(ConfirmDialog, {
        title: 'Pay?',
        confirmLabel: 'Pay',
        onConfirm,
        onClose,
        describeError: (error) => `failed: ${(error as Error).message}`,
        testId: 'pay',
      }),
    );
    await act(async () => byTestId('confirm-submit').click());
    expect(byTestId('pay-error').textContent).toBe('failed: 10011');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => byTestId('confirm-submit').click());
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
