import { BarChart3, Gem, HandCoins, House, LineChart, UserRound } from 'lucide-react';
import { useT } from '@meridian/platform';
import { AppLink } from '../navigation/app-link.tsx';
import { NAV_ENTRIES, activeNav } from '../routes.ts';
import type { NavKey } from '../routes.ts';

const NAV_ICONS: Record<NavKey, typeof House> = {
  home: House,
  market: BarChart3,
  trading: LineChart,
  loan: HandCoins,
  nfts: Gem,
  profile: UserRound,
};

/**
 * The main navigation (desktop top nav; mobile tab bar, with icons): its entries as links, the one owning
 * `pathname` marked as the current page.
 */
export function MainNav({
  pathname,
  className,
  linkClassName,
  testId,
  icons = false,
}: {
  pathname: string;
  className: string | undefined;
  linkClassName: string | undefined;
  testId: string;
  icons?: boolean;
}) {
  const { t } = useT('shell');
  const active = activeNav(pathname);
  return (
    <nav className={className} aria-label={t('nav.label')} data-testid={testId}>
      {NAV_ENTRIES.map(({ key, path }) => {
        const Icon = NAV_ICONS[key];
        return (
          <AppLink key={key} href={path} className={linkClassName} aria-current={active === key ? 'page' : undefined} data-nav={key}>
            {icons ? (
              <>
                <Icon size={20} aria-hidden="true" />
                <span>{t(`nav.${key}`)}</span>
              </>
            ) : (
              t(`nav.${key}`)
            )}
          </AppLink>
        );
      })}
    </nav>
  );
}
