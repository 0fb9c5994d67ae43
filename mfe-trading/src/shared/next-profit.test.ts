// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, renderInDom } from './render-in-dom.ts';
import { clockSkew } from '@meridian/ui/clock';
import { NextProfitCountdown } from './next-profit.tsx';

const START = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('NextProfitCountdown (from the remote clock)', () => {
  let now: number;
  const clock = () => now;
  const { platform } = fakePlatform(() => Promise.reject(new Error('no call expected')));
  const text = (host: HTMLElement) => host.querySelector('[data-testid="smart-countdown"]')!.textContent;
  /** The clock moves on and the countdown's timer fires. */
  const tick = (ms: number) =>
    act(() => {
      now += ms;
      vi.advanceTimersByTime(ms);
    });

  beforeEach(() => {
    now = START;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('counts down each second to the next-profit time, then says the income is being credited', async () => {
    const at = new Date(START + 3_600_000 + 2_000).toISOString();
    const host = await renderInDom(createElement(NextProfitCountdown, { at }), { platform, clock });
    expect(text(host)).toBe('1:00:02');
    expect(host.querySelector('time')!.getAttribute('datetime')).toBe(at);
    tick(1000);
    expect(text(host)).toBe('1:00:01');
    tick(2000);
    expect(text(host)).toBe('59:59');
    tick(3_598_000);
    expect(text(host)).toBe('0:01');
    tick(1000);
    expect(text(host)).toBe('Being credited…');
  });

  it("counts on the plans' clock: a reader whose clock is 3 days behind (or a moved test clock) still sees the time left", async () => {
    // The server said "now" is 3 days after this page's clock when the answer arrived.
    const skewMs = clockSkew(new Date(START + 3 * 86_400_000).toISOString(), START);
    expect(skewMs).toBe(3 * 86_400_000);
    const at = new Date(START + 3 * 86_400_000 + 90_000).toISOString();
    const host = await renderInDom(createElement(NextProfitCountdown, { at, skewMs }), { platform, clock });
    expect(text(host)).toBe('1:30');
    expect(clockSkew('not a time', START)).toBe(0);
  });

  it('shows a dash and runs no timer for a plan that has ended (no next-profit time)', async () => {
    const host = await renderInDom(createElement(NextProfitCountdown, { at: null }), { platform, clock });
    expect(text(host)).toBe('—');
    expect(vi.getTimerCount()).toBe(0);
  });
});
