import { describe, expect, it } from 'vitest';
import { isTradingOpen, nextSessionChange } from '../../src/market/trading-hours.ts';

const at = (iso: string) => Date.parse(iso);
// The week of Sunday 2026-11-22 to Saturday 2026-11-28.
const open = (session: Parameters<typeof isTradingOpen>[0], iso: string) => isTradingOpen(session, at(iso));

describe('trading hours (UTC)', () => {
  it('crypto always trades and has no next change', () => {
    for (const iso of ['2026-11-28T12:00:00Z', '2026-11-22T03:00:00Z', '2026-11-24T22:30:00Z']) expect(open('always', iso)).toBe(true);
    expect(nextSessionChange('always', at('2026-11-28T12:00:00Z'))).toBeNull();
  });

  it('forex: closed on Saturday, opens Sunday 22:00, open on Monday, closes Friday 22:00', () => {
    expect(open('forex', '2026-11-28T12:00:00Z')).toBe(false); // Saturday
    expect(open('forex', '2026-11-22T21:59:59.999Z')).toBe(false); // Sunday, just before the open
    expect(open('forex', '2026-11-22T22:00:00Z')).toBe(true);
    expect(open('forex', '2026-11-23T03:00:00Z')).toBe(true); // Monday
    expect(open('forex', '2026-11-25T23:30:00Z')).toBe(true); // no daily pause
    expect(open('forex', '2026-11-27T21:59:00Z')).toBe(true); // Friday
    expect(open('forex', '2026-11-27T22:00:00Z')).toBe(false);
  });

  it('us-equity: weekdays 13:30 to 20:00 only', () => {
    for (const day of ['23', '24', '25', '26', '27']) {
      expect(open('us-equity', `2026-11-${day}T13:29:59Z`), day).toBe(false);
      expect(open('us-equity', `2026-11-${day}T13:30:00Z`), day).toBe(true);
      expect(open('us-equity', `2026-11-${day}T16:45:00Z`), day).toBe(true);
      expect(open('us-equity', `2026-11-${day}T19:59:59Z`), day).toBe(true);
      expect(open('us-equity', `2026-11-${day}T20:00:00Z`), day).toBe(false);
    }
    expect(open('us-equity', '2026-11-28T15:00:00Z')).toBe(false); // Saturday
    expect(open('us-equity', '2026-11-22T15:00:00Z')).toBe(false); // Sunday
  });

  it('futures and metals: Sunday 23:00 to Friday 22:00 with a daily pause 22:00 to 23:00', () => {
    for (const session of ['futures', 'metals'] as const) {
      expect(open(session, '2026-11-22T22:30:00Z'), session).toBe(false);
      expect(open(session, '2026-11-22T23:00:00Z'), session).toBe(true);
      expect(open(session, '2026-11-24T21:59:00Z'), session).toBe(true);
      expect(open(session, '2026-11-24T22:00:00Z'), session).toBe(false); // the daily pause
      expect(open(session, '2026-11-24T22:59:59Z'), session).toBe(false);
      expect(open(session, '2026-11-24T23:00:00Z'), session).toBe(true);
      expect(open(session, '2026-11-27T21:00:00Z'), session).toBe(true);
      expect(open(session, '2026-11-27T23:30:00Z'), session).toBe(false); // no Friday evening reopening
      expect(open(session, '2026-11-28T12:00:00Z'), session).toBe(false);
    }
  });

  it('agrees with the calendar far from 1970, before it too', () => {
    expect(open('us-equity', '2031-03-05T15:00:00Z')).toBe(true); // a Wednesday
    expect(open('us-equity', '2031-03-08T15:00:00Z')).toBe(false); // a Saturday
    expect(open('forex', '1969-12-27T12:00:00Z')).toBe(false); // a Saturday
    expect(open('forex', '1969-12-29T12:00:00Z')).toBe(true); // a Monday
  });

  it('nextSessionChange: when the session opens or closes next', () => {
    const next = (session: Parameters<typeof nextSessionChange>[0], iso: string) => {
      const t = nextSessionChange(session, at(iso));
      return t === null ? null : new Date(t).toISOString();
    };
    expect(next('forex', '2026-11-28T12:00:00Z')).toBe('2026-11-29T22:00:00.000Z'); // Saturday → Sunday's open
    expect(next('forex', '2026-11-23T05:00:00Z')).toBe('2026-11-27T22:00:00.000Z'); // Monday → Friday's close
    expect(next('us-equity', '2026-11-23T05:00:00Z')).toBe('2026-11-23T13:30:00.000Z');
    expect(next('us-equity', '2026-11-23T13:29:30Z')).toBe('2026-11-23T13:30:00.000Z');
    expect(next('us-equity', '2026-11-23T13:30:00Z')).toBe('2026-11-23T20:00:00.000Z');
    expect(next('us-equity', '2026-11-27T20:00:00Z')).toBe('2026-11-30T13:30:00.000Z'); // Friday close → Monday
    expect(next('futures', '2026-11-24T21:00:00Z')).toBe('2026-11-24T22:00:00.000Z'); // into the pause
    expect(next('futures', '2026-11-24T22:15:00Z')).toBe('2026-11-24T23:00:00.000Z'); // out of it
    expect(next('metals', '2026-11-27T22:00:00Z')).toBe('2026-11-29T23:00:00.000Z'); // the weekend
    // The state flips exactly there, and not a minute before.
    const t = nextSessionChange('us-equity', at('2026-11-25T02:00:00Z'))!;
    expect(isTradingOpen('us-equity', t)).toBe(true);
    expect(isTradingOpen('us-equity', t - 1)).toBe(false);
  });
});
