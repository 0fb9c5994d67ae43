import type { OptionsOrder } from '@meridian/contracts';
import { formatCountdown, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { MoneyText, PriceValue } from '../../../shared/money-text.tsx';
import { TickTime } from '../../../shared/tick-time.tsx';
import { useOptionsResult } from '../hooks/use-options-result.ts';
import { Figure, FigureList } from './figure-list.tsx';
import styles from './trade.module.css';

/** The options order just bought: its open tick, a countdown to settlement, then the result with both ticks. */
export function OptionsTicket({ bought, tickSize, onDismiss }: { bought: OptionsOrder; tickSize: string; onDismiss: () => void }) {
  const { t } = useT(NAMESPACE);
  const { order, remainingMs, ended, settled } = useOptionsResult(bought);
  return (
    <section className={styles.ticket} aria-labelledby={`ticket-${order.id}`} data-testid="options-ticket" data-order-id={order.id}>
      <h3 id={`ticket-${order.id}`} className={styles.ticketTitle}>
        {t('trade.options.ticketTitle', { direction: t(`trade.direction.${order.direction}`), code: order.code })}
      </h3>
      <FigureList>
        <Figure label={t('trade.options.amount')}>
          <MoneyText value={order.amount} testId="options-ticket-amount" />
        </Figure>
        <Figure label={t('trade.options.openTick')}>
          <PriceValue value={order.openPrice} tickSize={tickSize} testId="options-open-price" />
          <br />
          <TickTime time={order.openTime} testId="options-open-time" />
        </Figure>
        {settled && order.settlePrice !== null && order.settleTime !== null ? (
          <Figure label={t('trade.options.settleTick')}>
            <PriceValue value={order.settlePrice} tickSize={tickSize} testId="options-settle-price" />
            <br />
            <TickTime time={order.settleTime} testId="options-settle-time" />
          </Figure>
        ) : null}
      </FigureList>
      {!ended ? (
        <p className={styles.countdown} data-testid="options-countdown" data-remaining-ms={remainingMs}>
          {t('trade.options.settlesIn', { time: formatCountdown(remainingMs) })}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {ended && !settled ? (
          <p className={styles.countdown} data-testid="options-settling">
            {t('trade.options.settling')}
          </p>
        ) : null}
        {settled ? (
          <p
            className={`${styles.result} ${styles[`result_${order.status}`] ?? ''}`}
            data-testid="options-result"
            data-status={order.status}
          >
            <strong>{t(`trade.options.status.${order.status}`)}</strong>{' '}
            {order.profit !== null ? <MoneyText value={order.profit} signed testId="options-profit" /> : null}
          </p>
        ) : null}
      </div>
      {settled ? (
        <Button variant="secondary" onClick={onDismiss} data-testid="options-ticket-dismiss">
          {t('trade.options.dismiss')}
        </Button>
      ) : null}
    </section>
  );
}
