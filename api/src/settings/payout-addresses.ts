import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDNodeWallet, Mnemonic, Wallet, computeAddress, getAddress, isAddress, toBeHex, zeroPadValue } from 'ethers';
import { TronWeb } from 'tronweb';
import { DEV_MNEMONIC_ACCOUNTS, SMALL_KEY_ACCOUNTS } from './known-key-accounts.ts';

/**
 * The platform's payout wallets (the `auth_address` setting, SPEC §5.6): one address per network.
 * `development` marks addresses made up for a development data folder, whose key nobody kept.
 */
export interface PayoutAddresses {
  ethereum: string;
  tron: string;
  development: boolean;
}

export const PAYOUT_ENV = { ethereum: 'MERIDIAN_PAYOUT_ADDRESS_ETH', tron: 'MERIDIAN_PAYOUT_ADDRESS_TRON' } as const;
export type PayoutNetwork = keyof typeof PAYOUT_ENV;

/** The settings row that remembers the development addresses seeded (not a `getParamByKey` setting of SPEC §5.9). */
export const DEV_PAYOUT_KEY = 'auth_address_development';

/** The file in the data folder holding a development start's made-up addresses (never a key). */
export const DEV_PAYOUT_FILE = 'payout-addresses.dev.json';

/** How many small-integer private keys (1..N) are refused: their addresses are on every "weak keys" list. */
export const SMALL_KEYS = 256;

/** Public development mnemonics whose first accounts every tutorial and test chain funds. */
const DEV_MNEMONICS: { name: string; phrase: string; accounts: number }[] = [
  { name: 'Hardhat/Anvil default account', phrase: 'test test test test test test test test test test test junk', accounts: 20 },
  {
    name: 'Ganache deterministic account',
    phrase: 'myth like bonus scare over problem client lizard pioneer submit female collect',
    accounts: 10,
  },
  { name: 'Truffle develop account', phrase: 'candy maple cake sugar pudding cream honey rich smooth crumble sweet treat', accounts: 10 },
];

/** Addresses printed in public documentation and examples: someone else's wallet, never ours. */
const SAMPLE_ADDRESSES: { name: string; tron?: string; ethereum?: string }[] = [
  // The earlier built-in Tron default of this project, copied from public examples.
  { name: "a sample address copied from public examples (someone else's wallet)", tron: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
  { name: 'the zero address, which nobody can pay out from', ethereum: '0x0000000000000000000000000000000000000000' },
];

/** The 20-byte account (lowercase hex, no prefix) an address of either network names, or null when it is none. */
function accountOf(network: PayoutNetwork, address: string): string | null {
  if (network === 'ethereum') return isAddress(address) ? getAddress(address).slice(2).toLowerCase() : null;
  if (!TronWeb.isAddress(address) || !address.startsWith('T')) return null;
  return TronWeb.address.toHex(address).slice(2).toLowerCase();
}

const describeSmallKey = (key: number) => `the address of private key ${key}, which anyone can spend from`;
const describeDevAccount = (name: string, i: number) => `the ${name} #${i}, whose private key is public`;

/** The sample addresses' accounts (no curve arithmetic: an address names its account). */
function sampleAccounts(known: Map<string, string>): void {
  for (const sample of SAMPLE_ADDRESSES) {
    const account = sample.tron ? accountOf('tron', sample.tron) : accountOf('ethereum', sample.ethereum!);
    if (account) known.set(account, sample.name);
  }
}

/**
 * The known-key list derived from the keys and mnemonics themselves (about 1.5 s of elliptic-curve
 * arithmetic): what the precomputed list in known-key-accounts.ts must equal (the test checks).
 */
export function computeKnownKeyAccounts(): Map<string, string> {
  const known = new Map<string, string>();
  for (let key = 1; key <= SMALL_KEYS; key++) {
    known.set(
      computeAddress(zeroPadValue(toBeHex(key), 32))
        .slice(2)
        .toLowerCase(),
      describeSmallKey(key),
    );
  }
  for (const { name, phrase, accounts } of DEV_MNEMONICS) {
    const root = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(phrase), "m/44'/60'/0'/0");
    for (let i = 0; i < accounts; i++) known.set(root.deriveChild(i).address.slice(2).toLowerCase(), describeDevAccount(name, i));
  }
  sampleAccounts(known);
  return known;
}

let knownAccounts: Map<string, string> | null = null;

/**
 * Every account whose private key is public (20-byte hex → what it is): keys 1..SMALL_KEYS, the default
 * accounts of the development chains, and sample addresses. Tron addresses of the same keys are the same
 * 20 bytes, so one list covers both networks. Read from the precomputed list (known-key-accounts.ts).
 */
export function knownKeyAccounts(): ReadonlyMap<string, string> {
  if (knownAccounts) return knownAccounts;
  const known = new Map<string, string>();
  SMALL_KEY_ACCOUNTS.forEach((account, i) => known.set(account, describeSmallKey(i + 1)));
  for (const [name, accounts] of Object.entries(DEV_MNEMONIC_ACCOUNTS)) {
    accounts.forEach((account, i) => known.set(account, describeDevAccount(name, i)));
  }
  sampleAccounts(known);
  knownAccounts = known;
  return known;
}

