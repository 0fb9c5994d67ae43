import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import styles from './shortcut-list.module.css';

interface Shortcut {
  to: string;
  label: string;
  Icon: LucideIcon;
}

/** Links to other screens as a grid of buttons, each with its icon. */
export function ShortcutList({ items }: { items: readonly Shortcut[] }) {
  return (
    <ul className={styles.shortcuts}>
      {items.map(({ to, label, Icon }) => (
        <li key={to}>
          <Link to={to} className={styles.shortcut}>
            <Icon size={18} aria-hidden="true" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
