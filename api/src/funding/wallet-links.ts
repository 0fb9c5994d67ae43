import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getAddress, isAddress, verifyMessage } from 'ethers';
import { TronWeb, Trx } from 'tronweb';
import { ACCOUNT_CODES, FUNDING_CODES, WALLET_RULES, parseWithdrawalAuthorization } from '@meridian/contracts';
import type { AuthorizationNonceResult, UpdateUsdtAuthBody, WalletChain, WalletLinkView, WithdrawalAuthResult } from '@meridian/contracts';
import { mailText } from '../accounts/account-texts.ts';
import type { Mailer } from '../accounts/mailer.ts';
import { newSecret, sha256 } from '../accounts/secrets.ts';
import type { Database, Transaction } from '../db/database.ts';
import { authorizationNonces, notifications, users, walletLinks } from '../db/schema.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { maskedEmail } from './invites.ts';

type LinkRow = typeof walletLinks.$inferSelect;
type SignBody = Extract<UpdateUsdtAuthBody, { action: 'sign' }>;

const badSignature = () => new ApiFailure(ACCOUNT_CODES.walletSignatureBad, 'the wallet signature could not be verified', 400);

/** The address as it is kept: EIP-55 on Ethereum, base58 on Tron; null when it is not one of the chain's. */
function normalAddress(chain: WalletChain, address: string): string | null {
  if (chain === 'ethereum') return isAddress(address) ? getAddress(address) : null;
  return TronWeb.isAddress(address) && address.startsWith('T') ? address : null;
}

/** Who signed a message: `personal_sign` (EIP-191) on Ethereum, `signMessageV2` on Tron; null when it does not verify. */
function signerOf(chain: WalletChain, message: string, signature: string): string | null {
  try {
    return chain === 'ethereum' ? getAddress(verifyMessage(message, signature)) : Trx.verifyMessageV2(message, signature);
  } catch {
    return null;
  }
}

const linkView = (row: LinkRow): WalletLinkView => ({
  id: row.id,
  chain: row.chain as WalletChain,
  address: row.address,
  linkedAt: row.createdAt.toISOString(),
  usableAt: row.usableAt.toISOString(),
  authorizedAt: row.authSignedAt?.toISOString() ?? null,
  revokedAt: row.authRevokedAt?.toISOString() ?? null,
});

export interface WalletLinkOptions {
  db: Database;
  mailer: Mailer;
  /** The site's public origin: the message names it, the cancel link points at it. */
  siteOrigin: string;
  /** The hold of a newly linked address (24 h; a test site shortens it). */
  holdSeconds: number;
  notifyUser: NotifyUser;
  now: () => number;
}

/**
 * Linked withdrawal addresses and their USDT authorization (SPEC §5.5a, §5.6, issue 25 item 3). The
 * authorization is a readable statement the wallet signs (never a transaction, never an allowance): the
 * server checks that it names this site, this account, the address and a nonce it issued to this
 * account, and that the address signed it. The first authorization of an address links it: the address
 * becomes usable after the hold, and an e-mail carries a link that cancels it.
 */
export class WalletLinks {
  private readonly site: URL;

  constructor(private readonly o: WalletLinkOptions) {
    this.site = new URL(o.siteOrigin);
  }

  /** The caller's linked addresses (not cancelled), oldest first, and where their codes go. */
  async list(userId: string): Promise<WithdrawalAuthResult> {
    const [rows, [user]] = await Promise.all([
      this.o.db
        .select()
        .from(walletLinks)
        .where(and(eq(walletLinks.userId, userId), isNull(walletLinks.cancelledAt)))
        .orderBy(asc(walletLinks.id)),
      this.o.db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    ]);
    return { links: rows.map(linkView), holdSeconds: this.o.holdSeconds, email: user?.email ? maskedEmail(user.email) : null };
  }

  /** A single-use nonce for this account and chain, and the fields the message must name. */
  async nonce(userId: string, chain: WalletChain): Promise<AuthorizationNonceResult> {
    const nonce = randomBytes(24).toString('hex');
    const issuedAt = new Date(this.o.now());
    await this.o.db
      .insert(authorizationNonces)
      .values({ nonce, userId, chain, expiresAt: new Date(issuedAt.getTime() + WALLET_RULES.nonceTtlSeconds * 1000) });
    return { nonce, issuedAt: issuedAt.toISOString(), domain: this.site.host, uri: this.site.origin, accountId: userId };
  }

