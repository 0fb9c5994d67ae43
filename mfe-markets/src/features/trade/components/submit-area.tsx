import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './trade.module.css';

/**
 * The end of an order form: the "no answer yet, check the order list" note while a submit awaits a definite
 * answer, the closed-market note, and the submit button in the colour of its direction.
 */
export function SubmitArea({
  uncertain,
  closed,
  busy,
  up,
  label,
  kind,
}: {
  uncertain: boolean;
  closed: boolean;
  busy: boolean;
  up: boolean;
  label: string;
  /** `contract` or `options`: names the test ids. */
  kind: 'contract' | 'options';
}) {
  const { t } = useT(NAMESPACE);
  return (
    <>
      {uncertain ? (
        <p className={styles.warn} role="status" data-testid={`${kind}-uncertain`}>
          {t('trade.uncertain')}
        </p>
      ) : null}
      {closed ? (
        <p className={styles.warn} data-testid="trade-closed-note">
          {t('trade.marketClosed')}
        </p>
      ) : null}
      <Button
        type="submit"
        className={`${styles.submit} ${up ? styles.submitUp : styles.submitDown}`}
        disabled={closed || busy}
        data-testid={`${kind}-submit`}
      >
        {label}
      </Button>
    </>
  );
}
