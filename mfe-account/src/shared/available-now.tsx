import { Link } from 'react-router-dom';
import { Bell, LayoutDashboard, Settings } from 'lucide-react';
import { useT } from '@meridian/platform';
import { surfaceClasses } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';
import layout from './account-page.module.css';
import styles from './available-now.module.css';

const WORKING = [
  { to: '/profile', key: 'overview', Icon: LayoutDashboard },
  { to: '/profile/notification', key: 'notifications', Icon: Bell },
  { to: '/profile/settings', key: 'settings', Icon: Settings },
] as const;

/** The account features that work today, linked from the pages whose own feature is still to come. */
export function AvailableNow() {
  const { t } = useT(NAMESPACE);
  return (
    <section className={`${surfaceClasses.panel} ${layout.card}`} aria-labelledby="available-now-title" data-testid="available-now">
      <h2 id="available-now-title" className={layout.cardTitle}>
        {t('availableNow.title')}
      </h2>
      <ul className={styles.shortcuts}>
        {WORKING.map(({ to, key, Icon }) => (
          <li key={key}>
            <Link to={to} className={styles.shortcut}>
              <Icon size={18} aria-hidden="true" />
              {t(`availableNow.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
