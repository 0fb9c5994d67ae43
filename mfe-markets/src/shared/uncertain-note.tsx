import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './trading.module.css';

/** "No answer yet, check the order list": shown while an order, close or cancel waits for a definite answer. */
export function UncertainNote({ testId, className }: { testId: string; className?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <p className={`${styles.warn} ${className ?? ''}`} role="status" data-testid={testId}>
      {t('trade.uncertain')}
    </p>
  );
}
