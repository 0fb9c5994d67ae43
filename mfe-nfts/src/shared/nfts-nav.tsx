import { NavLink } from 'react-router-dom';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import styles from './nfts.module.css';

const LINKS = [
  { to: '/nfts', key: 'market', end: true },
  { to: '/nfts/mine', key: 'mine', end: true },
  { to: '/nfts/charities', key: 'charities', end: false },
] as const;

/** The section's own pages: the market, my NFTs, the charities (the current one marked for assistive technology too). */
export function NftsNav() {
  const { t } = useT(NAMESPACE);
  return (
    <nav className={styles.nav} aria-label={t('nav.label')} data-testid="nfts-nav">
      {LINKS.map((link) => (
        <NavLink key={link.key} to={link.to} end={link.end} className={styles.navLink} data-testid={`nfts-nav-${link.key}`}>
          {t(`nav.${link.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
