import { and, asc, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CUSTOMER_API,
  FUNDING_CODES,
  NFT_BIDS_SHOWN,
  NFT_CHARITIES_MAX,
  NFT_CODES,
  NFT_CURRENCY,
  NFT_PAGE_SIZE,
  money,
  nftBuyNowOpen,
  nftEndAfterBid,
  nftMinimumBid,
} from '@meridian/contracts';
import type {
  AccountModeName,
  CharitiesResult,
  CharityBody,
  CharityView,
  ListNftQuery,
  ListNftResult,
  MyNftBid,
  Money,
  MyNftTab,
  MyNftsResult,
  NftAuctionFrame,
  NftBidView,
  NftBody,
  NftDetail,
  NftMoveResult,
  NftsAdminResult,
  NftState,
  NftView,
} from '@meridian/contracts';
import type { Database, Transaction } from '../db/database.ts';
import { charities, ledgerTransfers, nftBids, nfts } from '../db/schema.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import { Ledger } from '../ledger/ledger.ts';
import { withMoneyTransaction } from '../ledger/money-transaction.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { audit } from '../audit/audit.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { notify } from '../accounts/notifications.ts';

type NftRow = typeof nfts.$inferSelect;
type CharityRow = typeof charities.$inferSelect;

const cents = (value: string) => money(value).toFixed(2);

/** What each NFT's sale gave its charity: the sum of its `nft_sale` transfers (reference (`auction`, id)). */
const donatedOf = (nftId: SQL | number) =>
  sql<string>`coalesce((select sum(t.amount) from ${ledgerTransfers} t
    where t.type = 'nft_sale' and t.reference_kind = 'auction' and t.reference_id = (${nftId})::text), 0)::text`;

/** A row with what the view needs beside it: the charity's name and the donation summed from the ledger. */
interface NftRead {
  row: NftRow;
  charityName: string;
  donated: string;
  leader: number | null;
  owner: number | null;
}

/** What a committed bid, purchase or close has to tell: the watchers' frame and the owners to refresh. */
export interface NftEffects {
  frame: NftAuctionFrame;
  /** The users whose figures moved (their real account) and whose NFT pages refresh. */
  moved: string[];
  /** Users whose NFT lists refresh (bidders of a closed auction). */
  refresh: string[];
}

/** Publishes an auction frame to the watchers of its NFT on every node (the NFT topic provider). */
export type PublishNft = (frame: NftAuctionFrame) => void;

function bidView(row: { bidder: number; amount: string; createdAt: Date }): NftBidView {
  return { bidder: row.bidder, amount: cents(row.amount), at: row.createdAt.toISOString() };
}

/**
 * Charity NFT auctions (SPEC §1, §3, ADR 008, issue 28). An NFT is listed by an operator with its
 * charity, reserve, increment, optional buy-now price and end. A bid at least the minimum holds the
 * bidder's funds (`nft_bid_hold` cash → hold) and releases the previous leader's (`nft_bid_release`) in
 * the same transaction; a bid in the last minutes moves the end (anti-sniping). The auction job closes a
 * due auction once (`nft_sale` the winner's hold → `charity_payable`, reference (`auction`, id), unique);
 * a buy-now ends it at once (`nft_sale` from the buyer's cash). Locks: the NFT row first, then its
 * owners in id order (`lockOwners`), then ledger rows — every path of this domain in that order.
 */
export class NftAuctions {
  constructor(
    private readonly db: Database,
    private readonly balances: BalanceEvents,
    private readonly notifyUser: NotifyUser,
    private readonly publish: PublishNft,
    /** The auctions' clock: the site's, or a test site's movable one. */
    readonly now: () => number,
  ) {}

  // ——— reading ———