/** What is wrong with an address as a payout wallet of a network (null: nothing). */
export function payoutAddressProblem(network: PayoutNetwork, address: string): string | null {
  const account = accountOf(network, address);
  if (!account) return `${address} is not a valid ${network === 'ethereum' ? 'Ethereum' : 'Tron'} address`;
  const known = knownKeyAccounts().get(account);
  return known ? `${address} is ${known}` : null;
}

/** A payout configuration that must not start (the message names the variables to set). */
export class PayoutAddressError extends Error {
  override readonly name = 'PayoutAddressError';
}

function normalise(network: PayoutNetwork, address: string): string {
  return network === 'ethereum' ? getAddress(address) : address;
}

/** Addresses of a key made up now and thrown away: nothing can be paid out of them, and nobody can spend what reaches them. */
function throwawayAddresses(): { ethereum: string; tron: string } {
  const ethereum = Wallet.createRandom().address;
  return { ethereum, tron: TronWeb.address.fromHex(`41${ethereum.slice(2)}`) };
}

/**
 * The development addresses of a data folder: made once from a random key that is dropped at once, and
 * only the addresses kept (in DEV_PAYOUT_FILE), so a restart of the same folder shows the same ones.
 */
function developmentAddresses(dataDir: string | undefined): { ethereum: string; tron: string } {
  if (!dataDir) return throwawayAddresses();
  const file = join(dataDir, DEV_PAYOUT_FILE);
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { ethereum?: unknown; tron?: unknown };
      if (
        typeof saved.ethereum === 'string' &&
        typeof saved.tron === 'string' &&
        !payoutAddressProblem('ethereum', saved.ethereum) &&
        !payoutAddressProblem('tron', saved.tron)
      )
        return { ethereum: saved.ethereum, tron: saved.tron };
    } catch {
      // An unreadable file is replaced below.
    }
  }
  const made = throwawayAddresses();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ ...made, note: 'Development payout addresses: their key was never stored. Not a real payout wallet.' }, null, 2)}\n`,
  );
  return made;
}

/**
 * The payout wallets a start uses, the one check every start path runs. In production
 * (`NODE_ENV=production`) both MERIDIAN_PAYOUT_ADDRESS_ETH and MERIDIAN_PAYOUT_ADDRESS_TRON must be set;
 * any address set (in any mode) must be valid and not one whose key is public. Otherwise a development
 * start uses the data folder's development addresses for what is not set. Throws PayoutAddressError.
 */
export function payoutAddressesFromEnv(env: NodeJS.ProcessEnv, options: { dataDir?: string } = {}): PayoutAddresses {
  const production = env.NODE_ENV === 'production';
  const set = {
    ethereum: env[PAYOUT_ENV.ethereum]?.trim() || undefined,
    tron: env[PAYOUT_ENV.tron]?.trim() || undefined,
  };
  if (production && (!set.ethereum || !set.tron)) {
    const missing = (Object.keys(PAYOUT_ENV) as PayoutNetwork[]).filter((n) => !set[n]).map((n) => PAYOUT_ENV[n]);
    throw new PayoutAddressError(
      `Payout wallets are not configured: set both ${PAYOUT_ENV.ethereum} and ${PAYOUT_ENV.tron} to the platform's own ` +
        `Ethereum and Tron payout addresses (missing: ${missing.join(', ')}). A production site does not start without them.`,
    );
  }
  const problems = (Object.keys(PAYOUT_ENV) as PayoutNetwork[]).flatMap((network) => {
    const address = set[network];
    const problem = address ? payoutAddressProblem(network, address) : null;
    return problem ? [`${PAYOUT_ENV[network]}: ${problem}.`] : [];
  });
  if (problems.length > 0) {
    throw new PayoutAddressError(`Payout wallet refused. ${problems.join(' ')} Set the platform's own payout addresses.`);
  }
  if (set.ethereum && set.tron) {
    return { ethereum: normalise('ethereum', set.ethereum), tron: normalise('tron', set.tron), development: false };
  }
  const dev = developmentAddresses(options.dataDir);
  return {
    ethereum: set.ethereum ? normalise('ethereum', set.ethereum) : dev.ethereum,
    tron: set.tron ? normalise('tron', set.tron) : dev.tron,
    development: true,
  };
}

/** The `auth_address` setting's value for these wallets. */
export const authAddressValue = (payout: Pick<PayoutAddresses, 'ethereum' | 'tron'>): string =>
  JSON.stringify({ ethereum: payout.ethereum, tron: payout.tron });

/** The problems of an `auth_address` value's known networks (an operator's edit): null when none. */
export function authAddressProblem(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'not an address map';
  for (const [network, address] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof address !== 'string') return `${network}: not an address`;
    if (network === 'ethereum' || network === 'tron') {
      const problem = payoutAddressProblem(network, address);
      if (problem) return `${network}: ${problem}`;
    }
  }
  return null;
}

/** True when an `auth_address` value names an account whose key is public (an earlier default, say). */
export function namesKnownKey(value: string): boolean {
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return Object.entries(parsed).some(([network, address]) => {
      if (typeof address !== 'string' || (network !== 'ethereum' && network !== 'tron')) return false;
      const account = accountOf(network, address);
      return account !== null && knownKeyAccounts().has(account);
    });
  } catch {
    return false;
  }
}
