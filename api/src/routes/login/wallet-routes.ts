import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getAddress } from 'ethers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiweMessage } from 'siwe';
import { Trx } from 'tronweb';
import { ACCOUNT_CODES, WALLET_RULES, parseTronSignInMessage } from '@meridian/contracts';
import type { WalletChain } from '@meridian/contracts';
import { envelope, loginByWalletBody, sessionResult, walletNonceQuery, walletNonceResult } from '@meridian/contracts/schemas';
import { walletStatement } from '../../accounts/account-texts.ts';
import type { AccountsContext } from '../../accounts/context.ts';
import { ipLimit } from '../../accounts/limits.ts';
import { signIn } from '../../accounts/sign-in.ts';
import { findOrCreateWalletUser } from '../../accounts/users.ts';
import type { Database } from '../../db/database.ts';
import { walletNonces } from '../../db/schema.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';

/** What a verified message says: who signed it, and the server nonce it carries. */
interface SignedBy {
  address: string;
  nonce: string;
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

/**
 * Wallet login (issue 4 §6): a single-use nonce, then a readable message signed by the wallet —
 * EIP-4361 on Ethereum, the same lines through signMessageV2 on Tron — verified here, offline.
 * The first sign-in of an address makes its account.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const { db, limits, limitScale } = ctx;
  const site = new URL(ctx.siteOrigin);

  app.get(
    '/walletNonce',
    {
      schema: { tags: ['login'], querystring: walletNonceQuery, response: { 200: envelope(walletNonceResult) } },
      config: ipLimit(60, 10, limitScale),
    },
    async (request) => {
      const { chain, language } = request.query;
      // Alphanumeric, as EIP-4361 wants: 24 random bytes in hex.
      const nonce = randomBytes(24).toString('hex');
      const issuedAt = new Date();
      const expiresAt = new Date(issuedAt.getTime() + WALLET_RULES.nonceTtlSeconds * 1000);
      await db.insert(walletNonces).values({ nonce, chain, expiresAt });
      return ok({
        nonce,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
        domain: site.host,
        uri: site.origin,
        statement: walletStatement(language),
      });
    },
  );

  app.post(
    '/loginByWallet',
    {
      schema: { tags: ['login'], body: loginByWalletBody, response: { 200: envelope(sessionResult) } },
      config: ipLimit(30, 10, limitScale),
    },
    async (request, reply) => {
      const { chain, address, message, signature, language } = request.body;
      // Counted per caller and address, so nobody can lock another person's wallet out from elsewhere.
      const attempt = `${request.ip}:${address.toLowerCase()}`;
      await limits.consume('wallet', attempt);
      const signed = chain === 'ethereum' ? await verifyEthereum(message, signature, site) : verifyTron(message, signature, site);
      const claimed = chain === 'ethereum' ? address.toLowerCase() === signed.address.toLowerCase() : address === signed.address;
      if (!claimed) throw badSignature();
      await spendNonce(db, chain, signed.nonce);
      const user = await findOrCreateWalletUser(db, chain, signed.address, language);
      const answer = await signIn(db, user, request, reply);
      await limits.reward('wallet', attempt);
      return ok(answer);
    },
  );
};
