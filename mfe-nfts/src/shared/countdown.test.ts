// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockSkew } from '@meridian/ui/clock';
import { AuctionCountdown, msLeft, splitTimeLeft } from './countdown.tsx';
import { NOW } from './nft-fixtures.ts';
import { cleanUp, fakePlatform, renderInDom } from './render-in-dom.ts';

describe('the time left in an auction', () => {
  it('splits into days and a clock, rounded up to the second', () => {
    expect(splitTimeLeft(0)).toEqual({ days: 0, clock: '0:00' });
    expect(splitTimeLeft(1)).toEqual({ days: 0, clock: '0:01' });
    expect(splitTimeLeft(59_000)).toEqual({ days: 0, clock: '0:59' });
    expect(splitTimeLeft(3_600_000)).toEqual({ days: 0, clock: '1:00:00' });
    expect(splitTimeLeft(86_400_000 + 65_000)).toEqual({ days: 1, clock: '0:01:05' });
    expect(splitTimeLeft(3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000)).toEqual({ days: 3, clock: '4:05:06' });
  });

  it("counts on the auctions' clock: the page's clock moved by the skew, never below zero", () => {
    const endsAt = new Date(NOW + 90_000).toISOString();
    // The server said "now" is 3 days after this page's clock when the answer arrived.
    const skew = clockSkew(new Date(NOW).toISOString(), NOW - 3 * 86_400_000);
    expect(skew).toBe(3 * 86_400_000);
    expect(msLeft(endsAt, NOW - 3 * 86_400_000, skew)).toBe(90_000);
    expect(msLeft(endsAt, NOW + 100_000, 0)).toBe(0);
    expect(msLeft('not a time', NOW, 0)).toBe(0);
    expect(clockSkew('not a time', NOW)).toBe(0);
  });
});

describe('AuctionCountdown', () => {
  let now: number;
  const { platform } = fakePlatform(() => Promise.reject(new Error('no call expected')));
  const text = (host: HTMLElement) => host.querySelector('[data-testid="nft-countdown"]')!.textContent;
  const tick = (ms: number) =>
    act(() => {
      now += ms;
      vi.advanceTimersByTime(ms);
    });

  beforeEach(() => {
    now = NOW;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    cleanUp();
    vi.useRealTimers();
  });

  it('ticks each second to the end, then says the auction is closing', async () => {
    const endsAt = new Date(NOW + 2 * 86_400_000 + 2_000).toISOString();
    const host = await renderInDom(createElement(AuctionCountdown, { endsAt, state: 'live', skewMs: 0 }), { platform, clock: () => now });
    expect(text(host)).toBe('2 days 0:00:02');
    tick(2000);
    expect(text(host)).toBe('2 days 0:00:00');
    tick(2 * 86_400_000 - 61_000);
    expect(text(host)).toBe('1:01');
    tick(61_000);
    expect(text(host)).toBe('Closing…');
  });

  it('uses the skew of the answer (a page whose clock is a day behind still sees the right time left)', async () => {
    const endsAt = new Date(NOW + 86_400_000 + 30_000).toISOString();
    const host = await renderInDom(createElement(AuctionCountdown, { endsAt, state: 'live', skewMs: 86_400_000 }), {
      platform,
      clock: () => now,
    });
    expect(text(host)).toBe('0:30');
  });

  it('says an ended auction has ended and runs no timer', async () => {
    const host = await renderInDom(createElement(AuctionCountdown, { endsAt: new Date(NOW).toISOString(), state: 'sold', skewMs: 0 }), {
      platform,
      clock: () => now,
    });
    expect(text(host)).toBe('Ended');
    expect(vi.getTimerCount()).toBe(0);
  });
});
