// @vitest-environment happy-dom
import { act, createElement } from 'react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@meridian/platform';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { renderInDom } from './render-in-dom.ts';

let host: HTMLElement;
beforeAll(() => initI18n('en'));

function render(element: ReactElement) {
  host = renderInDom(element);
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

  it('shows what it is about above the figures, then the note; a busy state held by the caller blocks a second send', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const dialog = (busy: boolean) =>
      createElement(ConfirmDialog, {
        title: 'Close BTC?',
        lead: createElement('p', { 'data-testid': 'lead' }, 'To your demo account'),
        rows: [{ label: 'Lots', value: '0.1', testId: 'lots' }],
        note: 'It closes at the market price.',
        confirmLabel: 'Close',
        busyLabel: 'Sending…',
        busy,
        onConfirm,
        onClose,
        testId: 'close',
      });
    render(dialog(false));
    const order = [...host.querySelectorAll('[data-testid]')].map((el) => el.getAttribute('data-testid'));
    expect(order.indexOf('lead')).toBeLessThan(order.indexOf('lots'));
    expect(order.indexOf('lots')).toBeLessThan(order.indexOf('close-note'));
    expect(byTestId('close-note').textContent).toBe('It closes at the market price.');
    render(dialog(true));
    expect(byTestId('confirm-submit').disabled).toBe(true);
    expect(byTestId('confirm-submit').textContent).toBe('Sending…');
    act(() => byTestId('confirm-submit').click());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
