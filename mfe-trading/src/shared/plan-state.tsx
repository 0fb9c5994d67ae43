import type { SmartState } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './trading.module.css';

const TONE: Record<SmartState, string | undefined> = {
  earning: styles.earning,
  profit_shared: styles.shared,
  completed: styles.completed,
  ended_early: styles.endedEarly,
};

/** A plan's state as a badge (earning, profit shared, completed, ended early). */
export function PlanStateBadge({ state }: { state: SmartState }) {
  const { t } = useT(NAMESPACE);
  return (
    <span className={`${styles.badge} ${TONE[state] ?? ''}`} data-testid="smart-state" data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}
