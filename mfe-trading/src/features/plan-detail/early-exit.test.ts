// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earlyExitSplit } from '@meridian/contracts';
import type { EarlyExitPreview, SmartOrderView } from '@meridian/contracts';
import { ApiError, accountModeAtom, sessionStore, userAtom } from '@meridian/platform';
import { click, fakePlatform, renderInDom } from '../../shared/render-in-dom.ts';
import { EarlyExit, ExitPreviewFigures } from './early-exit.tsx';

const plan: SmartOrderView = {
  id: 9,
  productId: 7,
  productName: 'Steady 30',
  state: 'earning',
  currency: 'USD',
  amount: '1000.00',
  termDays: 30,
  dailyYieldPercent: '0.85',
  profitSharingDays: 7,
  earlyExitPenaltyPercent: '10',
  dailyIncome: '8.50',
  totalIncome: '255.00',
  totalAtTerm: '1255.00',
  startedAt: '2025-01-01T00:00:00.000Z',
  endsAt: '2025-01-31T00:00:00.000Z',
  nextProfitAt: '2025-01-04T00:00:00.000Z',
  daysRun: 3,
  totalProfit: '25.50',
  accrued: '25.50',
  penalty: null,
  returned: null,
  endedAt: null,
};

/** The server's preview, as the contract's arithmetic makes it. */
const previewOf = (accrued: string): EarlyExitPreview => ({
  orderId: plan.id,
  principal: plan.amount,
  accrued,
  earlyExitPenaltyPercent: plan.earlyExitPenaltyPercent,
  ...earlyExitSplit(plan.amount, accrued, plan.earlyExitPenaltyPercent),
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('ExitPreviewFigures', () => {
  it('shows the penalty, where it is taken from, what returns and what the customer receives', async () => {
    const { platform } = fakePlatform(() => Promise.reject(new Error('no call expected')));
    // 10 % of 1000 = 100: 25.50 from the accrued income, 74.50 from the amount; 925.50 back.
    await renderInDom(createElement(ExitPreviewFigures, { preview: previewOf('25.50'), currency: 'USD' }), { platform });
    expect(byTestId('smart-exit-penalty')!.textContent).toBe('$100.00');
    expect(byTestId('smart-exit-from-income')!.textContent).toBe('$25.50');
    expect(byTestId('smart-exit-from-principal')!.textContent).toBe('$74.50');
    expect(byTestId('smart-exit-income-returned')!.textContent).toBe('$0.00');
    expect(byTestId('smart-exit-principal-returned')!.textContent).toBe('$925.50');
    expect(byTestId('smart-exit-receive')!.textContent).toBe('$925.50');
  });
});

describe('EarlyExit', () => {
  let previews: EarlyExitPreview[];
  let exits: unknown[];
  let answers: (() => Promise<unknown>)[];

  beforeEach(() => {
    act(() => {
      sessionStore.set(userAtom, { id: 'u1', email: 'a@b.c', role: 'user' });
      sessionStore.set(accountModeAtom, 'real');
    });
    previews = [previewOf('25.50')];
    exits = [];
    answers = [];
  });
  afterEach(() => act(() => sessionStore.set(userAtom, null)));

  async function render() {
    const { platform, toast } = fakePlatform((operationId, input) => {
      if (operationId === 'previewEarlyExit') return Promise.resolve(previews.shift());
      if (operationId === 'earlyExitSmart') {
        exits.push(input);
        return answers.shift()!();
      }
      return Promise.reject(new Error(operationId));
    });
    await renderInDom(createElement(EarlyExit, { plan }), { platform });
    return { toast };
  }

  it("reads the server's preview on demand, confirms it, and sends what was shown", async () => {
    answers.push(() => Promise.resolve({ ...plan, state: 'ended_early' }));
    const { toast } = await render();
    expect(byTestId('smart-exit-penalty')).toBeNull();
    await click(byTestId('smart-exit'));
    expect(byTestId('smart-exit-penalty')!.textContent).toBe('$100.00');
    expect(byTestId('smart-exit-receive')!.textContent).toBe('$925.50');
    await click(byTestId('smart-exit-review'));
    expect(byTestId('smart-exit-confirm-receive')!.textContent).toBe('$925.50');
    expect(exits).toEqual([]);
    await click(byTestId('smart-exit-confirm'));
    expect(exits).toEqual([{ params: { id: 9 }, body: { receive: '925.50' }, idempotencyKey: expect.any(String) }]);
    expect(toast).toHaveBeenCalledWith('Plan ended. $925.50 returned to your balance.', 'success');
    expect(byTestId('smart-exit-dialog')).toBeNull();
  });

  it('shows the new preview when the figures changed since (10152), and sends the new one on the next confirm', async () => {
    // A day's income (8.50) was credited between the preview and the confirmation.
    previews.push(previewOf('34.00'));
    answers.push(() => Promise.reject(new ApiError('10152', 'errors.10152', 409)));
    answers.push(() => Promise.resolve({ ...plan, state: 'ended_early' }));
    await render();
    await click(byTestId('smart-exit'));
    await click(byTestId('smart-exit-review'));
    await click(byTestId('smart-exit-confirm'));
    expect(byTestId('smart-exit-changed')!.textContent).toContain("A day's income was credited");
    expect(byTestId('smart-exit-confirm-from-income')!.textContent).toBe('$34.00');
    expect(byTestId('smart-exit-confirm-receive')!.textContent).toBe('$934.00');
    expect(byTestId('smart-failure')).toBeNull();
    await click(byTestId('smart-exit-confirm'));
    expect(exits).toMatchObject([{ body: { receive: '925.50' } }, { body: { receive: '934.00' } }]);
  });

  it('shows another refusal in the translated words of its code', async () => {
    answers.push(() => Promise.reject(new ApiError('10120', 'errors.10120', 409)));
    await render();
    await click(byTestId('smart-exit'));
    await click(byTestId('smart-exit-review'));
    await click(byTestId('smart-exit-confirm'));
    expect(byTestId('smart-failure')!.textContent).toBe('The demo account cannot use this. Switch to your real account.');
  });
});
