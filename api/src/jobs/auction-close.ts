import type { FastifyBaseLogger } from 'fastify';
import type { NftAuctions } from '../nfts/nft-auctions.ts';
import type { Scheduler } from './scheduler.ts';

export const AUCTION_CLOSE_JOB = 'auction-close';

/**
 * Closes every live auction whose end has passed, on the auctions' clock: the due rows are read and each
 * is closed in its own money transaction with its row locked (skipped while a bid holds it), so a second
 * run or a second node finds it closed and does nothing, and the sale transfer's unique reference makes a
 * second sale impossible whatever runs twice. The watchers and owners are told after each commit.
 */
export async function runAuctionClose(auctions: NftAuctions, log?: FastifyBaseLogger): Promise<number> {
  const now = auctions.now();
  let closed = 0;
  for (const id of await auctions.due(now)) {
    try {
      const effects = await auctions.close(id, now);
      if (effects) {
        closed++;
        auctions.told(effects);
      }
    } catch (error) {
      log?.warn({ err: error, job: AUCTION_CLOSE_JOB, nft: id }, 'job: an auction failed to close');
    }
  }
  return closed;
}

/** Looks at the auctions every 2 s: one closes within seconds of its end. */
export function scheduleAuctionClose(scheduler: Scheduler, auctions: NftAuctions, log?: FastifyBaseLogger): void {
  scheduler.every(AUCTION_CLOSE_JOB, 2_000, async () => {
    await runAuctionClose(auctions, log);
  });
}
