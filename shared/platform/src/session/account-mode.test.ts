import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyFrame, createLiveBus } from '../live/live-bus.ts';
import { beginOwnSwitch, endOwnSwitch, followServerMode } from './account-mode.ts';
import { accountModeAtom, sessionStore } from './session-store.ts';

function options() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const notify = vi.fn();
  return { queryClient, invalidate, notify, translate: (key: string) => `t(${key})` };
}

afterEach(() => {
  endOwnSwitch();
  sessionStore.set(accountModeAtom, 'demo');
});

describe('following the server account mode', () => {
  it('a window on demo follows a switch to real: the session mode, every query read again, one notice naming the mode', () => {
    sessionStore.set(accountModeAtom, 'demo');
    const o = options();
    expect(followServerMode('real', o)).toBe(true);
    expect(sessionStore.get(accountModeAtom)).toBe('real');
    expect(o.invalidate).toHaveBeenCalledTimes(1);
    expect(o.notify).toHaveBeenCalledExactlyOnceWith('t(errors.modeChangedReal)');
    // Told again (another refusal, the frame): nothing more happens.
    expect(followServerMode('real', o)).toBe(false);
    expect(o.notify).toHaveBeenCalledTimes(1);
  });

  it("the window's own switch in flight is no news: its frame changes nothing and says nothing", () => {
    sessionStore.set(accountModeAtom, 'demo');
    const o = options();
    beginOwnSwitch('real');
    expect(followServerMode('real', o)).toBe(false);
    expect(sessionStore.get(accountModeAtom)).toBe('demo');
    expect(o.notify).not.toHaveBeenCalled();
    endOwnSwitch();
    expect(followServerMode('real', o)).toBe(true);
    expect(o.notify).toHaveBeenCalledExactlyOnceWith('t(errors.modeChangedReal)');
  });
});

describe('the live ACCOUNT_MODE frame', () => {
  it('reaches the bus as the mode the user switched to', () => {
    const bus = createLiveBus();
    const seen: string[] = [];
    bus.mode$.subscribe((mode) => seen.push(mode));
    applyFrame(bus, { type: 'ACCOUNT_MODE', mode: 'real' }, 'u1');
    applyFrame(bus, { type: 'ACCOUNT_MODE', mode: 'demo' }, 'u1');
    expect(seen).toEqual(['real', 'demo']);
  });
});
