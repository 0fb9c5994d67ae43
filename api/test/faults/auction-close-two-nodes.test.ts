import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { endpointPath, money } from '@meridian/contracts';
import { nftEndpoints as nftApi } from '@meridian/contracts/endpoints/nfts';
import { openDatabase } from '../../src/db/database.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { charities, ledgerAccounts, ledgerTransfers, nfts, users } from '../../src/db/schema.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { Ledger } from '../../src/ledger/ledger.ts';
import { moveCash } from '../ledger-helpers.ts';
import { FaultServer, call, postgresStore, signUpOver } from './fault-helpers.ts';
import type { FaultStore, FaultUser } from './fault-helpers.ts';

/**
 * Charity NFT auctions across API processes (issue 28): bids are taken on one node, the nodes go down, the
 * auctions' end passes while none runs, and two processes start together on the same PostgreSQL database.
 * Both run the close job at once: every auction is closed exactly once (one sale per auction, to its leader),
 * every hold ends, and the ledger check passes.
 */
const AUCTIONS = 12;
const stores: FaultStore[] = [];
const servers: FaultServer[] = [];
let database: DatabaseHandle | undefined;
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.close();
  for (const store of stores) await store.remove();
});

/** Resolves when `check` answers true, looking every 50 ms (no fixed sleeps). */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('auctions closed by two API processes after a gap', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'every auction whose end passed while no node ran is sold once, to its leader',
    async () => {
      const store = await postgresStore(process.env.TEST_DATABASE_URL!);
      stores.push(store);
      const first = await FaultServer.start(store);
      servers.push(first);
      database = await openDatabase(store.open);
      const db = database.db;
      await Ledger.of(db).openSystemAccounts(db);
      const base = `http://127.0.0.1:${first.port}`;

      const bidders: FaultUser[] = [];
      for (let i = 0; i < 4; i++) {
        const user = await signUpOver(base, 'auction');
        await db.update(users).set({ accountMode: 'real' }).where(eq(users.id, user.userId));
        await moveCash(db, user.userId, 'real', '1000');
        bidders.push(user);
      }
      const [charity] = await db.select({ id: charities.id }).from(charities).limit(1);
      const later = new Date(Date.now() + 24 * 3600_000);
      const listed = await db
        .insert(nfts)
        .values(
          Array.from({ length: AUCTIONS }, (_, i) => ({
            name: `Two nodes ${i}`,
            artSeed: randomUUID(),
            creator: 'Tests',
            chain: 'ethereum',
            charityId: charity!.id,
            currency: 'USD',
            reservePrice: '10',
            minIncrement: '1',
            startsAt: new Date(),
            listedEndsAt: later,
            endsAt: later,
          })),
        )
        .returning();
      const ids = listed.map((r) => r.id);
      // Two bids on each: the second bidder leads at 10 + i.
      const bid = async (who: FaultUser, id: number, amount: string) => {
        const res = await call(base, endpointPath(nftApi.bidNft, { id }), {
          token: who.token,
          key: randomUUID(),
          mode: 'real',
          body: { amount },
        });
        if (!res.ok || res.body.code !== '200') throw new Error(`bid: ${JSON.stringify(res)}`);
      };
      for (const [i, id] of ids.entries()) {
        await bid(bidders[i % 4]!, id, '10');
        await bid(bidders[(i + 1) % 4]!, id, String(11 + i));
      }
      await first.kill();
      servers.length = 0;

      // While no node runs, every auction's end passes.
      await db
        .update(nfts)
        .set({ endsAt: new Date(Date.now() - 60_000) })
        .where(inArray(nfts.id, ids));
      const nodes = await Promise.all([FaultServer.start(store), FaultServer.start(store)]);
      servers.push(...nodes);
      await until(
        async () =>
          (
            await db
              .select({ id: nfts.id })
              .from(nfts)
              .where(and(inArray(nfts.id, ids), eq(nfts.status, 'live')))
          ).length === 0,
        60_000,
        'both nodes to close every auction',
      );
      for (const node of nodes) await node.stop();
      servers.length = 0;

      const sales = await db
        .select({ ref: ledgerTransfers.referenceId, amount: ledgerTransfers.amount, userId: ledgerTransfers.userId })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.type, 'nft_sale'), inArray(ledgerTransfers.referenceId, ids.map(String))));
      expect(sales).toHaveLength(AUCTIONS);
      const rows = await db.select().from(nfts).where(inArray(nfts.id, ids));
      for (const [i, id] of ids.entries()) {
        const row = rows.find((r) => r.id === id)!;
        const winner = bidders[(i + 1) % 4]!.userId;
        expect(row).toMatchObject({ status: 'sold', ownerId: winner, soldBy: 'auction' });
        expect(sales.filter((s) => s.ref === String(id)).map((s) => [s.userId, money(s.amount).toFixed(2)])).toEqual([
          [winner, String(11 + i) + '.00'],
        ]);
      }
      const holds = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.kind, 'nft_bid_hold'),
            inArray(
              ledgerAccounts.ownerId,
              bidders.map((b) => b.userId),
            ),
          ),
        );
      expect(holds.every((h) => money(h.balance).isZero())).toBe(true);
      expect(await checkLedger(db)).toMatchObject({ ok: true });
    },
    180_000,
  );
});
