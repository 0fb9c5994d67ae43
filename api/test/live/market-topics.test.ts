import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@meridian/contracts';
import { InProcessFabric } from '../../src/live/live-fabric.ts';
import { marketTopics } from '../../src/live/providers/market-topics.ts';
import type { Delivery, LiveClient, LiveHub } from '../../src/live/topic-provider.ts';
import type { MarketService } from '../../src/market/market-service.ts';

/** A market of three instruments (1 and 2 on the home list, 3 of type 2) whose ticks the test sends. */
function scriptedMarket() {
  const prices = new Map([
    [1, '10'],
    [2, '20'],
    [3, '30'],
  ]);
  let listener: ((event: { time: number; ids: number[] }) => void) | null = null;
  const market = {
    simulated: true,
    catalogue: {
      homeIds: () => [1, 2],
      ofType: (type: number) => (type === 2 ? [{ id: 3 }] : []),
      byId: (id: number) => (prices.has(id) ? { id } : undefined),
    },
    book: {
      item: (id: number, series: boolean) => ({
        id,
        code: `I${id}`,
        type: 2,
        name: `I${id}`,
        logo: null,
        nowPrice: prices.get(id)!,
        zdf: '0',
        hundred: series ? [prices.get(id)!] : [],
      }),
      tick: (id: number) => [id, prices.get(id)!, '0'],
    },
    onTicks: (next: typeof listener) => {
      listener = next;
      return () => (listener = null);
    },
  } as unknown as MarketService;
  let time = 0;
  const tick = (id: number, price: string) => {
    prices.set(id, price);
    time += 1000;
    listener!({ time, ids: [id] });
  };
  return { market, tick };
}

/** A hub that records what each connection was sent, and skips its frames while the test says it is behind. */
function recordingHub() {
  const sent = new Map<LiveClient, ServerFrame[]>();
  const slow = new Set<LiveClient>();
  const hub: LiveHub = {
    fabric: new InProcessFabric(),
    log: console as unknown as FastifyBaseLogger,
    deliver(client, frame): Delivery {
      if (slow.has(client)) return 'skipped';
      sent.set(client, [...(sent.get(client) ?? []), JSON.parse(frame().toString()) as ServerFrame]);
      return 'sent';
    },
    send: () => undefined,
    toUser: () => undefined,
    hasUser: () => false,
  };
  const client = (): LiveClient => ({ socket: {} as WebSocket, userId: null });
  const summary = (c: LiveClient) =>
    (sent.get(c) ?? []).map((f) =>
      f.type === 'MARKETS'
        ? `MARKETS ${f.data.map((i) => `${i.id}@${i.nowPrice}`).join(' ')}`
        : f.type === 'TICKS'
          ? `TICKS ${f.data.map(([id, p]) => `${id}@${p}`).join(' ')}`
          : f.type,
    );
  return { hub, slow, client, summary };
}

describe('the market topic provider', () => {
  it('serves the market topics only; a watch answers the full picture; ticks go to the watchers of the instrument', async () => {
    const { market, tick } = scriptedMarket();
    const { hub, client, summary } = recordingHub();
    const provider = marketTopics(market, { frameMs: 1000 });
    const stop = await provider.start(hub);
    expect(['home', 'type:2', 'id:3', 'auction:7', 'user:u1'].map((t) => provider.serves(t))).toEqual([true, true, true, false, false]);
    const [home, typeTwo] = [client(), client()];
    provider.watch(home, ['home']);
    provider.watch(typeTwo, ['type:2']);
    tick(1, '11');
    tick(3, '31');
    expect(summary(home)).toEqual(['MARKETS 1@10 2@20', 'TICKS 1@11']);
    expect(summary(typeTwo)).toEqual(['MARKETS 3@30', 'TICKS 3@31']);
    provider.leave(typeTwo);
    tick(3, '32');
    expect(summary(typeTwo)).toEqual(['MARKETS 3@30', 'TICKS 3@31']);
    stop();
  });

  it('a connection whose frames were skipped is sent the full picture next, then ticks again', async () => {
    const { market, tick } = scriptedMarket();
    const { hub, slow, client, summary } = recordingHub();
    const provider = marketTopics(market, { frameMs: 1000 });
    const stop = await provider.start(hub);
    const [reader, laggard] = [client(), client()];
    provider.watch(reader, ['home']);
    provider.watch(laggard, ['home']);
    slow.add(laggard);
    tick(1, '11');
    tick(2, '21');
    slow.delete(laggard);
    tick(1, '12');
    tick(2, '22');
    expect(summary(reader)).toEqual(['MARKETS 1@10 2@20', 'TICKS 1@11', 'TICKS 2@21', 'TICKS 1@12', 'TICKS 2@22']);
    expect(summary(laggard)).toEqual(['MARKETS 1@10 2@20', 'MARKETS 1@12 2@21', 'TICKS 2@22']);
    stop();
  });
});
