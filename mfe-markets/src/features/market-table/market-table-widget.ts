import { createElement, useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { registerNamespace } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { LoadingState } from '@meridian/ui';
import { NAMESPACE, loadNamespace } from '../../locales/load-namespace.ts';
import { PlatformProvider } from '../../shared/platform-context.tsx';
import { MarketTableView } from './market-table.tsx';

/** Widget exposed as `./MarketTable` for the home page: loads this remote's namespace, then the table. */
export function MarketTable({ platform }: { platform: Platform }): ReactElement {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void registerNamespace(NAMESPACE, loadNamespace).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return createElement(
    PlatformProvider,
    { value: platform },
    ready ? createElement(MarketTableView, { platform }) : createElement(LoadingState),
  );
}
