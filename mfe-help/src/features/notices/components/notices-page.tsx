import { Link, useParams } from 'react-router-dom';
import { contentLanguageId } from '@meridian/contracts';
import { formatDate, useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { HelpLayout } from '../../../app/help-layout.tsx';
import { RequestView } from '../../../app/request-view.tsx';
import { useRequest } from '../../../app/use-request.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { getNotice, getNotices } from '../api/get-notices.ts';
import styles from '../../../app/help.module.css';

/** `/help/notice`: notices, newest first. */
export function NoticesPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const lang = contentLanguageId(language);
  const request = useRequest((signal) => getNotices(platform.api, lang, signal), [platform.api, lang]);
  return (
    <HelpLayout title={t('notices.title')} testId="help-notices">
      <RequestView request={request} isEmpty={(d) => d.length === 0}>
        {(items) => (
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
        )}
      </RequestView>
    </HelpLayout>
  );
}

/** `/help/notice/:id`: one notice. */
export function NoticePage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  const id = Number(useParams().id);
  const request = useRequest((signal) => getNotice(platform.api, id, signal), [platform.api, id]);
  return (
    <HelpLayout title={request.status === 'ok' ? request.data.title : t('notices.title')} testId="help-notice">
      <RequestView request={request}>
        {(notice) => (
          <article className={styles.card}>
            <p className={styles.meta}>
              <time dateTime={notice.publishedAt}>{formatDate(notice.publishedAt, language)}</time>
            </p>
            {/* Bodies are sanitized by the API when they are stored. */}
            <div className={styles.html} dir="auto" dangerouslySetInnerHTML={{ __html: notice.body }} />
          </article>
        )}
      </RequestView>
    </HelpLayout>
  );
}
