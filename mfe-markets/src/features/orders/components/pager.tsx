import { useT } from '@meridian/platform';
import { Button, ListEnd } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './orders.module.css';

/** Previous / next over a paged list, with "page N of M"; nothing when everything fits one page. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId: string;
}) {
  const { t } = useT(NAMESPACE);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // One page of items: no paging, only the end of the list.
  if (pages <= 1 && page <= 1) return total > 0 ? <ListEnd testId={`${testId}-end`} /> : null;
  return (
    <>
      <nav className={styles.pager} aria-label={t('orders.pages')} data-testid={testId}>
        <Button variant="secondary" onClick={() => onChange(page - 1)} disabled={page <= 1} data-testid={`${testId}-prev`}>
          {t('orders.previous')}
        </Button>
        <span aria-live="polite" data-testid={`${testId}-page`}>
          {t('orders.pageOf', { page, pages })}
        </span>
        <Button variant="secondary" onClick={() => onChange(page + 1)} disabled={page >= pages} data-testid={`${testId}-next`}>
          {t('orders.next')}
        </Button>
      </nav>
      {page >= pages && total > 0 ? <ListEnd testId={`${testId}-end`} /> : null}
    </>
  );
}
