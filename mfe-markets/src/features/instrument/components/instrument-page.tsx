import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CANDLE_INTERVALS, wholeNumber } from '@meridian/contracts';
import type { CandleInterval, MarketInfo } from '@meridian/contracts';
import { formatDateTime, formatDecimal, localeOf, useLanguage, useLiveMarkets, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState, SimulatedBadge } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { InstrumentLogo } from '../../../shared/instrument-logo.tsx';
import type { InstrumentSlots } from '../../../shared/instrument-slots.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { ChangeText, PriceText } from '../../../shared/price-text.tsx';
import pageStyles from '../../../shared/page.module.css';
import { WatchStar } from '../../../shared/watch-star.tsx';
import { getCandles } from '../api/get-candles.ts';
import { getMarketInfo } from '../api/get-market-info.ts';
import { CandleChart } from './candle-chart.tsx';
import { useLiveCandles } from './live-candles.ts';
import styles from './instrument.module.css';
import { marketKeys } from '../../../shared/trading-keys.ts';

function readId(): number | null {
  const id = wholeNumber(new URLSearchParams(window.location.search).get('id'));
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}

/**
 * `/cruuency?code&type&id`: the instrument's chart, its day and its facts, with the order panel beside
 * the chart and the order lists under it (given by the app as slots).
 */
export function InstrumentPage({ orderPanel, orderLists }: InstrumentSlots) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const [id] = useState(readId);
  const info = useQuery({
    queryKey: marketKeys.info(id),
    queryFn: ({ signal }) => getMarketInfo(api, id!, signal),
    enabled: id !== null,
    // The day's figures and the session state move slowly: read again every half minute.
    refetchInterval: 30_000,
  });
  if (id === null || (info.isError && (info.error as { code?: string }).code === '404')) {
    return (
      <div className={pageStyles.page} data-testid="instrument-page">
        <EmptyState title={t('instrument.notFound')}>
          <a href="/market">{t('instrument.backToMarkets')}</a>
        </EmptyState>
      </div>
    );
  }
  if (info.isPending) return <LoadingState label={t('instrument.loading')} />;
  if (info.isError) return <ErrorState title={t('instrument.failed')} onRetry={() => void info.refetch()} />;
  return <InstrumentView info={info.data} orderPanel={orderPanel} orderLists={orderLists} />;
}

