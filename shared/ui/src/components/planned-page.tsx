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
