import { useEffect, useState } from 'react';
import { useT } from '@meridian/platform';
import type { LiveBus } from '@meridian/platform';
import styles from './simulated-badge.module.css';

/** SPEC §0 rule 6: price screens say so while the simulator feeds them. */
export function SimulatedBadge({ live }: { live: LiveBus }) {
  const { t } = useT('common');
  const [simulated, setSimulated] = useState(live.simulated$.value);
  useEffect(() => {
    const sub = live.simulated$.subscribe(setSimulated);
    return () => sub.unsubscribe();
  }, [live]);
  if (!simulated) return null;
  return (
    <span className={styles.badge} data-testid="simulated-badge">
      {t('live.simulated')}
    </span>
  );
}
