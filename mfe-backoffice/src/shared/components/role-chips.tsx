import type { OperatorRole } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './admin.module.css';

/** An operator's roles as chips (translated role names). */
export function RoleChips({ roles, label }: { roles: readonly OperatorRole[]; label?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <ul className={styles.chips} aria-label={label}>
      {roles.map((role) => (
        <li key={role} className={styles.chip} data-role={role}>
          {t(`roles.${role}`)}
        </li>
      ))}
    </ul>
  );
}
