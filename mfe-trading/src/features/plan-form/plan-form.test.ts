// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMART_DAY_MS, SMART_KEYS, smartQuote } from '@meridian/contracts';
import type { SmartProductView } from '@meridian/contracts';
import { ApiError, accountModeAtom, i18n, sessionStore, userAtom } from '@meridian/platform';
import { click, fakePlatform, renderInDom, settle, typeInto } from '../../shared/render-in-dom.ts';
import { amountProblem, previewPlan } from './plan-quote.ts';
import { PlanForm } from './plan-form.tsx';

const product: SmartProductView = {
  id: 7,
  name: 'Steady 30',
  termDays: 30,
  minAmount: '100',
  maxAmount: '10000',
  dailyYieldPercent: '0.85',
  profitSharingDays: 7,
  earlyExitPenaltyPercent: '10',
  enabled: true,
};
/** 2025-01-01 00:00 UTC. */
const NOW = Date.UTC(2025, 0, 1, 0, 0, 0);

describe('the plan form rules (contract schema, then the product range)', () => {
  it('asks for the amount, then a correct amount, then one within the range', () => {
    expect(amountProblem('', product)).toBe(SMART_KEYS.amountRequired);
    expect(amountProblem('   ', product)).toBe(SMART_KEYS.amountRequired);
    expect(amountProblem('abc', product)).toBe('validation.enterCorrectAmount');
    expect(amountProblem('100.123', product)).toBe('validation.enterCorrectAmount');
    expect(amountProblem('0', product)).toBe('validation.enterCorrectAmount');
    expect(amountProblem('99.99', product)).toBe(SMART_KEYS.amountOutOfRange);
    expect(amountProblem('10000.01', product)).toBe(SMART_KEYS.amountOutOfRange);
    expect(amountProblem('100', product)).toBeNull();
    expect(amountProblem(' 10000.00 ', product)).toBeNull();
  });

  it("previews the contract's quote and the days counted from now, nothing while the amount is wrong", () => {
    const preview = previewPlan('1234.56', product, NOW)!;
    expect(preview).toMatchObject(smartQuote('1234.56', product));
    // 1234.56 × 0.85 % = 10.49376 → 10.49 a day; × 30 = 314.70; the penalty 10 % = 123.456 → 123.46.
    expect(preview).toMatchObject({ dailyIncome: '10.49', totalIncome: '314.70', totalAtTerm: '1549.26', earlyExitPenalty: '123.46' });
    expect(preview.sharingFrom.getTime()).toBe(NOW + 7 * SMART_DAY_MS);
    expect(preview.endsAt.toISOString()).toBe('2025-01-31T00:00:00.000Z');
    expect(previewPlan('50', product, NOW)).toBeNull();
  });
});

