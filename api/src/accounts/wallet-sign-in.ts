import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getAddress } from 'ethers';
import { SiweMessage } from 'siwe';
import { Trx } from 'tronweb';
import { ACCOUNT_CODES, WALLET_RULES, parseTronSignInMessage } from '@meridian/contracts';
import type { LanguageCode, WalletChain, WalletNonceResult } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { walletNonces } from '../db/schema.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { walletStatement } from './account-texts.ts';

/** What a verified message says: who signed it, and the server nonce it carries. */
interface SignedBy {
  address: string;
  nonce: string;
}

/** A wallet sign-in as the client sends it. */
interface WalletSignIn {
  chain: WalletChain;
  address: string;
  message: string;
  signature: string;
}

const badSignature = () => new ApiFailure(ACCOUNT_CODES.walletSignatureBad, 'the wallet signature could not be verified');

/**
 * EIP-4361: the message must name this site (domain and URI) and be signed by the address it names.
 * siwe checks the signature with ethers (an externally owned account; no chain is asked).
 */
async function verifyEthereum(message: string, signature: string, site: URL): Promise<SignedBy> {
  let parsed: SiweMessage;
  try {
    parsed = new SiweMessage(message);
  } catch {
    throw badSignature();
  }
  // The scheme is optional in EIP-4361; when the message names one it must be the site's.
  if (!URL.canParse(parsed.uri) || new URL(parsed.uri).origin !== site.origin || (parsed.scheme && `${parsed.scheme}:` !== site.protocol)) {
    throw badSignature();
  }
  const outcome = await parsed.verify({ signature, domain: site.host }, { suppressExceptions: true });
  if (!outcome.success) throw badSignature();
  return { address: getAddress(parsed.address), nonce: parsed.nonce };
}

/** signMessageV2: the message must be ours to the letter, and the recovered address the one it names. */
function verifyTron(message: string, signature: string, site: URL): SignedBy {
  const fields = parseTronSignInMessage(message);
  if (!fields || fields.domain !== site.host || fields.uri !== site.origin) throw badSignature();
  let signer: string;
  try {
    signer = Trx.verifyMessageV2(message, signature);
  } catch {
    throw badSignature();
  }
  if (signer !== fields.address) throw badSignature();
  return { address: signer, nonce: fields.nonce };
}

/** Spends a nonce: it must be ours, for this chain, unused and unexpired. Exactly one caller wins. */
async function spendNonce(db: Database, chain: WalletChain, nonce: string): Promise<void> {
  const spent = await db
    .update(walletNonces)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(walletNonces.nonce, nonce),
        eq(walletNonces.chain, chain),
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, new Date()),
      ),
    )
    .returning();
  if (spent.length === 0) throw new ApiFailure(ACCOUNT_CODES.walletRequestSpent, 'the sign-in request expired or was already used');
}

/** A single-use nonce for a sign-in on this chain, with the fields the message must carry for this site. */
export async function issueWalletNonce(db: Database, site: URL, chain: WalletChain, language: LanguageCode): Promise<WalletNonceResult> {
  // Alphanumeric, as EIP-4361 wants: 24 random bytes in hex.
  const nonce = randomBytes(24).toString('hex');
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + WALLET_RULES.nonceTtlSeconds * 1000);
  await db.insert(walletNonces).values({ nonce, chain, expiresAt });
  return {
    nonce,
    issuedAt: issuedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    domain: site.host,
    uri: site.origin,
    statement: walletStatement(language),
  };
}

/**
 * Verifies a signed sign-in message — EIP-4361 on Ethereum, the same lines through signMessageV2 on
 * Tron — offline, for the address the client claims, and spends its nonce: the address that signed.
 */
export async function verifyWalletSignIn(db: Database, site: URL, { chain, address, message, signature }: WalletSignIn): Promise<string> {
  const signed = chain === 'ethereum' ? await verifyEthereum(message, signature, site) : verifyTron(message, signature, site);
  const claimed = chain === 'ethereum' ? address.toLowerCase() === signed.address.toLowerCase() : address === signed.address;
  if (!claimed) throw badSignature();
  await spendNonce(db, chain, signed.nonce);
  return signed.address;
}
