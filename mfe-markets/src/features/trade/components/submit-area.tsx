import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import tradingStyles from '../../../shared/trading.module.css';
import { UncertainNote } from '../../../shared/uncertain-note.tsx';
import styles from './trade.module.css';

/**
 * The end of an order form: the "no answer yet, check the order list" note while a submit awaits a definite
 * answer, the closed-market note, and the submit button in the colour of its direction.
 */
export function SubmitArea({
  order,
  closed,
  up,
  label,
  kind,
}: {
  /** The order being sent: busy while it runs, uncertain while its key waits for a definite answer. */
  order: { isPending: boolean; pendingSignature: string | null };
  closed: boolean;
  up: boolean;
  label: string;
  /** `contract` or `options`: names the test ids. */
  kind: 'contract' | 'options';
}) {
  const { t } = useT(NAMESPACE);
  return (
    <>
      {order.pendingSignature !== null ? <UncertainNote testId={`${kind}-uncertain`} /> : null}
      {closed ? (
        <p className={tradingStyles.warn} data-testid="trade-closed-note">
          {t('trade.marketClosed')}
        </p>
      ) : null}
      <Button
        type="submit"
        className={`${styles.submit} ${up ? styles.submitUp : styles.submitDown}`}
        disabled={closed || order.isPending}
        data-testid={`${kind}-submit`}
      >
        {label}
      </Button>
    </>
  );
}
