import type { LoanState } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './loans.module.css';

const TONE: Record<LoanState, string | undefined> = {
  pending: styles.pending,
  repaying: styles.repaying,
  overdue: styles.overdue,
  repaid: styles.repaid,
  rejected: styles.rejected,
};

/** A loan's state as a badge (pending review, repaying, overdue, repaid, rejected). */
export function LoanStateBadge({ state }: { state: LoanState }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={`${styles.badge} ${TONE[state] ?? ''}`} data-testid="loan-state" data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}
