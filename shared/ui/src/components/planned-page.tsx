import { useT } from '@meridian/platform';
import styles from './planned-page.module.css';

export interface PlannedPageProps {
  title: string;
  /** A short honest statement that the feature is not built yet. */
  notice: string;
  lead: string;
  items: string[];
  testId?: string;
}

/**
 * The page a remote shows at its prefix until its feature lands: it says plainly what will live
 * there and shows no invented figures.
 */
export function PlannedPage({ title, notice, lead, items, testId }: PlannedPageProps) {
  return (
    <section className={styles.page} data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.notice}>{notice}</p>
      <p className={styles.lead}>{lead}</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

const ITEM_KEYS = ['items.i1', 'items.i2', 'items.i3', 'items.i4'] as const;

export interface PlannedRemotePageProps {
  /** The remote's namespace: `pages.<page>`, `notice`, `lead` and `items.i1` to `items.i4`. */
  namespace: string;
  page: string;
  testId: string;
}

/** A remote whose feature is still to come: its PlannedPage at every path, in its own namespace's words. */
export function PlannedRemotePage({ namespace, page, testId }: PlannedRemotePageProps) {
  const { t } = useT(namespace);
  return (
    <PlannedPage testId={testId} title={t(`pages.${page}`)} notice={t('notice')} lead={t('lead')} items={ITEM_KEYS.map((key) => t(key))} />
  );
}
