import { useT } from '@meridian/platform';
import { Button } from '../components/button.tsx';
import { ListEnd } from '../components/states.tsx';
import styles from './kit.module.css';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The nav's test id; its parts are `<testId>-previous`, `-next`, `-page`, `-end`. */
  testId?: string;
}

/**
 * "Page n of m · total" with Previous / Next over a paged list, and the translated end of the list
 * on the last page. A list that fits one page shows only its end.
 */
export function Pager({ page, pageSize, total, onPage, testId = 'pager' }: PagerProps) {
  const { t } = useT('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const end = page >= pages && total > 0 ? <ListEnd testId={`${testId}-end`} /> : null;
  if (pages <= 1 && page <= 1) return end;
  return (
    <>
      <nav className={styles.pager} aria-label={t('kit.pages')} data-testid={testId}>
        <p className={styles.pagerText} aria-live="polite" data-testid={`${testId}-page`}>
          {t('kit.pageOf', { page, pages, total })}
        </p>
        <div className={styles.pagerButtons}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={`${testId}-previous`}>
            {t('kit.previous')}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
            {t('kit.next')}
          </Button>
        </div>
      </nav>
      {end}
    </>
  );
}
