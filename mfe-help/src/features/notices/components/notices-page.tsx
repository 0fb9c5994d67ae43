import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { contentLanguageId } from '@meridian/contracts';
import { formatDate, useLanguage, useT } from '@meridian/platform';
import { ListEnd } from '@meridian/ui';
import type { Platform } from '@meridian/platform';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { HelpLayout } from '../../../shared/components/help-layout.tsx';
import { noticeQueryOptions, noticesQueryOptions } from '../api/get-notices.ts';
import styles from '../../../shared/components/help.module.css';

/** `/help/notice`: notices, newest first. */
export function NoticesPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const lang = contentLanguageId(language);
  const query = useQuery(noticesQueryOptions(platform.api, lang));
  return (
    <HelpLayout title={t('notices.title')} testId="help-notices">
      <QueryView query={query} isEmpty={(d) => d.length === 0}>
        {(items) => (
          <>
            <ul className={styles.list}>
              {items.map((n) => (
                <li key={n.id} className={styles.listItem} data-testid="notice-item">
                  <Link className={styles.link} dir="auto" to={`/help/notice/${n.id}`}>
                    {n.title}
                  </Link>
                  <time className={styles.meta} dateTime={n.publishedAt}>
                    {formatDate(n.publishedAt, language)}
                  </time>
                </li>
              ))}
            </ul>
            <ListEnd />
          </>
        )}
      </QueryView>
    </HelpLayout>
  );
}

/** `/help/notice/:id`: one notice. */
export function NoticePage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const id = Number(useParams().id);
  const query = useQuery(noticeQueryOptions(platform.api, id));
  return (
    <HelpLayout title={query.data?.title ?? t('notices.title')} testId="help-notice">
      <QueryView query={query}>
        {(notice) => (
          <article className={styles.card}>
            <p className={styles.meta}>
              <time dateTime={notice.publishedAt}>{formatDate(notice.publishedAt, language)}</time>
            </p>
            {/* Bodies are sanitized by the API when they are stored. */}
            <div className={styles.html} dir="auto" dangerouslySetInnerHTML={{ __html: notice.body }} />
          </article>
        )}
      </QueryView>
    </HelpLayout>
  );
}