describe('PlanForm', () => {
  let bought: unknown[];
  let answer: () => Promise<unknown>;
  const byTestId = (host: HTMLElement, id: string) => host.ownerDocument.querySelector<HTMLElement>(`[data-testid="${id}"]`);

  beforeEach(() => {
    sessionStore.set(userAtom, { id: 'u1', email: 'a@b.c', role: 'user' });
    sessionStore.set(accountModeAtom, 'real');
    bought = [];
    answer = () => Promise.resolve({ id: 55 });
  });
  afterEach(() => act(() => sessionStore.set(userAtom, null)));

  async function render() {
    const { platform, toast } = fakePlatform((operationId, input) => {
      if (operationId === 'buySmart') {
        bought.push(input);
        return answer();
      }
      if (operationId === 'listSmartOrder') return Promise.resolve({ items: [{ id: 41, productId: 7 }], total: 1, page: 1 });
      return Promise.reject(new Error(operationId));
    });
    const host = await renderInDom(createElement(PlanForm, { product, currency: 'USD' }), { platform, clock: () => NOW });
    return { host, toast };
  }

  it('shows the live preview figures as the amount is typed, with the end date in UTC', async () => {
    const { host } = await render();
    expect(byTestId(host, 'smart-preview-empty')!.textContent).toBe('Enter an amount between $100.00 and $10,000.00 to see the figures.');
    await typeInto(byTestId(host, 'smart-amount') as HTMLInputElement, '1000');
    expect(byTestId(host, 'smart-preview-daily')!.dataset.value).toBe('8.50');
    expect(byTestId(host, 'smart-preview-daily')!.textContent).toBe('$8.50');
    expect(byTestId(host, 'smart-preview-income')!.textContent).toBe('$255.00');
    expect(byTestId(host, 'smart-preview-total')!.textContent).toBe('$1,255.00');
    expect(byTestId(host, 'smart-preview-penalty')!.textContent).toBe('$100.00');
    expect(byTestId(host, 'smart-preview-sharing')!.textContent).toBe('Jan 8, 2025, 12:00 AM UTC');
    expect(byTestId(host, 'smart-preview-end')!.textContent).toBe('Jan 31, 2025, 12:00 AM UTC');
    await typeInto(byTestId(host, 'smart-amount') as HTMLInputElement, '20000');
    expect(byTestId(host, 'smart-preview-daily')).toBeNull();
  });

  it('shows the translated message under the field: the amount missing, then the range with its bounds', async () => {
    const { host } = await render();
    await click(byTestId(host, 'smart-buy'));
    const input = byTestId(host, 'smart-amount') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId(host, 'smart-amount-error')!.textContent).toBe(i18n.t(SMART_KEYS.amountRequired, { ns: 'common' }));
    expect(byTestId(host, 'smart-amount-error')!.textContent).not.toBe(SMART_KEYS.amountRequired);
    await typeInto(input, '50');
    await click(byTestId(host, 'smart-buy'));
    const message = byTestId(host, 'smart-amount-error')!.textContent;
    expect(message).toBe(i18n.t(SMART_KEYS.amountOutOfRange, { ns: 'common', min: '$100.00', max: '$10,000.00' }));
    expect(message).toContain('$100.00');
    expect(message).toContain('$10,000.00');
    expect(input.getAttribute('aria-describedby')).toContain(byTestId(host, 'smart-amount-error')!.id);
    expect(byTestId(host, 'smart-confirm')).toBeNull();
    expect(bought).toEqual([]);
  });

  it('confirms the terms before buying, then sends them with the amount once and says 20004', async () => {
    const { host, toast } = await render();
    await typeInto(byTestId(host, 'smart-amount') as HTMLInputElement, '2500.5');
    await click(byTestId(host, 'smart-buy'));
    expect(byTestId(host, 'smart-confirm-amount')!.textContent).toBe('$2,500.50');
    expect(byTestId(host, 'smart-confirm-yield')!.textContent).toBe('0.85 %');
    expect(byTestId(host, 'smart-confirm-total')!.textContent).toBe(
      `$${smartQuote('2500.50', product).totalAtTerm.replace(/^(\d)(\d{3})/, '$1,$2')}`,
    );
    expect(bought).toEqual([]);
    await click(byTestId(host, 'smart-confirm'));
    expect(bought).toEqual([
      {
        body: {
          productId: 7,
          amount: '2500.50',
          termDays: 30,
          dailyYieldPercent: '0.85',
          profitSharingDays: 7,
          earlyExitPenaltyPercent: '10',
        },
        idempotencyKey: expect.any(String),
      },
    ]);
    expect(toast).toHaveBeenCalledWith('Purchase successful.', 'success');
  });

  it('says clearly that a plan of this product is running (10024), with the way to it', async () => {
    answer = () => Promise.reject(new ApiError('10024', 'errors.10024', 409));
    const { host } = await render();
    await typeInto(byTestId(host, 'smart-amount') as HTMLInputElement, '500');
    await click(byTestId(host, 'smart-buy'));
    await click(byTestId(host, 'smart-confirm'));
    await settle();
    const failure = byTestId(host, 'smart-failure')!;
    expect(failure.dataset.code).toBe('10024');
    expect(failure.textContent).toContain('You already have a running plan of this product.');
    expect(failure.querySelector('a')!.getAttribute('href')).toBe('/trading/41');
  });

  it('shows any other refusal in the translated words of its code', async () => {
    answer = () => Promise.reject(new ApiError('10011', 'errors.10011', 409));
    const { host } = await render();
    await typeInto(byTestId(host, 'smart-amount') as HTMLInputElement, '500');
    await click(byTestId(host, 'smart-buy'));
    await click(byTestId(host, 'smart-confirm'));
    expect(byTestId(host, 'smart-failure')!.textContent).toBe('Insufficient balance. Deposit or release margin first.');
  });
});
