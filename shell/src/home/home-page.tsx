import { Component, Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { DEMO_START_BALANCE } from '@meridian/contracts';
import { formatDecimal, formatMoney, useLanguage, useT } from '@meridian/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteProps } from '@meridian/platform';
import { LoadingState, RemoteFallback, SimulatedBadge } from '@meridian/ui';
import { whenRemotesRegistered } from '../federation/remote-apps.tsx';
import { AppLink } from '../navigation/app-link.tsx';
import { install, installOffer$ } from '../pwa/install-prompt.ts';
import { HomeStatistics, useHomeStatistics } from './home-statistics.tsx';
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

/** "Install the app": shown only while the browser offers installation (there is no store listing). */
function InstallBadge() {
  const { t } = useT('shell');
  const [offered, setOffered] = useState(installOffer$.value !== null);
  useEffect(() => {
    const sub = installOffer$.subscribe((offer) => setOffered(offer !== null));
    return () => sub.unsubscribe();
  }, []);
  if (!offered) return null;
  return (
    <button type="button" className={styles.installBadge} onClick={() => void install()} data-testid="install-app">
      <img src="/icons/app.svg" alt="" width={28} height={28} />
      <span>
        <small>{t('home.install.small')}</small>
        <strong>{t('home.install.action')}</strong>
      </span>
    </button>
  );
}

/** Home (shell-owned, SPEC §2): headline, figures from the API, the live market table and the ways in. */
export function HomePage({ platform }: RemoteProps) {
  const { t } = useT('shell');
  const lang = useLanguage();
  const [attempt, setAttempt] = useState(0);
  const MarketTable = useMemo(() => loadMarketTable(attempt), [attempt]);
  const statistics = useHomeStatistics(platform.api);
  const fee = statistics.data ? formatDecimal(statistics.data.tradingFeePercent, lang) : null;
  // The seed's four ways in (markets, loans, smart trading, NFTs); the markets card states the fee from
  // the `trading_fee_percent` setting, and nothing while it is unknown.
  const features: { key: string; href: string; body: string; fee?: string | null }[] = [
    {
      key: 'markets',
      href: '/market',
      body: t('home.features.markets.body', { count: statistics.data?.listedInstruments ?? 0 }),
      fee: fee ? t('home.features.markets.fee', { fee }) : null,
    },
    { key: 'loans', href: '/loan', body: t('home.features.loans.body') },
    { key: 'plans', href: '/trading', body: t('home.features.plans.body') },
    { key: 'nfts', href: '/nfts', body: t('home.features.nfts.body') },
  ];
  return (
    <div className={styles.page} data-testid="home-page">
      <section className={styles.hero}>
        <h1>{t('home.title')}</h1>
        <p>{t('home.lead')}</p>
        <div className={styles.heroActions}>
          <AppLink className={styles.primary} href="/market">
            {t('home.cta')}
          </AppLink>
          <InstallBadge />
        </div>
      </section>
      <HomeStatistics figures={statistics.data} />
      <section className={styles.section} aria-labelledby="home-markets">
        <h2 id="home-markets" className={styles.sectionTitle}>
          {t('home.markets')} <SimulatedBadge live={platform.live} />
          <AppLink className={styles.more} href="/market">
            {t('home.allMarkets')}
          </AppLink>
        </h2>
        {/* Keeps about the table's height while the widget or its rows load, so the sections below do not jump. */}
        <div className={styles.widgetSlot}>
          <WidgetBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
            <Suspense fallback={<LoadingState />}>
              <MarketTable platform={platform} />
            </Suspense>
          </WidgetBoundary>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="home-features">
        <h2 id="home-features" className={styles.sectionTitle}>
          {t('home.featuresTitle')}
        </h2>
        <ul className={styles.cards}>
          {features.map((f) => (
            <li key={f.key} className={styles.card} data-feature={f.key}>
              <AppLink href={f.href} className={styles.cardLink}>
                <h3>{t(`home.features.${f.key}.title`)}</h3>
                <p>{f.body}</p>
                {f.fee ? (
                  <p className={styles.cardFee} data-testid="home-fee">
                    {f.fee}
                  </p>
                ) : null}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section className={`${styles.section} ${styles.pair}`}>
        <AppLink href="/help/notice" className={`${styles.wide} ${styles.news}`} data-testid="home-news">
          <h2>{t('home.news.title')}</h2>
          <p>{t('home.news.body')}</p>
        </AppLink>
        <AppLink href="/profile" className={`${styles.wide} ${styles.demo}`} data-testid="home-demo">
          <h2>{t('home.demo.title')}</h2>
          <p>{t('home.demo.body', { amount: formatMoney(DEMO_START_BALANCE, 'USD', lang) })}</p>
        </AppLink>
      </section>
    </div>
  );
}