  private async read(where: SQL | undefined, order: SQL[], limit?: number, offset?: number, db: Database | Transaction = this.db) {
    const leader = sql<number | null>`(select b.bidder from ${nftBids} b where b.id = ${nfts.leadingBidId})`;
    const owner = sql<
      number | null
    >`(select b.bidder from ${nftBids} b where b.nft_id = ${nfts.id} and b.user_id = ${nfts.ownerId} order by b.id limit 1)`;
    let query = db
      .select({ row: nfts, charityName: charities.name, donated: donatedOf(sql`${nfts.id}`), leader, owner })
      .from(nfts)
      .innerJoin(charities, eq(charities.id, nfts.charityId))
      .where(where)
      .orderBy(...order)
      .$dynamic();
    if (limit !== undefined) query = query.limit(limit);
    if (offset !== undefined) query = query.offset(offset);
    return (await query) as NftRead[];
  }

  private view({ row, charityName, donated, leader, owner }: NftRead): NftView {
    const state = row.status as NftState;
    const current = row.currentBid;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      image: `${CUSTOMER_API}/index/nfts/${row.id}/image?v=${encodeURIComponent(row.artSeed.slice(0, 12))}`,
      creator: row.creator,
      chain: row.chain as NftView['chain'],
      charity: { id: row.charityId, name: charityName },
      currency: row.currency,
      reservePrice: cents(row.reservePrice),
      buyNowPrice: row.buyNowPrice === null ? null : cents(row.buyNowPrice),
      minIncrement: cents(row.minIncrement),
      currentBid: current === null ? null : cents(current),
      minimumBid: nftMinimumBid(row.reservePrice, current, row.minIncrement).toFixed(2),
      buyNowOpen: nftBuyNowOpen(state, row.buyNowPrice, current),
      bidCount: row.bidCount,
      leader: state === 'live' ? leader : null,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      listedEndsAt: row.listedEndsAt.toISOString(),
      state,
      soldPrice: row.soldPrice === null ? null : cents(row.soldPrice),
      soldBy: row.soldBy as NftView['soldBy'],
      owner: state === 'sold' ? (owner ?? 0) : null,
      closedAt: row.closedAt?.toISOString() ?? null,
      donated: cents(donated),
    };
  }

  /** One NFT as the market shows it (the live topic's snapshot), or null. */
  async viewOf(id: number, db: Database | Transaction = this.db): Promise<NftView | null> {
    const [read] = await this.read(eq(nfts.id, id), [], undefined, undefined, db);
    return read ? this.view(read) : null;
  }

  /** The total the sales gave the charities (real account), summed from the ledger. */
  async donatedTotal(): Promise<string> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'nft_sale'), eq(ledgerTransfers.referenceKind, 'auction')));
    return cents(row?.total ?? '0');
  }

  async list(query: ListNftQuery): Promise<ListNftResult> {
    const status = query.status;
    const where = and(
      status === 'live' ? eq(nfts.status, 'live') : status === 'ended' ? ne(nfts.status, 'live') : undefined,
      query.charityId === undefined ? undefined : eq(nfts.charityId, query.charityId),
    );
    const price = sql`coalesce(${nfts.soldPrice}, ${nfts.currentBid}, ${nfts.reservePrice})`;
    const order: Record<string, SQL[]> = {
      ending: status === 'live' ? [asc(nfts.endsAt), asc(nfts.id)] : [sql`${nfts.status} <> 'live'`, asc(nfts.endsAt), desc(nfts.id)],
      newest: [desc(nfts.id)],
      price_asc: [asc(price), asc(nfts.id)],
      price_desc: [desc(price), desc(nfts.id)],
    };
    const [rows, [total], donatedTotal] = await Promise.all([
      this.read(where, order[query.sort]!, NFT_PAGE_SIZE, (query.page - 1) * NFT_PAGE_SIZE),
      this.db.select({ n: count() }).from(nfts).where(where),
      this.donatedTotal(),
    ]);
    return {
      items: rows.map((r) => this.view(r)),
      total: total?.n ?? 0,
      page: query.page,
      donatedTotal,
      currency: NFT_CURRENCY,
      now: new Date(this.now()).toISOString(),
    };
  }

  async detail(id: number): Promise<NftDetail | null> {
    const nft = await this.viewOf(id);
    if (!nft) return null;
    const [bids, charity] = await Promise.all([
      this.db
        .select({ bidder: nftBids.bidder, amount: nftBids.amount, createdAt: nftBids.createdAt })
        .from(nftBids)
        .where(eq(nftBids.nftId, id))
        .orderBy(desc(nftBids.id))
        .limit(NFT_BIDS_SHOWN),
      this.charity(nft.charity.id),
    ]);
    return { nft, bids: bids.map(bidView), charity: charity!, now: new Date(this.now()).toISOString() };
  }

  /** The caller's place in one auction. */
  async mine(userId: string, id: number, db: Database | Transaction = this.db): Promise<MyNftBid | null> {
    const [row] = await db
      .select({ status: nfts.status, leaderId: nfts.leaderId, ownerId: nfts.ownerId })
      .from(nfts)
      .where(eq(nfts.id, id));
    if (!row) return null;
    const [bid] = await db
      .select({ bidder: sql<number | null>`min(${nftBids.bidder})`, highest: sql<string | null>`max(${nftBids.amount})::text` })
      .from(nftBids)
      .where(and(eq(nftBids.nftId, id), eq(nftBids.userId, userId)));
    return {
      nftId: id,
      bidder: bid?.bidder ?? null,
      highest: bid?.highest ? cents(bid.highest) : null,
      leading: row.status === 'live' && row.leaderId === userId,
      owner: row.ownerId === userId,
    };
  }

  /** The caller's NFTs of one tab, newest first, each with their place in it. */
  async listMine(userId: string, tab: MyNftTab, page: number): Promise<MyNftsResult> {
    const bidIn = sql`exists (select 1 from ${nftBids} b where b.nft_id = ${nfts.id} and b.user_id = ${userId})`;
    const where =
      tab === 'bidding'
        ? and(eq(nfts.status, 'live'), bidIn)
        : tab === 'owned'
          ? eq(nfts.ownerId, userId)
          : and(ne(nfts.status, 'live'), bidIn, sql`${nfts.ownerId} is distinct from ${userId}`);
    const [rows, [total]] = await Promise.all([
      this.read(
        where,
        [tab === 'bidding' ? asc(nfts.endsAt) : desc(nfts.closedAt), desc(nfts.id)],
        NFT_PAGE_SIZE,
        (page - 1) * NFT_PAGE_SIZE,
      ),
      this.db.select({ n: count() }).from(nfts).where(where),
    ]);
    const items = await Promise.all(rows.map(async (r) => ({ nft: this.view(r), mine: (await this.mine(userId, r.row.id))! })));
    return { items, total: total?.n ?? 0, page, now: new Date(this.now()).toISOString() };
  }

  private charityView(row: CharityRow, raised: string, nftCount: number): CharityView {
    return { id: row.id, name: row.name, description: row.description, url: row.url, raised: cents(raised), nftCount };
  }

  private async charityRows(where?: SQL): Promise<CharityView[]> {
    const rows = await this.db
      .select({
        row: charities,
        raised: sql<string>`coalesce((select sum(t.amount) from ${ledgerTransfers} t join ${nfts} n on t.reference_id = n.id::text
          where t.type = 'nft_sale' and t.reference_kind = 'auction' and n.charity_id = charities.id), 0)::text`,
        nftCount: sql<number>`(select count(*) from ${nfts} n where n.charity_id = charities.id)::int`,
      })
      .from(charities)
      .where(where)
      .orderBy(asc(charities.id));
    return rows.map((r) => this.charityView(r.row, r.raised, r.nftCount));
  }

  async charity(id: number): Promise<CharityView | null> {
    const [view] = await this.charityRows(eq(charities.id, id));
    return view ?? null;
  }

  async charitiesList(): Promise<CharitiesResult> {
    const [items, donatedTotal] = await Promise.all([this.charityRows(), this.donatedTotal()]);
    return { items, donatedTotal, currency: NFT_CURRENCY };
  }

  /** The seed of an NFT's artwork and its name (the image route), or null. */
  async artwork(id: number): Promise<{ seed: string; name: string } | null> {
    const [row] = await this.db.select({ seed: nfts.artSeed, name: nfts.name }).from(nfts).where(eq(nfts.id, id));
    return row ?? null;
  }

  // ——— bidding and buying ———

  /** The NFT row locked for the rest of the transaction (the first lock of every auction path). */
  private async lockNft(tx: Transaction, id: number): Promise<NftRow> {
    const [row] = await tx.select().from(nfts).where(eq(nfts.id, id)).for('update');
    if (!row) throw new ApiFailure('404', 'NFT not found', 404);
    return row;
  }

  /** The bidder's number in this auction: theirs from an earlier bid, or the next one. */
  private async bidderNumber(tx: Transaction, row: NftRow, userId: string): Promise<{ bidder: number; isNew: boolean }> {
    const [known] = await tx
      .select({ bidder: nftBids.bidder })
      .from(nftBids)
      .where(and(eq(nftBids.nftId, row.id), eq(nftBids.userId, userId)))
      .limit(1);
    return known ? { bidder: known.bidder, isNew: false } : { bidder: row.bidders + 1, isNew: true };
  }

  /**
   * Releases the leading bid's hold to its bidder (outbid, or the auction bought now) and, when someone else
   * took the lead, tells them in their notifications (`nftOutbid`, with the amount that leads now); the owners are locked.
   */
  private async releaseLeader(tx: Transaction, row: NftRow, by: string, amount: Money): Promise<void> {
    if (row.leadingBidId === null || row.leaderId === null || row.currentBid === null) return;
    await tx.update(nftBids).set({ status: 'outbid' }).where(eq(nftBids.id, row.leadingBidId));
    await Ledger.of(this.db).post(tx, {
      userId: row.leaderId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'nft_bid', id: String(row.leadingBidId) },
      legs: [{ type: 'nft_bid_release', from: { user: 'nft_bid_hold' }, to: { user: 'cash' }, amount: money(row.currentBid) }],
    });
    if (row.leaderId !== by)
      await notify(tx, row.leaderId, 'nftOutbid', {
        name: row.name,
        amount: amount.toFixed(2),
        currency: row.currency,
        nftId: String(row.id),
      });
  }

  /** The running auction a bid or a purchase acts on, locked, and the moment it acts (10120 for demo, 10160 once ended). */
  private async liveAuction(tx: Transaction, mode: AccountModeName, id: number): Promise<{ row: NftRow; at: number }> {
    if (mode !== 'real') throw new ApiFailure(FUNDING_CODES.realOnly, 'bidding and buying need the real account', 409);
    const row = await this.lockNft(tx, id);
    const at = this.now();
    if (row.status !== 'live' || row.endsAt.getTime() <= at) throw new ApiFailure(NFT_CODES.notLive, 'the auction has ended', 409);
    return { row, at };
  }

  /**
   * The caller takes the lead (a bid) or the NFT (a purchase, `won`): both owners locked in id order, the
   * previous leader's hold released, the caller's bid recorded with their number. Answers the new bid and
   * the users whose figures moved.
   */
  private async takeLead(tx: Transaction, row: NftRow, userId: string, amount: Money, at: number, status: 'leading' | 'won') {
    await Ledger.of(this.db).lockOwners(tx, row.leaderId ? [userId, row.leaderId] : [userId], 'real');
    await this.releaseLeader(tx, row, userId, amount);
    const { bidder, isNew } = await this.bidderNumber(tx, row, userId);
    const [bid] = await tx
      .insert(nftBids)
      .values({ nftId: row.id, userId, bidder, amount: amount.toFixed(), status, createdAt: new Date(at) })
      .returning();
    const moved = row.leaderId && row.leaderId !== userId ? [userId, row.leaderId] : [userId];
    return {
      bid: bid!,
      lead: { leadingBidId: bid!.id, leaderId: userId, bidCount: row.bidCount + 1, bidders: isNew ? bidder : row.bidders },
      moved,
    };
  }

  /**
   * A bid, in the caller's (idempotent, several-owner) transaction: refused, changing nothing, for the demo
   * account (10120), an auction that ended (10160), a caller who leads already (10161), an amount under the
   * minimum (10016, with the minimum now) or more than the free balance (10011).
   */
  async bid(
    tx: Transaction,
    userId: string,
    mode: AccountModeName,
    id: number,
    amountText: string,
  ): Promise<{ result: NftMoveResult; effects: NftEffects }> {
    const { row, at } = await this.liveAuction(tx, mode, id);
    if (row.leaderId === userId) throw new ApiFailure(NFT_CODES.leading, 'your bid leads already', 409);
    const amount = money(amountText.trim());
    const minimum = nftMinimumBid(row.reservePrice, row.currentBid, row.minIncrement);
    if (amount.lt(minimum))
      throw new ApiFailure(NFT_CODES.bidTooLow, 'the bid is under the minimum', 409, undefined, { minimum: minimum.toFixed(2) });
    const { bid, lead, moved } = await this.takeLead(tx, row, userId, amount, at, 'leading');
    await Ledger.of(this.db).post(tx, {
      userId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'nft_bid', id: String(bid.id) },
      legs: [{ type: 'nft_bid_hold', from: { user: 'cash' }, to: { user: 'nft_bid_hold' }, amount }],
    });
    const endsAt = nftEndAfterBid(row.endsAt.getTime(), at);
    await tx
      .update(nfts)
      .set({ ...lead, currentBid: amount.toFixed(), endsAt: new Date(endsAt) })
      .where(eq(nfts.id, id));
    const nft = (await this.viewOf(id, tx))!;
    const mine = (await this.mine(userId, id, tx))!;
    return {
      result: { nft, mine },
      effects: {
        frame: { type: 'NFT_AUCTION', event: 'bid', nft, bid: bidView(bid), extended: endsAt !== row.endsAt.getTime() },
        moved,
        refresh: [],
      },
    };
  }

  /**
   * Buys an NFT now at its buy-now price, in the caller's (idempotent, several-owner) transaction: the
   * leading bid's hold returns, the price moves from the buyer's cash to the charity account (`nft_sale`,
   * reference (`auction`, id), once), the auction ends and the buyer owns it. Refused, changing nothing:
   * demo (10120), ended (10160), no buy-now now (10162), a price other than shown (10163, with the price now), short of cash (10011).
   */
  async buyNow(
    tx: Transaction,
    userId: string,
    mode: AccountModeName,
    id: number,
    priceText: string,
  ): Promise<{ result: NftMoveResult; effects: NftEffects }> {
    const { row, at } = await this.liveAuction(tx, mode, id);
    if (!nftBuyNowOpen('live', row.buyNowPrice, row.currentBid)) throw new ApiFailure(NFT_CODES.noBuyNow, 'buy now is not offered', 409);
    if (!money(row.buyNowPrice!).eq(priceText.trim()))
      throw new ApiFailure(NFT_CODES.priceChanged, 'the price changed since it was shown', 409, undefined, {
        price: cents(row.buyNowPrice!),
      });
    const price = money(row.buyNowPrice!);
    const bidders = await this.biddersOf(tx, id);
    const { bid, lead, moved } = await this.takeLead(tx, row, userId, price, at, 'won');
    const closedAt = new Date(at);
    await Ledger.of(this.db).post(tx, {
      userId,
      mode: 'real',
      currency: row.currency,
      reference: { kind: 'auction', id: String(id) },
      legs: [{ type: 'nft_sale', from: { user: 'cash' }, to: { system: 'charity_payable' }, amount: price }],
    });
    await tx
      .update(nfts)
      .set({
        ...lead,
        status: 'sold',
        currentBid: price.toFixed(),
        ownerId: userId,
        soldPrice: price.toFixed(),
        soldBy: 'buy_now',
        closedAt,
        endsAt: closedAt,
      })
      .where(eq(nfts.id, id));
    const nft = (await this.viewOf(id, tx))!;
    const mine = (await this.mine(userId, id, tx))!;
    return {
      result: { nft, mine },
      effects: {
        frame: { type: 'NFT_AUCTION', event: 'bought', nft, bid: bidView(bid), extended: false },
        moved,
        refresh: bidders,
      },
    };
  }

  private async biddersOf(db: Database | Transaction, id: number): Promise<string[]> {
    const rows = await db.selectDistinct({ userId: nftBids.userId }).from(nftBids).where(eq(nftBids.nftId, id));
    return rows.map((r) => r.userId);
  }

  // ——— closing (the auction job) ———

  /** The live auctions whose end has passed, soonest first. */
  async due(now: number, limit = 200): Promise<number[]> {
    const rows = await this.db
      .select({ id: nfts.id })
      .from(nfts)
      .where(and(eq(nfts.status, 'live'), lte(nfts.endsAt, new Date(now))))
      .orderBy(asc(nfts.endsAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Closes one due auction once, in its own money transaction: the NFT row locked (a row a bid holds is
   * skipped and taken on the next run), still live and past its end (a bid may have extended it); with a
   * leading bid the winner's hold goes to the charity account (`nft_sale`, reference (`auction`, id): the
   * database refuses a second), the bid is won and the winner owns the NFT; with none it ends unsold.
   */
  async close(id: number, now: number): Promise<NftEffects | null> {
    return withMoneyTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(nfts).where(eq(nfts.id, id)).for('update', { skipLocked: true });
      if (!row || row.status !== 'live' || row.endsAt.getTime() > now) return null;
      const closedAt = new Date(now);
      if (row.leaderId && row.currentBid !== null && row.leadingBidId !== null) {
        await Ledger.of(this.db).lockOwners(tx, [row.leaderId], 'real');
        await tx.update(nftBids).set({ status: 'won' }).where(eq(nftBids.id, row.leadingBidId));
        await Ledger.of(this.db).post(tx, {
          userId: row.leaderId,
          mode: 'real',
          currency: row.currency,
          reference: { kind: 'auction', id: String(id) },
          legs: [{ type: 'nft_sale', from: { user: 'nft_bid_hold' }, to: { system: 'charity_payable' }, amount: money(row.currentBid) }],
        });
        await notify(tx, row.leaderId, 'nftWon', {
          name: row.name,
          amount: cents(row.currentBid),
          currency: row.currency,
          nftId: String(id),
        });
        await tx
          .update(nfts)
          .set({ status: 'sold', ownerId: row.leaderId, soldPrice: row.currentBid, soldBy: 'auction', closedAt })
          .where(eq(nfts.id, id));
      } else {
        await tx.update(nfts).set({ status: 'unsold', closedAt }).where(eq(nfts.id, id));
      }
      const nft = (await this.viewOf(id, tx))!;
      return {
        frame: { type: 'NFT_AUCTION', event: 'closed', nft, bid: null, extended: false },
        moved: row.leaderId ? [row.leaderId] : [],
        refresh: await this.biddersOf(tx, id),
      } satisfies NftEffects;
    });
  }

  /** After a commit: the watchers get the frame, the owners their figures and pages (every node). */
  told(effects: NftEffects): void {
    this.publish(effects.frame);
    for (const userId of effects.moved) {
      this.balances.emit('changed', userId, 'real');
      this.notifyUser(userId, [{ key: 'userNfts' }, { key: 'userFigures', mode: 'real' }, { key: 'userNotifications' }]);
    }
    for (const userId of effects.refresh) if (!effects.moved.includes(userId)) this.notifyUser(userId, [{ key: 'userNfts' }]);
  }

  // ——— operators (back-office, audited) ———

  async admin(): Promise<NftsAdminResult> {
    const [charityList, rows] = await Promise.all([this.charityRows(), this.read(undefined, [desc(nfts.id)])]);
    return { charities: charityList, nfts: rows.map((r) => this.view(r)), now: new Date(this.now()).toISOString() };
  }

  private charityValues(body: CharityBody) {
    return { name: body.name.trim(), description: (body.description ?? '').trim(), url: body.url.trim() };
  }

  async createCharity(actor: OperatorIdentity, body: CharityBody): Promise<CharityView> {
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('charities'))`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(charities);
      if (n >= NFT_CHARITIES_MAX) throw new ApiFailure('400', 'too many charities', 409);
      const [row] = await tx.insert(charities).values(this.charityValues(body)).returning();
      await audit(tx, actor, 'product.change', { kind: 'charity', id: String(row!.id) }, null, this.charityValues(body));
      return row!.id;
    });
    return (await this.charity(id))!;
  }

  async updateCharity(actor: OperatorIdentity, id: number, body: CharityBody): Promise<CharityView> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(charities).where(eq(charities.id, id)).for('update');
      if (!row) throw new ApiFailure('404', 'charity not found', 404);
      await tx
        .update(charities)
        .set({ ...this.charityValues(body), updatedAt: sql`now()` })
        .where(eq(charities.id, id));
      await audit(
        tx,
        actor,
        'product.change',
        { kind: 'charity', id: String(id) },
        { name: row.name, description: row.description, url: row.url },
        this.charityValues(body),
      );
    });
    return (await this.charity(id))!;
  }

  /** Lists an NFT: its auction starts now and ends after the hours given; its artwork comes from its name and id. */
  async createNft(actor: OperatorIdentity, body: NftBody): Promise<NftView> {
    const id = await this.db.transaction(async (tx) => {
      const [charity] = await tx.select({ id: charities.id }).from(charities).where(eq(charities.id, body.charityId)).for('share');
      if (!charity) throw new ApiFailure('404', 'charity not found', 409);
      const start = this.now();
      const ends = new Date(start + body.durationHours * 3_600_000);
      const [row] = await tx
        .insert(nfts)
        .values({
          name: body.name.trim(),
          description: (body.description ?? '').trim(),
          artSeed: `${body.name.trim()}#${start}`,
          creator: body.creator.trim(),
          chain: body.chain,
          charityId: body.charityId,
          currency: NFT_CURRENCY,
          reservePrice: money(body.reservePrice).toFixed(),
          buyNowPrice: body.buyNowPrice ? money(body.buyNowPrice).toFixed() : null,
          minIncrement: money(body.minIncrement).toFixed(),
          startsAt: new Date(start),
          listedEndsAt: ends,
          endsAt: ends,
        })
        .returning();
      const view = (await this.viewOf(row!.id, tx))!;
      await audit(tx, actor, 'product.change', { kind: 'nft', id: String(row!.id) }, null, view);
      return row!.id;
    });
    return (await this.viewOf(id))!;
  }

  /** Seeds the demo catalogue once (no charity yet), under a lock so two nodes starting together seed it once. */
  async seedCatalogue(seed: readonly SeedCharity[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:nfts'))`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(charities);
      if (n > 0) return;
      const start = this.now();
      for (const c of seed) {
        const [row] = await tx.insert(charities).values({ name: c.name, description: c.description, url: c.url }).returning();
        for (const item of c.nfts) {
          const ends = new Date(start + item.hours * 3_600_000);
          await tx.insert(nfts).values({
            name: item.name,
            description: item.description,
            artSeed: item.name,
            creator: item.creator,
            chain: item.chain,
            charityId: row!.id,
            currency: NFT_CURRENCY,
            reservePrice: item.reserve,
            buyNowPrice: item.buyNow,
            minIncrement: item.increment,
            startsAt: new Date(start),
            listedEndsAt: ends,
            endsAt: ends,
          });
        }
      }
    });
  }
}

export interface SeedCharity {
  name: string;
  description: string;
  url: string;
  nfts: readonly {
    name: string;
    description: string;
    creator: string;
    chain: 'ethereum' | 'tron' | 'polygon';
    reserve: string;
    buyNow: string | null;
    increment: string;
    hours: number;
  }[];
}
