import { createElement, useEffect, useState } from 'react';
import { registerNamespace } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { LoadingState } from '@meridian/ui';
import { NAMESPACE, loadNamespace } from '../../locales/load-namespace.ts';
import { MarketTableView } from './market-table.tsx';

/** Widget exposed as `./MarketTable` for the home page: loads this remote's namespace, then the table. */
export function MarketTable({ platform }: { platform: Pick<Platform, 'live'> }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void registerNamespace(NAMESPACE, loadNamespace).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return ready ? createElement(MarketTableView, { live: platform.live }) : createElement(LoadingState);
}
