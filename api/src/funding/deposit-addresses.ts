import { randomBytes } from 'node:crypto';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { getAddress, isAddress, sha256 } from 'ethers';
import { TronWeb } from 'tronweb';
import { eq } from 'drizzle-orm';
import { FUNDING_NETWORKS, FUNDING_NETWORK_NAMES } from '@meridian/contracts';
import type { FundingNetwork } from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { settings } from '../db/schema.ts';
import type { PayoutAddresses } from '../settings/payout-addresses.ts';
import type { SettingsCache } from '../settings/settings-cache.ts';

/** The setting of the platform's deposit address per network (a JSON map network → address). */
const DEPOSIT_ADDRESS_KEY = 'deposit_address';
/** The settings row remembering the development addresses seeded (not a `getParamByKey` setting). */
export const DEV_DEPOSIT_KEY = 'deposit_address_development';

/** The environment variables of the platform's deposit wallets (the payout wallets' when unset). */
export const DEPOSIT_ENV = {
  ethereum: 'MERIDIAN_DEPOSIT_ADDRESS_ETH',
  tron: 'MERIDIAN_DEPOSIT_ADDRESS_TRON',
  bitcoin: 'MERIDIAN_DEPOSIT_ADDRESS_BTC',
} as const;

// One SHA-256 (the coder applies it twice, as Bitcoin's checksum does).
const base58check = createBase58check((data: Uint8Array) => Uint8Array.from(Buffer.from(sha256(data).slice(2), 'hex')));

/** A Bitcoin main-network address: bech32 (v0) or bech32m (v1+) `bc1…`, or base58check `1…` / `3…`. */
function isBitcoinAddress(address: string): boolean {
  try {
    if (/^bc1/i.test(address)) {
      const lower = address.toLowerCase();
      const v0 = /^bc1q/.test(lower);
      const decoded = (v0 ? bech32 : bech32m).decode(lower as `${string}1${string}`, 90);
      const program = (v0 ? bech32 : bech32m).fromWords(decoded.words.slice(1));
      return decoded.prefix === 'bc' && (v0 ? program.length === 20 || program.length === 32 : program.length === 32);
    }
    const payload = base58check.decode(address);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

/** Whether an address is one of the network's (checksums checked), as a deposit address. */
export function isDepositAddress(network: FundingNetwork, address: string): boolean {
  const chain = FUNDING_NETWORKS[network].chain;
  if (chain === 'ethereum') return isAddress(address) && address.startsWith('0x');
  if (chain === 'tron') return address.startsWith('T') && TronWeb.isAddress(address);
  return isBitcoinAddress(address);
}

/** The deposit addresses of a stored setting value: the valid entries of known networks. */
function depositAddressesOf(value: string | undefined): Partial<Record<FundingNetwork, string>> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const found: Partial<Record<FundingNetwork, string>> = {};
    for (const network of FUNDING_NETWORK_NAMES) {
      const address = parsed[network];
      if (typeof address === 'string' && isDepositAddress(network, address)) found[network] = address;
    }
    return found;
  } catch {
    return {};
  }
}

/** The platform's deposit address of a network, or null while there is none (that network takes no deposits). */
export async function depositAddressOf(cache: SettingsCache, network: FundingNetwork, tx?: Transaction): Promise<string | null> {
  return depositAddressesOf(await cache.get(DEPOSIT_ADDRESS_KEY, tx))[network] ?? null;
}

/** A Bitcoin address of 20 random bytes (P2WPKH): nobody holds its key, so nothing sent there can be spent. */
function throwawayBitcoin(): string {
  return bech32.encode('bc', [0, ...bech32.toWords(randomBytes(20))]);
}

/**
 * The deposit addresses a start offers: the environment's (MERIDIAN_DEPOSIT_ADDRESS_ETH, _TRON, _BTC),
 * else the payout wallets' for Ethereum and Tron; Bitcoin only when set, or made up in development.
 * `development` when any of them is made up (the deposit page says so in large letters).
 */
export function depositAddressesFromEnv(env: NodeJS.ProcessEnv, payout: PayoutAddresses): { value: string; development: boolean } {
  const ethereum = env[DEPOSIT_ENV.ethereum]?.trim() || payout.ethereum;
  const tron = env[DEPOSIT_ENV.tron]?.trim() || payout.tron;
  const bitcoin = env[DEPOSIT_ENV.bitcoin]?.trim() || (payout.development ? throwawayBitcoin() : undefined);
  const map: Partial<Record<FundingNetwork, string>> = {
    'TRC-20': tron,
    'ERC-20': isAddress(ethereum) ? getAddress(ethereum) : ethereum,
    Ethereum: isAddress(ethereum) ? getAddress(ethereum) : ethereum,
    ...(bitcoin ? { Bitcoin: bitcoin } : {}),
  };
  for (const [network, address] of Object.entries(map) as [FundingNetwork, string][]) {
    if (!isDepositAddress(network, address)) throw new Error(`deposit address refused: ${address} is not a ${network} address`);
  }
  const development = payout.development || (!env[DEPOSIT_ENV.bitcoin] && Boolean(bitcoin));
  return { value: JSON.stringify(map), development };
}

/**
 * The `deposit_address` setting. A configured start (payout wallets or deposit addresses in the
 * environment) writes the configured addresses; a development start writes made-up ones the first time
 * and keeps them on later starts of the same data (a stored configured value is never replaced by
 * made-up ones).
 */
export async function seedDepositAddresses(db: Database, env: NodeJS.ProcessEnv, payout: PayoutAddresses): Promise<void> {
  const configured = !payout.development || Object.values(DEPOSIT_ENV).some((name) => env[name]?.trim());
  await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(settings).where(eq(settings.key, DEPOSIT_ADDRESS_KEY)).for('update');
    if (stored && !configured) return;
    const made = depositAddressesFromEnv(env, payout);
    if (stored?.value !== made.value)
      await tx
        .insert(settings)
        .values({ key: DEPOSIT_ADDRESS_KEY, value: made.value })
        .onConflictDoUpdate({ target: settings.key, set: { value: made.value, updatedAt: new Date() } });
    if (made.development)
      await tx
        .insert(settings)
        .values({ key: DEV_DEPOSIT_KEY, value: made.value })
        .onConflictDoUpdate({ target: settings.key, set: { value: made.value } });
    else await tx.delete(settings).where(eq(settings.key, DEV_DEPOSIT_KEY));
  });
}

/** Whether the stored deposit addresses are a development start's (made up, nobody holds their keys). */
export async function depositAddressesAreDevelopment(cache: SettingsCache): Promise<boolean> {
  const [value, dev] = await Promise.all([cache.get(DEPOSIT_ADDRESS_KEY), cache.get(DEV_DEPOSIT_KEY)]);
  return Boolean(value && dev && value === dev);
}

/** What is wrong with a `deposit_address` value (an operator's edit): an unknown network or an address that fails its checksum; null when nothing. */
export function depositAddressProblem(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not an address map';
  for (const [network, address] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(FUNDING_NETWORK_NAMES as readonly string[]).includes(network)) return `${network}: not a funding network`;
    if (typeof address !== 'string' || !isDepositAddress(network as FundingNetwork, address)) return `${network}: not a valid address`;
  }
  return null;
}
