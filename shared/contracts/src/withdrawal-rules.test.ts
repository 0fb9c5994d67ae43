import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOf } from './currencies.ts';
import { money } from './money.ts';
import {
  WITHDRAWAL_MINIMUMS,
  chainOfNetwork,
  parseWithdrawalAuthorization,
  withdrawalAuthorizationMessage,
  withdrawalFigures,
  withdrawalNetworksOf,
} from './withdrawal-rules.ts';
import { withdrawalBody, withdrawalForm } from './withdrawals.ts';

// Every expected figure below is worked out by hand in the comment beside it, never by the code under test.

const issue = (body: Record<string, unknown>) => {
  const parsed = withdrawalForm.safeParse(body);
  return parsed.success ? null : { path: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
};
const base = {
  currency: 'USDT',
  method: 'wallet',
  network: 'TRC-20',
  address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  amount: '100',
  code: '123456',
};

describe('withdrawal rules (SPEC §5.5), the same on the client and the server', () => {
  it('the fee is the stated share cut down to the currency places, deducted from the amount', () => {
    // 100 USDT at 1 %: fee 1, received 99.
    expect(withdrawalFigures('100', '1', 'USDT')).toEqual({ fee: money('1'), received: money('99') });
    // 10.123457 USDT at 1 %: 0.10123457 → 6 places, down: 0.101234; received 10.022223.
    const usdt = withdrawalFigures('10.123457', '1', 'USDT');
    expect([usdt.fee.toFixed(), usdt.received.toFixed()]).toEqual(['0.101234', '10.022223']);
    // 0.01 ETH at 0.35 %: 0.000035 ETH; received 0.009965.
    const eth = withdrawalFigures('0.01', '0.35', 'ETH');
    expect([eth.fee.toFixed(), eth.received.toFixed()]).toEqual(['0.000035', '0.009965']);
    // No fee: the whole amount arrives.
    expect(withdrawalFigures('42', '0', 'USDT').received.toFixed()).toBe('42');
  });

  it('never charges more than the stated share, and fee + received is the amount (properties)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('USDT', 'ETH', 'BTC' as const),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 1000 }),
        (currency, units, basisPoints) => {
          const places = currencyOf(currency).places;
          const amount = money(units.toString()).dividedBy(money('10').pow(places)).toFixed();
          const percent = money(String(basisPoints)).dividedBy(100).toFixed();
          const { fee, received } = withdrawalFigures(amount, percent, currency);
          const exact = money(amount).times(percent).dividedBy(100);
          expect(fee.lte(exact)).toBe(true);
          expect(exact.minus(fee).lt(money('10').pow(-places))).toBe(true);
          expect(fee.plus(received).eq(amount)).toBe(true);
          expect(fee.decimalPlaces()).toBeLessThanOrEqual(places);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('each bound has its message key: minimum per currency, places, network of the currency, method, code', () => {
    expect(issue(base)).toBeNull();
    expect(issue({ ...base, amount: '9.999999' })).toEqual({ path: 'amount', message: 'validation.withdrawalMinimum.USDT' });
    expect(issue({ ...base, currency: 'ETH', network: 'Ethereum', amount: '0.009' })).toEqual({
      path: 'amount',
      message: 'validation.withdrawalMinimum.ETH',
    });
    expect(issue({ ...base, amount: '10.1234567' })?.message).toBe('validation.amountPlaces.USDT');
    expect(issue({ ...base, amount: '' })?.message).toBe('validation.enterWithdrawalAmount');
    expect(issue({ ...base, amount: 'ten' })?.message).toBe('validation.enterCorrectAmount');
    expect(issue({ ...base, network: 'Ethereum' })).toEqual({ path: 'network', message: 'validation.selectNetwork' });
    expect(issue({ ...base, network: 'Bitcoin' })).toEqual({ path: 'network', message: 'validation.selectNetwork' });
    expect(issue({ ...base, method: undefined })).toEqual({ path: 'method', message: 'validation.selectWithdrawalMethod' });
    expect(issue({ ...base, address: ' ' })).toEqual({ path: 'address', message: 'validation.enterAddress' });
    expect(issue({ ...base, code: '12345' })?.message).toBe('validation.codeFormat');
    // The request the API takes carries the fee the form showed.
    expect(withdrawalBody.safeParse({ ...base, fee: '1' }).success).toBe(true);
    expect(withdrawalBody.safeParse(base).success).toBe(false);
    expect(WITHDRAWAL_MINIMUMS).toEqual({ USDT: '10', BTC: '0.001', ETH: '0.01' });
  });

  it('networks: USDT leaves on TRC-20 or ERC-20, ETH on Ethereum, BTC on none a browser wallet signs for', () => {
    expect(withdrawalNetworksOf('USDT')).toEqual(['TRC-20', 'ERC-20']);
    expect(withdrawalNetworksOf('ETH')).toEqual(['Ethereum']);
    expect(withdrawalNetworksOf('BTC')).toEqual([]);
    expect(['TRC-20', 'ERC-20', 'Ethereum'].map((n) => chainOfNetwork(n as 'TRC-20'))).toEqual(['tron', 'ethereum', 'ethereum']);
  });

  it('the authorization message names platform, account, address, network, nonce and time, and reads back to the letter', () => {
    const fields = {
      domain: 'meridian.example',
      uri: 'https://meridian.example',
      chain: 'ethereum' as const,
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      accountId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
      nonce: 'abcdef0123456789abcdef01',
      issuedAt: '2026-11-28T06:00:00.000Z',
    };
    const message = withdrawalAuthorizationMessage(fields);
    expect(message).toContain('Platform: Meridian');
    expect(message).toContain(`Account ID: ${fields.accountId}`);
    expect(message).toContain('Network: Ethereum mainnet');
    expect(message).toContain('grants no token allowance');
    expect(parseWithdrawalAuthorization(message)).toEqual(fields);
    // One changed character and it is not ours.
    expect(parseWithdrawalAuthorization(message.replace('Platform: Meridian', 'Platform: Merid1an'))).toBeNull();
    expect(parseWithdrawalAuthorization(`${message}\n`)).toBeNull();
  });
});
