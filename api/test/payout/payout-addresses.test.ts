import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDNodeWallet, Mnemonic, Wallet, computeAddress, toBeHex, zeroPadValue } from 'ethers';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import {
  DEV_PAYOUT_FILE,
  PayoutAddressError,
  SMALL_KEYS,
  computeKnownKeyAccounts,
  knownKeyAccounts,
  payoutAddressProblem,
  payoutAddressesFromEnv,
} from '../../src/settings/payout-addresses.ts';

const ethOfKey = (key: number) => computeAddress(zeroPadValue(toBeHex(key), 32));
const tronOf = (eth: string) => TronWeb.address.fromHex(`41${eth.slice(2)}`);
const hardhat = (i: number) =>
  HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase('test test test test test test test test test test test junk'), `m/44'/60'/0'/0/${i}`)
    .address;
/** A fresh wallet's addresses (its key is dropped here: valid, unknown addresses). */
const fresh = () => {
  const ethereum = Wallet.createRandom().address;
  return { ethereum, tron: tronOf(ethereum) };
};
const tempDir = () => mkdtempSync(join(tmpdir(), 'meridian-payout-'));

/** Every file under a folder, with its text. */
function filesOf(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [{ path, text: readFileSync(path, 'utf8') }];
  });
}

describe('payout addresses: the known-key list', () => {
  it('holds the addresses of private keys 1..256, the development chains\u2019 default accounts and the earlier built-in defaults', () => {
    const known = knownKeyAccounts();
    expect(SMALL_KEYS).toBe(256);
    // The earlier default ETH payout address is the address of private key 2.
    expect(ethOfKey(2)).toBe('0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF');
    for (const key of [1, 2, 3, 100, 256])
      expect(known.get(ethOfKey(key).slice(2).toLowerCase()), `key ${key}`).toMatch(`private key ${key},`);
    expect(known.has(ethOfKey(257).slice(2).toLowerCase())).toBe(false);
    // Hardhat/Anvil: the 20 accounts of "test test … junk" (account 0 is the famous 0xf39F…).
    expect(hardhat(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    for (let i = 0; i < 20; i++) expect(known.get(hardhat(i).slice(2).toLowerCase())).toMatch('Hardhat/Anvil');
    // Ganache's deterministic account 0.
    expect(known.get('90f8bf6a479f320ead074411a4b0e7944ea8c9c1')).toMatch('Ganache');
    expect(known.size).toBeGreaterThanOrEqual(256 + 20 + 10 + 10);
  });

  it('the precomputed list is exactly what the keys and mnemonics derive to', () => {
    expect(new Map(knownKeyAccounts())).toEqual(computeKnownKeyAccounts());
  });

  it('refuses known-key addresses by name on both networks, and malformed ones', () => {
    expect(payoutAddressProblem('ethereum', '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF')).toMatch(
      /private key 2, which anyone can spend from/,
    );
    // Lowercase (no checksum) is the same account.
    expect(payoutAddressProblem('ethereum', ethOfKey(7).toLowerCase())).toMatch(/private key 7,/);
    // Tron addresses of the same keys: key 1 is TMVQGm1q…, Hardhat #0 in Tron form.
    expect(tronOf(ethOfKey(1))).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    expect(payoutAddressProblem('tron', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toMatch(/private key 1,/);
    expect(payoutAddressProblem('tron', tronOf(hardhat(5)))).toMatch(/Hardhat\/Anvil default account #5/);
    // The earlier built-in Tron default, a sample address from public examples.
    expect(payoutAddressProblem('tron', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toMatch(/sample address/);
    expect(payoutAddressProblem('ethereum', '0x0000000000000000000000000000000000000000')).toMatch(/zero address/);
    // Format: a wrong checksum, a Tron address on Ethereum and the other way round, garbage.
    expect(payoutAddressProblem('ethereum', '0x2b5AD5c4795c026514f8317c7a215E218DcCD6cF')).toMatch(/not a valid Ethereum address/);
    expect(payoutAddressProblem('ethereum', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toMatch(/not a valid Ethereum address/);
    expect(payoutAddressProblem('tron', ethOfKey(300))).toMatch(/not a valid Tron address/);
    expect(payoutAddressProblem('tron', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HX')).toMatch(/not a valid Tron address/);
    const own = fresh();
    expect(payoutAddressProblem('ethereum', own.ethereum)).toBeNull();
    expect(payoutAddressProblem('tron', own.tron)).toBeNull();
  });
});

describe('payout addresses: the start check', () => {
  const prod = (extra: Record<string, string>) => ({ NODE_ENV: 'production', ...extra });

  it('production without both addresses fails, naming both variables', () => {
    for (const env of [
      prod({}),
      prod({ MERIDIAN_PAYOUT_ADDRESS_ETH: fresh().ethereum }),
      prod({ MERIDIAN_PAYOUT_ADDRESS_TRON: fresh().tron }),
    ]) {
      const run = () => payoutAddressesFromEnv(env, { dataDir: tempDir() });
      expect(run).toThrow(PayoutAddressError);
      expect(run).toThrow(/MERIDIAN_PAYOUT_ADDRESS_ETH and MERIDIAN_PAYOUT_ADDRESS_TRON/);
    }
  });

  it('refuses a configured known-key address by name, in production and in development', () => {
    const own = fresh();
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        payoutAddressesFromEnv({ NODE_ENV, MERIDIAN_PAYOUT_ADDRESS_ETH: ethOfKey(2), MERIDIAN_PAYOUT_ADDRESS_TRON: own.tron }),
      ).toThrow(/MERIDIAN_PAYOUT_ADDRESS_ETH: 0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF is the address of private key 2/);
      expect(() =>
        payoutAddressesFromEnv({ NODE_ENV, MERIDIAN_PAYOUT_ADDRESS_ETH: own.ethereum, MERIDIAN_PAYOUT_ADDRESS_TRON: tronOf(hardhat(0)) }),
      ).toThrow(/MERIDIAN_PAYOUT_ADDRESS_TRON: .* Hardhat\/Anvil default account #0/);
      expect(() =>
        payoutAddressesFromEnv({ NODE_ENV, MERIDIAN_PAYOUT_ADDRESS_ETH: 'not-an-address', MERIDIAN_PAYOUT_ADDRESS_TRON: own.tron }),
      ).toThrow(/MERIDIAN_PAYOUT_ADDRESS_ETH: not-an-address is not a valid Ethereum address/);
    }
  });

  it('production with the platform\u2019s own valid addresses passes (checksummed), marked not development', () => {
    const own = fresh();
    const dataDir = tempDir();
    expect(
      payoutAddressesFromEnv(
        prod({ MERIDIAN_PAYOUT_ADDRESS_ETH: ` ${own.ethereum.toLowerCase()} `, MERIDIAN_PAYOUT_ADDRESS_TRON: own.tron }),
        {
          dataDir,
        },
      ),
    ).toEqual({ ...own, development: false });
    // Nothing is made up for a configured start.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('development makes addresses once per data folder: the same after a restart, others for another folder, no key on disk', () => {
    const first = tempDir();
    const second = tempDir();
    const a = payoutAddressesFromEnv({ NODE_ENV: 'development' }, { dataDir: first });
    const again = payoutAddressesFromEnv({}, { dataDir: first });
    const b = payoutAddressesFromEnv({ NODE_ENV: 'test' }, { dataDir: second });
    expect(a.development).toBe(true);
    expect(again).toEqual(a);
    expect(b.ethereum).not.toBe(a.ethereum);
    expect(b.tron).not.toBe(a.tron);
    for (const made of [a, b]) {
      expect(payoutAddressProblem('ethereum', made.ethereum)).toBeNull();
      expect(payoutAddressProblem('tron', made.tron)).toBeNull();
      // Both networks' addresses are of one (discarded) key.
      expect(tronOf(made.ethereum)).toBe(made.tron);
    }
    // Only the addresses are kept: no 32-byte secret anywhere in the folder.
    const files = filesOf(first);
    expect(files.map((f) => f.path)).toEqual([join(first, DEV_PAYOUT_FILE)]);
    const saved = JSON.parse(files[0]!.text) as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual(['ethereum', 'note', 'tron']);
    expect(saved).toMatchObject({ ethereum: a.ethereum, tron: a.tron });
    expect(files[0]!.text).not.toMatch(/[0-9a-fA-F]{64}/);
    expect(files[0]!.text).not.toMatch(/privateKey|mnemonic|phrase/i);
  });

  it('development keeps one configured address and makes up only the other', () => {
    const own = fresh();
    const made = payoutAddressesFromEnv({ MERIDIAN_PAYOUT_ADDRESS_ETH: own.ethereum }, { dataDir: tempDir() });
    expect(made.ethereum).toBe(own.ethereum);
    expect(made.tron).not.toBe(own.tron);
    expect(made.development).toBe(true);
  });
});
