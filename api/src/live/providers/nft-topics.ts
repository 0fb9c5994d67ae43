import { nftAuctionFrame } from '@meridian/contracts/schemas';
import { wholeNumber } from '@meridian/contracts';
import type { NftAuctionFrame, NftView } from '@meridian/contracts';
import type { LiveFabric } from '../live-fabric.ts';
import { encodeFrame } from '../topic-provider.ts';
import type { LiveClient, LiveHub, PublicTopics } from '../topic-provider.ts';

/** The fabric channel of auction frames: every node sends them to its own watchers of that NFT. */
const NFT_AUCTION_CHANNEL = 'nft-auction';

/** Publishes an auction frame to every node (after the commit that made it). */
export function nftPublisher(fabric: LiveFabric, onError: (error: unknown) => void): (frame: NftAuctionFrame) => void {
  return (frame) => {
    fabric.publish(NFT_AUCTION_CHANNEL, JSON.stringify(frame)).catch(onError);
  };
}

/**
 * The NFT topics (`nft:<id>`, public, issue 28): a connection watching an NFT is sent it as it stands
 * (`NFT_AUCTION` snapshot), then every bid, close and purchase of it from any node. Frames name bidders
 * by their number in the auction only (SPEC §0 rule 7).
 */
export function nftTopics(snapshot: (id: number) => Promise<NftView | null>): PublicTopics {
  const watchers = new Map<number, Set<LiveClient>>();
  const watching = new Map<LiveClient, Set<number>>();
  let hub: LiveHub | null = null;

  const leave = (client: LiveClient) => {
    for (const id of watching.get(client) ?? []) {
      const set = watchers.get(id);
      set?.delete(client);
      if (set?.size === 0) watchers.delete(id);
    }
    watching.delete(client);
  };

  return {
    name: 'nfts',
    audience: 'public',
    serves: (topic) => topic.startsWith('nft:'),
    watch(client, topics) {
      const before = watching.get(client) ?? new Set<number>();
      const next = new Set(topics.map((t) => wholeNumber(t.slice(4))));
      leave(client);
      if (next.size === 0) return;
      watching.set(client, next);
      for (const id of next) {
        let set = watchers.get(id);
        if (!set) watchers.set(id, (set = new Set()));
        set.add(client);
        if (before.has(id)) continue;
        // The snapshot is read after the watch is recorded: a frame published meanwhile reaches the client too, and
        // the client keeps the newer of the two (by bid count and state).
        void snapshot(id)
          .then((nft) => {
            if (nft && hub && watchers.get(id)?.has(client))
              hub.send(client, { type: 'NFT_AUCTION', event: 'snapshot', nft, bid: null, extended: false });
          })
          .catch((error: unknown) => hub?.log.warn({ err: error }, 'live: an NFT snapshot failed'));
      }
    },
    leave,
    async start(started) {
      hub = started;
      await started.fabric.subscribe(NFT_AUCTION_CHANNEL, (payload) => {
        const parsed = nftAuctionFrame.safeParse(JSON.parse(payload));
        if (!parsed.success) return;
        const encoded = encodeFrame(parsed.data);
        for (const client of watchers.get(parsed.data.nft.id) ?? []) started.send(client, encoded);
      });
      return () => {
        hub = null;
        watchers.clear();
        watching.clear();
      };
    },
  };
}
