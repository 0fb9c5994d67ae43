import { afterEach, describe, expect, it } from 'vitest';
import { accountModeAtom, sessionStore, toast$ } from '@meridian/platform';
import type { Toast } from '@meridian/platform';
import { followAccountMode, toast } from './account-mode.ts';

function collect(): { shown: Toast[]; stop: () => void } {
  const shown: Toast[] = [];
  const sub = toast$.subscribe((t) => shown.push(t));
  return { shown, stop: () => sub.unsubscribe() };
}

afterEach(() => sessionStore.set(accountModeAtom, 'demo'));

describe("the shell following the server's account mode", () => {
  it('a refused order: the mode follows, the notice is shown once although the order form reports the same message', () => {
    sessionStore.set(accountModeAtom, 'demo');
    const { shown, stop } = collect();
    followAccountMode('real');
    expect(sessionStore.get(accountModeAtom)).toBe('real');
    expect(shown).toHaveLength(1);
    const notice = shown[0]!.text;
    // The order form's own failure toast names the same mode: not shown a second time.
    toast(notice, 'error');
    expect(shown).toHaveLength(1);
    // Any other message still is.
    toast('Insufficient balance. Deposit or release margin first.', 'error');
    expect(shown.map((t) => t.text)).toEqual([notice, 'Insufficient balance. Deposit or release margin first.']);
    // Told again that the mode is real: nothing new.
    followAccountMode('real');
    expect(shown).toHaveLength(2);
    stop();
  });
});
