import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { useWatchlist } from './watchlist.ts';
import styles from './watch-star.module.css';

/** The star that adds an instrument to the signed-in user's watchlist or takes it off (none for visitors). */
export function WatchStar({ id, code, large = false }: { id: number; code: string; large?: boolean }) {
  const { t } = useT(NAMESPACE);
  const watchlist = useWatchlist();
  if (!watchlist.loggedIn) return null;
  const watched = watchlist.ids.includes(id);
  return (
    <button
      type="button"
      className={`${styles.star} ${large ? styles.large : ''} ${watched ? styles.on : ''}`}
      aria-pressed={watched}
      aria-label={t(watched ? 'list.unwatch' : 'list.watch', { code })}
      onClick={() => watchlist.toggle(id)}
      data-testid="watch-star"
    >
      {watched ? '★' : '☆'}
    </button>
  );
}
