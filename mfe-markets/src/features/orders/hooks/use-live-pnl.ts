import { useEffect, useState } from 'react';
import { animationFrameScheduler, auditTime, scan } from 'rxjs';
import type { LiveBus } from '@meridian/platform';
import { foldPnlFrame } from '../state/merge-pnl.ts';
import type { LivePnlMap } from '../state/merge-pnl.ts';

/** The latest live PnL of each of the user's positions (REAL_TIME_PNL), re-rendering at most once a frame. */
export function useLivePnl(live: LiveBus): LivePnlMap {
  const [known, setKnown] = useState<LivePnlMap>(() => new Map());
  useEffect(() => {
    const subscription = live.pnl$
      .pipe(
        scan((map: LivePnlMap, frame) => foldPnlFrame(map, frame, Date.now()), new Map() as LivePnlMap),
        auditTime(0, animationFrameScheduler),
      )
      .subscribe(setKnown);
    return () => subscription.unsubscribe();
  }, [live]);
  return known;
}
