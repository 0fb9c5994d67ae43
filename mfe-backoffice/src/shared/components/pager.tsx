import { useT } from '@meridian/platform';
import { Button, ListEnd } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import styles from './admin.module.css';

/** Page n of m with Previous / Next (the operator API pages by 50 unless told otherwise). */
export function Pager({
  page,
  total,
  pageSize = 50,
  onPage,
}: {
  page: number;
  total: number;
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const { t } = useT(NAMESPACE);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <nav className={styles.pager} aria-label={t('ui.pages')}>
        <p className={styles.pagerText} aria-live="polite">
          {t('ui.pageOf', { page, pages, total })}
        </p>
        <div className={styles.pagerButtons}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="pager-previous">
            {t('ui.previous')}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="pager-next">
            {t('ui.next')}
          </Button>
        </div>
      </nav>
      {page >= pages && total > 0 ? <ListEnd /> : null}
    </>
  );
}
