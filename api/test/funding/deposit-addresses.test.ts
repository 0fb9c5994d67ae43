import { describe, expect, it } from 'vitest';
import { DEPOSIT_ENV, depositAddressesFromEnv, isDepositAddress } from '../../src/funding/deposit-addresses.ts';

const payout = { ethereum: '0x52908400098527886E0F7030069857D2E4169EE7', tron: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', development: false };

/** The platform's deposit addresses: each network's own format and checksum, from the start's configuration. */
describe('deposit addresses', () => {
  it("takes an address of the network's own format with a valid checksum, and nothing else", () => {
    // BIP 173 / BIP 350 and base58check examples.
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ])
      expect(isDepositAddress('Bitcoin', address), address).toBe(true);
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // checksum
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // test network
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyU', // checksum
      payout.ethereum,
    ])
      expect(isDepositAddress('Bitcoin', address), address).toBe(false);
    expect(isDepositAddress('ERC-20', payout.ethereum)).toBe(true);
    expect(isDepositAddress('Ethereum', '0x52908400098527886E0F7030069857D2E4169Ee7')).toBe(false); // mixed-case checksum
    expect(isDepositAddress('TRC-20', payout.tron)).toBe(true);
    expect(isDepositAddress('TRC-20', payout.ethereum)).toBe(false);
  });

  it('a configured start offers the payout wallets for Ethereum and Tron, and Bitcoin only when it is set', () => {
    const configured = depositAddressesFromEnv({}, payout);
    expect(configured.development).toBe(false);
    expect(JSON.parse(configured.value)).toEqual({ 'TRC-20': payout.tron, 'ERC-20': payout.ethereum, Ethereum: payout.ethereum });
    const withBitcoin = depositAddressesFromEnv({ [DEPOSIT_ENV.bitcoin]: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' }, payout);
    expect(JSON.parse(withBitcoin.value).Bitcoin).toBe('1BoatSLRHtKNngkdXEeobR76b53LETtpyT');
    expect(() => depositAddressesFromEnv({ [DEPOSIT_ENV.bitcoin]: 'bc1qnotanaddress' }, payout)).toThrow(/not a Bitcoin address/);
    const development = depositAddressesFromEnv({}, { ...payout, development: true });
    expect(development.development).toBe(true);
    expect(JSON.parse(development.value).Bitcoin).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
  });
});
