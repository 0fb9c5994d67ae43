import { useEffect, useMemo, useState } from 'react';
import { animationFrameScheduler, auditTime } from 'rxjs';
import type { MarketItem } from '@meridian/contracts';
import type { LiveBus } from './live-bus.ts';

/**
 * Watches topics while the component is shown and returns the live instruments, re-rendering at
 * most once per animation frame however many frames arrive (one place for every price screen).
 */
export function useLiveMarkets(live: LiveBus, topics: readonly string[]): ReadonlyMap<number, MarketItem> {
  const key = topics.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the topics are compared by value
  const stable = useMemo(() => topics, [key]);
  const [items, setItems] = useState(live.markets$.value);
  useEffect(() => live.watch(stable), [live, stable]);
  useEffect(() => {
    const sub = live.markets$.pipe(auditTime(0, animationFrameScheduler)).subscribe(setItems);
    return () => sub.unsubscribe();
  }, [live]);
  return items;
}

/** The live connection's state and whether prices are simulated, for labels and offline notices. */
export function useLiveStatus(live: LiveBus): { connection: LiveBus['connection$']['value']; simulated: boolean } {
  const [connection, setConnection] = useState(live.connection$.value);
  const [simulated, setSimulated] = useState(live.simulated$.value);
  useEffect(() => {
    const a = live.connection$.subscribe(setConnection);
    const b = live.simulated$.subscribe(setSimulated);
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [live]);
  return { connection, simulated };
}
