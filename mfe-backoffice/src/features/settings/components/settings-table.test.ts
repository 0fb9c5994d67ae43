import { describe, expect, it } from 'vitest';
import { settingForm } from './settings-table.tsx';

const fee = { key: 'trading_fee_percent', value: '0.1' } as const;

/** The message key of the value's problem, if any. */
function problem(value: string): string | undefined {
  const parsed = settingForm(fee).safeParse({ value });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("a setting's edit form", () => {
  it("refuses a value outside the setting's rule and the same value", () => {
    expect(problem('150')).toBeTruthy();
    expect(problem(' 0.1 ')).toBe('backoffice:settings.unchanged');
  });

  it('parses to the value to send, trimmed', () => {
    expect(settingForm(fee).parse({ value: ' 0.2 ' })).toBe('0.2');
  });

  it('takes the invite reward in USDT places only (more would be refused by the ledger at every approval)', () => {
    const reward = { key: 'invite_reward_usdt', value: '10' } as const;
    const check = (value: string) => settingForm(reward).safeParse({ value });
    expect(check('12.123456').success).toBe(true);
    expect(check('12.1234567').error?.issues[0]?.message).toBe('validation.amountPlaces.USDT');
  });
});
