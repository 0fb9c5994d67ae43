import { wholeNumber } from '@meridian/contracts';
import type { ServerFrame } from '@meridian/contracts';
import type { MarketService } from '../../market/market-service.ts';
import { encodeFrame } from '../topic-provider.ts';
import type { EncodedFrame, LiveClient, LiveHub, PublicTopics } from '../topic-provider.ts';

/** Connections with the same topics: each frame for them is serialized and encoded once and sent to all. */
interface Group {
  readonly key: string;
  readonly ids: ReadonlySet<number>;
  /** Instruments whose 100-price series the first frame carries (the home list's sparklines). */
  readonly series: ReadonlySet<number>;
  readonly clients: Set<LiveClient>;
  /** The group's full frame, encoded once per tick. */
  snapshot: EncodedFrame | null;
}

/** Whether a topic is a market one: the home list, a market type or one instrument (`marketTopic`). */
const isMarketTopic = (topic: string): boolean => topic === 'home' || topic.startsWith('type:') || topic.startsWith('id:');

/** The instruments of a set of topics, and those of them whose series the snapshot carries. */
function instrumentsOf(market: MarketService, topics: readonly string[]): { ids: Set<number>; series: Set<number> } {
  const ids = new Set<number>();
  const series = new Set<number>();
  for (const topic of topics) {
    if (topic === 'home') {
      for (const id of market.catalogue.homeIds()) {
        ids.add(id);
        series.add(id);
      }
    } else if (topic.startsWith('type:')) {
      for (const i of market.catalogue.ofType(wholeNumber(topic.slice(5)))) ids.add(i.id);
    } else {
      const id = wholeNumber(topic.slice(3));
      if (market.catalogue.byId(id)) ids.add(id);
    }
  }
  return { ids, series };
}

/**
 * The market topics (SPEC §4, §6): a connection watches the home list, market types and single
 * instruments; it is sent a full `MARKETS` frame of those instruments, then at most one `TICKS` frame
 * per `frameMs` with only the ones whose price changed. Connections watching the same topics share each
 * frame, serialized once. Prices reach every node through the market service's own feed.
 */
export function marketTopics(market: MarketService, options: { frameMs?: number } = {}): PublicTopics {
  const frameMs = options.frameMs ?? 1000;
  const groups = new Map<string, Group>();
  const groupOf = new Map<LiveClient, Group>();
  /** The hub the provider was started with (`watch` before `start` sends nothing). */
  let hub: LiveHub | null = null;
  /** Connections whose frames were skipped (slow readers): their next frame is a full picture. */
  const behind = new Set<LiveClient>();

  const groupFor = (topics: readonly string[]): Group => {
    const unique = [...new Set(topics)].sort();
    const key = unique.join(',');
    const existing = groups.get(key);
    if (existing) return existing;
    const group: Group = { key, ...instrumentsOf(market, unique), clients: new Set(), snapshot: null };
    groups.set(key, group);
    return group;
  };

  const snapshotOf = (group: Group): EncodedFrame => {
    group.snapshot ??= encodeFrame({
      type: 'MARKETS',
      full: true,
      simulated: market.simulated,
      data: [...group.ids].map((id) => market.book.item(id, group.series.has(id))).filter((item) => item !== undefined),
    } satisfies ServerFrame);
    return group.snapshot;
  };

  /** Sends a frame of the group, or its full picture to a connection that missed some; a skip is remembered. */
  const deliver = (client: LiveClient, group: Group, frame: () => EncodedFrame) => {
    if (!hub) return;
    const missed = behind.has(client);
    const outcome = hub.deliver(client, missed ? () => snapshotOf(group) : frame);
    if (outcome === 'skipped') behind.add(client);
    else if (outcome === 'sent' && missed) behind.delete(client);
  };

  const leave = (client: LiveClient) => {
    behind.delete(client);
    const group = groupOf.get(client);
    if (!group) return;
    groupOf.delete(client);
    group.clients.delete(client);
    if (group.clients.size === 0) groups.delete(group.key);
  };

  return {
    name: 'markets',
    audience: 'public',
    serves: isMarketTopic,
    watch(client, topics) {
      leave(client);
      const group = groupFor(topics);
      group.clients.add(client);
      groupOf.set(client, group);
      deliver(client, group, () => snapshotOf(group));
    },
    leave,
    async start(started) {
      hub = started;
      return startFrames();
    },
  };

  /**
   * Ticks are gathered and sent at most once per frame interval, paced by the ticks' own times (with a
   * tenth of slack for timer jitter): a tick that took long to compute delays its own frame, not the next.
   */
  function startFrames(): () => void {
    let pending = new Set<number>();
    let lastTime = 0;
    let lastFrameTick = Number.NEGATIVE_INFINITY;
    let frameTimer: ReturnType<typeof setTimeout> | null = null;
    const broadcast = () => {
      frameTimer = null;
      lastFrameTick = lastTime;
      const changed = pending;
      pending = new Set();
      for (const group of groups.values()) {
        group.snapshot = null;
        const data: [number, string, string][] = [];
        for (const id of changed) {
          if (!group.ids.has(id)) continue;
          const tick = market.book.tick(id);
          if (tick) data.push(tick);
        }
        if (data.length === 0) continue;
        let encoded: EncodedFrame | null = null;
        const ticks = () => (encoded ??= encodeFrame({ type: 'TICKS', simulated: market.simulated, time: lastTime, data }));
        for (const client of group.clients) deliver(client, group, ticks);
      }
    };
    const stopTicks = market.onTicks(({ time, ids }) => {
      for (const id of ids) pending.add(id);
      lastTime = time;
      if (frameTimer) return;
      const due = lastFrameTick + frameMs * 0.9;
      if (time >= due) broadcast();
      // Tick times are the leader's clock: never wait longer than one interval on this node's.
      else frameTimer = setTimeout(broadcast, Math.min(due - time, frameMs));
    });
    return () => {
      stopTicks();
      if (frameTimer) clearTimeout(frameTimer);
    };
  }
}
