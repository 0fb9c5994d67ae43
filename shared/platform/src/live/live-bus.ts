import { BehaviorSubject, Subject } from 'rxjs';
import type { BalanceUpdate, MarketItem, ServerFrame } from '@meridian/contracts';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'authenticated' | 'closed';

export type PnlFrame = Extract<ServerFrame, { type: 'REAL_TIME_PNL' }>['data'];

/**
 * The live bus: the shell owns the WebSocket and feeds these streams; remotes only subscribe.
 * `markets$` always holds the latest full picture (code → instrument).
 */
export interface LiveBus {
  markets$: BehaviorSubject<ReadonlyMap<string, MarketItem>>;
  /** True while the built-in simulator feeds prices (SPEC §0 rule 6). */
  simulated$: BehaviorSubject<boolean>;
  pnl$: Subject<PnlFrame>;
  balance$: Subject<BalanceUpdate>;
  connection$: BehaviorSubject<ConnectionState>;
}

export function createLiveBus(): LiveBus {
  return {
    markets$: new BehaviorSubject<ReadonlyMap<string, MarketItem>>(new Map()),
    simulated$: new BehaviorSubject(false),
    pnl$: new Subject(),
    balance$: new Subject(),
    connection$: new BehaviorSubject<ConnectionState>('idle'),
  };
}

/** Applies one server frame to the bus. Frames for other users never reach a client (server rule). */
export function applyFrame(bus: LiveBus, frame: ServerFrame, ownUserId: string | null): void {
  switch (frame.type) {
    case 'MARKETS': {
      const next = new Map(frame.full ? [] : bus.markets$.value);
      for (const item of frame.data) next.set(item.code, item);
      bus.simulated$.next(frame.simulated);
      bus.markets$.next(next);
      return;
    }
    case 'REAL_TIME_PNL':
      bus.pnl$.next(frame.data);
      return;
    case 'BATCH_REAL_TIME_PNL': {
      const own = ownUserId ? frame.data[ownUserId] : undefined;
      if (own) bus.pnl$.next(own);
      return;
    }
    case 'USER_BALANCE_UPDATE':
      if (frame.userId === ownUserId) bus.balance$.next(frame);
      return;
    case 'BATCH_USER_BALANCE_UPDATE': {
      const own = ownUserId ? frame.data[ownUserId] : undefined;
      if (own && ownUserId) bus.balance$.next({ type: 'USER_BALANCE_UPDATE', userId: ownUserId, ...own });
      return;
    }
    case 'AUTH_SUCCESS':
      bus.connection$.next('authenticated');
      return;
    default:
      return;
  }
}
