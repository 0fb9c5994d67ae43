import type { FaqItem } from '@meridian/contracts';
import styles from './help.module.css';

/** FAQ entries as expandable questions (native disclosure: keyboard and screen readers work as is). */
export function FaqList({ items, grouped = true }: { items: FaqItem[]; grouped?: boolean }) {
  const groups = new Map<string, FaqItem[]>();
  for (const item of items) groups.set(grouped ? item.category : '', [...(groups.get(grouped ? item.category : '') ?? []), item]);
  return (
    <div>
      {[...groups.entries()].map(([category, entries]) => (
        <section key={category || 'all'} aria-label={category || undefined}>
          {category ? (
            <h2 className={styles.category} dir="auto">
              {category}
            </h2>
          ) : null}
          <div className={styles.stack}>
            {entries.map((item) => (
              <details key={item.id} className={styles.details} data-testid="faq-item">
                <summary className={styles.summary} dir="auto">
                  {item.question}
                </summary>
                {/* Answers are sanitized by the API when they are stored. */}
                <div className={`${styles.answer} ${styles.html}`} dir="auto" dangerouslySetInnerHTML={{ __html: item.answer }} />
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
