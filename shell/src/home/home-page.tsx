import { Component, Suspense, lazy, useMemo, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteProps } from '@meridian/platform';
import { LoadingState, RemoteFallback, SimulatedBadge } from '@meridian/ui';
import { whenRemotesRegistered } from '../federation/remote-apps.tsx';
import styles from './home-page.module.css';

type WidgetProps = Pick<RemoteProps, 'platform'>;

/** A new lazy component per attempt, so Retry really loads the widget again. */
function loadMarketTable(_attempt: number) {
  return lazy(async () => {
    await whenRemotesRegistered();
    const mod = await loadRemote<{ MarketTable: ComponentType<WidgetProps> }>('mfe_markets/MarketTable');
    if (!mod) throw new Error('SHELL-003: mfe-markets exposes no MarketTable');
    return { default: mod.MarketTable };
  });
}

class WidgetBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RemoteFallback onRetry={() => this.props.onRetry()} /> : this.props.children;
  }
}

/** Home (shell-owned): an honest introduction and the market table widget exposed by mfe-markets. */
export function HomePage({ platform }: RemoteProps) {
  const { t } = useT('shell');
  const [attempt, setAttempt] = useState(0);
  const MarketTable = useMemo(() => loadMarketTable(attempt), [attempt]);
  return (
    <div className={styles.page} data-testid="home-page">
      <section className={styles.hero}>
        <h1>{t('home.title')}</h1>
        <p>{t('home.lead')}</p>
      </section>
      <section className={styles.section} aria-labelledby="home-markets">
        <h2 id="home-markets" className={styles.sectionTitle}>
          {t('home.markets')} <SimulatedBadge live={platform.live} />
        </h2>
        <WidgetBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
          <Suspense fallback={<LoadingState />}>
            <MarketTable platform={platform} />
          </Suspense>
        </WidgetBoundary>
      </section>
    </div>
  );
}