function InstrumentView({ info, orderPanel, orderLists }: { info: MarketInfo } & InstrumentSlots) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const { api, live } = usePlatform();
  const [interval, setInterval] = useState<CandleInterval>('15m');
  const topics = useMemo(() => [`id:${info.id}`], [info.id]);
  const markets = useLiveMarkets(live, topics);
  const item = markets.get(info.id) ?? info;

  const candles = useQuery({
    queryKey: marketKeys.candles(info.code, interval),
    queryFn: ({ signal }) => getCandles(api, { code: info.code, interval, limit: 300 }, signal),
    staleTime: 60_000,
  });
  const series = useLiveCandles(candles.data?.candles, interval, item.nowPrice);
  const last = series[series.length - 1];

  const places = info.tickSize.includes('.') ? info.tickSize.split('.')[1]!.length : 0;
  const facts: [string, string][] = [
    [t('instrument.facts.hours'), t(`sessions.${info.session}`)],
    [t('instrument.facts.leverages'), info.leverages.map((l) => `${l}×`).join(' · ')],
    [t('instrument.facts.contractSize'), formatDecimal(info.contractSize, lang)],
    [t('instrument.facts.tickSize'), formatDecimal(info.tickSize, lang, { min: places, max: places })],
  ];

  return (
    <div className={pageStyles.page} data-testid="instrument-page" data-code={info.code}>
      <header className={pageStyles.header}>
        <InstrumentLogo item={info} size={40} />
        <div className={styles.heading}>
          <h1 className={pageStyles.title}>{info.code}</h1>
          <span className={styles.sub}>{info.name}</span>
        </div>
        <span className={`${styles.state} ${info.tradingOpen ? styles.open : styles.closed}`} data-testid="trading-state">
          {info.tradingOpen ? t('instrument.open') : t('instrument.closed')}
        </span>
        <SimulatedBadge live={live} />
        <span className={styles.end}>
          <WatchStar id={info.id} code={info.code} large />
        </span>
      </header>

      <div className={styles.quote}>
        <span className={styles.price}>
          <PriceText value={item.nowPrice} testId="instrument-price" />
        </span>
        <ChangeText value={item.zdf} testId="instrument-change" />
        {info.nextSessionChange ? (
          <span className={styles.next}>
            {t(info.tradingOpen ? 'instrument.closesAt' : 'instrument.opensAt', { time: formatDateTime(info.nextSessionChange, lang) })}
          </span>
        ) : null}
      </div>

      <div className={styles.layout}>
        <section className={`${pageStyles.card} ${styles.chartCard}`} aria-label={t('instrument.chart')}>
          <div className={styles.intervals} role="group" aria-label={t('instrument.interval')}>
            {CANDLE_INTERVALS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={interval === value}
                className={`${styles.interval} ${interval === value ? styles.intervalOn : ''}`}
                onClick={() => setInterval(value)}
                data-testid={`interval-${value}`}
              >
                {t(`intervals.${value}`)}
              </button>
            ))}
          </div>
          {candles.isPending ? (
            <LoadingState label={t('instrument.loadingChart')} />
          ) : candles.isError ? (
            <ErrorState title={t('instrument.chartFailed')} onRetry={() => void candles.refetch()} />
          ) : (
            <>
              <CandleChart
                candles={series}
                interval={interval}
                label={t('instrument.chartOf', { code: info.code, interval: t(`intervals.${interval}`) })}
                names={{ price: t('instrument.price'), volume: t('instrument.volume') }}
              />
              <p
                className={styles.chartNote}
                data-testid="chart-data"
                data-interval={interval}
                data-candles={series.length}
                data-last-open={last?.[0]}
                data-last-close={last?.[4]}
              >
                {t('instrument.chartNote', { count: series.length })}
              </p>
            </>
          )}
        </section>

        <aside className={styles.side}>
          {orderPanel ? <div className={styles.panelSlot}>{orderPanel({ instrument: info, price: item.nowPrice })}</div> : null}
          <div className={styles.dayAndTerms}>
            <section className={pageStyles.card} aria-labelledby="day-title">
              <h2 id="day-title" className={pageStyles.cardTitle}>
                {t('instrument.day')}
              </h2>
              <dl className={styles.facts}>
                <dt>{t('instrument.high')}</dt>
                <dd>
                  <PriceText value={info.high24h} testId="high24h" />
                </dd>
                <dt>{t('instrument.low')}</dt>
                <dd>
                  <PriceText value={info.low24h} testId="low24h" />
                </dd>
                <dt>{t('instrument.dayOpen')}</dt>
                <dd>
                  <PriceText value={info.open24h} />
                </dd>
                <dt>{t('instrument.volume24h')}</dt>
                <dd data-testid="volume24h">
                  {new Intl.NumberFormat(localeOf(lang), { notation: 'compact', style: 'currency', currency: 'USD' }).format(
                    info.volume24h as unknown as number,
                  )}
                </dd>
              </dl>
            </section>
            <section className={pageStyles.card} aria-labelledby="facts-title">
              <h2 id="facts-title" className={pageStyles.cardTitle}>
                {t('instrument.factsTitle')}
              </h2>
              <dl className={styles.facts} data-testid="instrument-facts">
                {facts.map(([term, value]) => (
                  <div key={term} className={styles.fact}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </aside>

        {orderLists ? <div className={styles.lists}>{orderLists({ instrument: info, price: item.nowPrice })}</div> : null}
      </div>
    </div>
  );
}
