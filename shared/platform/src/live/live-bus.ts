import { BehaviorSubject, Subject } from 'rxjs';
import type { AccountModeName, BalanceUpdate, MarketItem, NftAuctionFrame, ServerFrame, UserEventFrame } from '@meridian/contracts';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'authenticated' | 'closed';

export type PnlFrame = Extract<ServerFrame, { type: 'REAL_TIME_PNL' }>['data'];

/** SPEC §8: the chart keeps 100 points. */
const SERIES_LENGTH = 100;

/**
 * The live bus: the shell owns the WebSocket and feeds these streams; remotes only subscribe.
 * `markets$` holds the latest picture of the instruments the page watches (id → instrument).
 */
export interface LiveBus {
  markets$: BehaviorSubject<ReadonlyMap<number, MarketItem>>;
  /** True while the built-in simulator feeds prices (SPEC §0 rule 6). */
  simulated$: BehaviorSubject<boolean>;
  pnl$: Subject<PnlFrame>;
  balance$: Subject<BalanceUpdate>;
  /** The signed-in user switched account mode (in any window or device): `ACCOUNT_MODE` frames. */
  mode$: Subject<AccountModeName>;
  /** The signed-in user's data changed elsewhere: `USER_EVENT` frames naming the queries to read again. */
  userEvent$: Subject<UserEventFrame>;
  connection$: BehaviorSubject<ConnectionState>;
  /** Bids, closes and purchases of the NFTs the page watches (`nft:<id>` topics): `NFT_AUCTION` frames. */
  nft$: Subject<NftAuctionFrame>;
  /** What the page watches (the union of every `watch`), sorted; the connection subscribes to it. */
  topics$: BehaviorSubject<readonly string[]>;
  /**
   * Asks for live topics (prices: `home`, `type:N`, `id:N`; an NFT auction: `nft:N`) while something shows them; the
   * returned function stops watching. A visitor on one tab receives only what that tab shows.
   */
  watch(topics: readonly string[]): () => void;
}

export function createLiveBus(): LiveBus {
  const counts = new Map<string, number>();
  const topics$ = new BehaviorSubject<readonly string[]>([]);
  const publish = () => {
    const next = [...counts.keys()].sort();
    const current = topics$.value;
    if (next.length !== current.length || next.some((t, i) => t !== current[i])) topics$.next(next);
  };
  return {
    markets$: new BehaviorSubject<ReadonlyMap<number, MarketItem>>(new Map()),
    simulated$: new BehaviorSubject(false),
    pnl$: new Subject(),
    balance$: new Subject(),
    mode$: new Subject(),
    userEvent$: new Subject(),
    nft$: new Subject(),
    connection$: new BehaviorSubject<ConnectionState>('idle'),
    topics$,
    watch(topics) {
      const own = [...new Set(topics)];
      for (const t of own) counts.set(t, (counts.get(t) ?? 0) + 1);
      publish();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        for (const t of own) {
          const n = (counts.get(t) ?? 1) - 1;
          if (n <= 0) counts.delete(t);
          else counts.set(t, n);
        }
        publish();
      };
    },
  };
}

/** Applies one server frame to the bus. Frames for other users never reach a client (server rule). */
export function applyFrame(bus: LiveBus, frame: ServerFrame, ownUserId: string | null): void {
  switch (frame.type) {
    case 'MARKETS': {
      const before = bus.markets$.value;
      const next = new Map(frame.full ? [] : before);
      for (const item of frame.data) {
        // A listing leaves the series out: keep the one this page already has.
        const known = before.get(item.id);
        next.set(item.id, item.hundred.length === 0 && known ? { ...item, hundred: known.hundred } : item);
      }
      bus.simulated$.next(frame.simulated);
      bus.markets$.next(next);
      return;
    }
    case 'TICKS': {
      const next = new Map(bus.markets$.value);
      for (const [id, price, zdf] of frame.data) {
        const item = next.get(id);
        if (!item) continue;
        const hundred = item.hundred.length === 0 ? item.hundred : [...item.hundred.slice(1 - SERIES_LENGTH), price];
        next.set(id, { ...item, nowPrice: price, zdf, hundred });
      }
      if (bus.simulated$.value !== frame.simulated) bus.simulated$.next(frame.simulated);
      bus.markets$.next(next);
      return;
    }
    case 'REAL_TIME_PNL':
      bus.pnl$.next(frame.data);
      return;
    // A batch (one change moved several of the user's orders) feeds the same streams as single frames,
    // so screens update the same way; only the receiver's own entry is read.
    case 'BATCH_REAL_TIME_PNL': {
      const own = ownUserId ? frame.data[ownUserId] : undefined;
      if (own && Object.keys(own).length > 0) bus.pnl$.next(own);
      return;
    }
    case 'USER_BALANCE_UPDATE':
      if (frame.userId === ownUserId) bus.balance$.next(frame);
      return;
    case 'BATCH_USER_BALANCE_UPDATE': {
      const own = ownUserId ? frame.data[ownUserId] : undefined;
      if (own && ownUserId)
        bus.balance$.next({ type: 'USER_BALANCE_UPDATE', userId: ownUserId, ...(frame.mode ? { mode: frame.mode } : {}), ...own });
      return;
    }
    case 'ACCOUNT_MODE':
      bus.mode$.next(frame.mode);
      return;
    case 'USER_EVENT':
      if (frame.userId === ownUserId) bus.userEvent$.next(frame);
      return;
    case 'NFT_AUCTION':
      bus.nft$.next(frame);
      return;
    case 'AUTH_SUCCESS':
      bus.connection$.next('authenticated');
      return;
    default:
      return;
  }
}