  /**
   * Verifies and stores a signed authorization; links the address first when it is new (hold, cancel
   * link e-mailed after the commit). Refused: a message that is not ours to the letter, for another site,
   * account, chain or address, a signature by anyone else (10094), a nonce spent or expired (10095).
   */
  async authorize(userId: string, body: SignBody): Promise<WalletLinkView> {
    const address = normalAddress(body.chain, body.address);
    const fields = parseWithdrawalAuthorization(body.message);
    if (
      !address ||
      !fields ||
      fields.domain !== this.site.host ||
      fields.uri !== this.site.origin ||
      fields.chain !== body.chain ||
      fields.accountId !== userId ||
      normalAddress(body.chain, fields.address) !== address
    )
      throw badSignature();
    const issued = Date.parse(fields.issuedAt);
    if (!Number.isFinite(issued) || Math.abs(this.o.now() - issued) > WALLET_RULES.nonceTtlSeconds * 1000) throw badSignature();
    if (signerOf(body.chain, body.message, body.signature) !== address) throw badSignature();

    const now = new Date(this.o.now());
    const { row, cancelToken } = await this.o.db.transaction(async (tx) => {
      const spent = await tx
        .update(authorizationNonces)
        .set({ usedAt: now })
        .where(
          and(
            eq(authorizationNonces.nonce, fields.nonce),
            eq(authorizationNonces.userId, userId),
            eq(authorizationNonces.chain, body.chain),
            isNull(authorizationNonces.usedAt),
            gt(authorizationNonces.expiresAt, now),
          ),
        )
        .returning();
      if (spent.length === 0)
        throw new ApiFailure(ACCOUNT_CODES.walletRequestSpent, 'the authorization request expired or was already used', 400);
      let link = await this.activeLink(tx, userId, body.chain, address);
      let token: string | null = null;
      if (!link) {
        token = newSecret();
        // Two first links of one address at once: the second finds the first's row instead of a conflict.
        [link] = await tx
          .insert(walletLinks)
          .values({
            userId,
            chain: body.chain,
            address,
            createdAt: now,
            usableAt: new Date(now.getTime() + this.o.holdSeconds * 1000),
            cancelTokenHash: sha256(token),
          })
          .onConflictDoNothing()
          .returning();
        if (link) await tx.insert(notifications).values({ userId, kind: 'walletLinked', params: { address, chain: body.chain } });
        else {
          token = null;
          link = await this.activeLink(tx, userId, body.chain, address);
          if (!link) throw new ApiFailure(ACCOUNT_CODES.walletRequestSpent, 'the address was linked and cancelled meanwhile', 409);
        }
      }
      const [updated] = await tx
        .update(walletLinks)
        .set({ authMessage: body.message, authSignature: body.signature, authSignedAt: now, authRevokedAt: null })
        .where(eq(walletLinks.id, link!.id))
        .returning();
      return { row: updated!, cancelToken: token };
    });
    if (cancelToken) await this.mailCancelLink(userId, row, cancelToken);
    this.o.notifyUser(userId, [{ key: 'userFunding' }, { key: 'userNotifications' }]);
    return linkView(row);
  }

  /** Revokes the authorization of one of the caller's addresses (SPEC §5.6: revoke deletes it); 404 for anyone else's. */
  async revoke(userId: string, linkId: number): Promise<WalletLinkView> {
    const [row] = await this.o.db
      .update(walletLinks)
      .set({ authMessage: null, authSignature: null, authSignedAt: null, authRevokedAt: new Date(this.o.now()) })
      .where(and(eq(walletLinks.id, linkId), eq(walletLinks.userId, userId), isNull(walletLinks.cancelledAt)))
      .returning();
    if (!row) throw new ApiFailure('404', 'wallet link not found', 404);
    this.o.notifyUser(userId, [{ key: 'userFunding' }]);
    return linkView(row);
  }

  /** Cancels a link through its e-mailed token (no sign-in needed): its authorization goes with it. */
  async cancel(token: string): Promise<{ chain: WalletChain; address: string }> {
    const now = new Date(this.o.now());
    const [row] = await this.o.db
      .update(walletLinks)
      .set({ cancelledAt: now, authMessage: null, authSignature: null, authSignedAt: null, authRevokedAt: now })
      .where(and(eq(walletLinks.cancelTokenHash, sha256(token)), isNull(walletLinks.cancelledAt)))
      .returning();
    if (!row) throw new ApiFailure(FUNDING_CODES.linkUnknown, 'this link was cancelled already or does not exist', 404);
    this.o.notifyUser(row.userId, [{ key: 'userFunding' }]);
    return { chain: row.chain as WalletChain, address: row.address };
  }

  /** The caller's link of an address on a chain, not cancelled (locked for the rest of the transaction). */
  async activeLink(tx: Transaction, userId: string, chain: WalletChain, address: string): Promise<LinkRow | undefined> {
    const [row] = await tx
      .select()
      .from(walletLinks)
      .where(
        and(
          eq(walletLinks.userId, userId),
          eq(walletLinks.chain, chain),
          sql`lower(${walletLinks.address}) = lower(${address})`,
          isNull(walletLinks.cancelledAt),
        ),
      )
      .for('update');
    return row;
  }

  private async mailCancelLink(userId: string, link: LinkRow, token: string): Promise<void> {
    const [user] = await this.o.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    if (!user?.email) return;
    const url = new URL('/pass/wallet-cancel', this.site);
    url.searchParams.set('token', token);
    const hours = Math.max(1, Math.round(this.o.holdSeconds / 3600));
    await this.o.mailer.send(
      user.email,
      mailText(user.language, 'walletLinkedSubject'),
      `${mailText(user.language, 'walletLinkedText', { address: link.address, hours, link: url.toString() })}\n\n${mailText(user.language, 'signature')}`,
    );
  }
}
