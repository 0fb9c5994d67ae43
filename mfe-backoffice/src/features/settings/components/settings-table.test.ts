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

  it('takes deposit addresses as a map of funding networks to addresses of their chains, sent in one plain form', () => {
    const deposit = { key: 'deposit_address', value: '{}' } as const;
    const check = (value: string) => settingForm(deposit).safeParse({ value });
    const good = '{ "TRC-20": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "Bitcoin": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }';
    expect(check(good).data).toBe('{"TRC-20":"TJRabPrwbZy45sbavfcjinPJC18kjpRTv8","Bitcoin":"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}');
    for (const bad of ['{}', '[]', 'nope', '{"TRC-20":"0x52908400098527886E0F7030069857D2E4169EE7"}', '{"Dogecoin":"D8x"}'])
      expect(check(bad).error?.issues[0]?.message, bad).toBe('validation.depositAddressInvalid');
  });
});
