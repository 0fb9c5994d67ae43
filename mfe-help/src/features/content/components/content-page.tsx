import { useSearchParams } from 'react-router-dom';
import { contentLanguageId } from '@meridian/contracts';
import { ApiError, formatDate, useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { HelpLayout } from '../../../app/help-layout.tsx';
import { RequestView } from '../../../app/request-view.tsx';
import { useRequest } from '../../../app/use-request.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { getCompanyPages, getContent } from '../api/get-content.ts';
import styles from '../../../app/help.module.css';

function ContentBody({ title, body, updatedAt }: { title: string; body: string; updatedAt: string }) {
  const { t } = useT(NAMESPACE);
  const language = useLanguage();
  return (
    <article className={styles.card} aria-label={title}>
      {/* Bodies are sanitized by the API when they are stored: no script, handler or javascript: link. */}
      <div className={styles.html} dir="auto" data-testid="content-body" dangerouslySetInnerHTML={{ __html: body }} />
      <p className={styles.meta}>{t('content.updated', { date: formatDate(updatedAt, language) })}</p>
    </article>
  );
}

/** `/detail?id&title`: a content page (the footer's links land here). */
export function ContentPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const request = useRequest(
    (signal) => (valid ? getContent(platform.api, id, signal) : Promise.reject(new ApiError('404', 'no id'))),
    [platform.api, id, valid],
  );
  const title = request.status === 'ok' ? request.data.title : (params.get('title') ?? t('content.title'));
  return (
    <HelpLayout title={title} testId="help-detail">
      {request.status === 'error' && request.error instanceof ApiError && request.error.code === '404' ? (
        <EmptyState title={t('content.notFound')} />
      ) : (
        <RequestView request={request}>
          {(item) => <ContentBody title={item.title} body={item.body} updatedAt={item.updatedAt} />}
        </RequestView>
      )}
    </HelpLayout>
  );
}

/** `/introduction`: About us — the first company page of the current language. */
export function AboutPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const lang = contentLanguageId(useLanguage());
  const request = useRequest(
    async (signal) => {
      const pages = await getCompanyPages(platform.api, lang, signal);
      return pages[0] ? getContent(platform.api, pages[0].id, signal) : null;
    },
    [platform.api, lang],
  );
  return (
    <HelpLayout title={t('about.title')} testId="help-about">
      <RequestView request={request} isEmpty={(d) => d === null}>
        {(item) => (item ? <ContentBody title={item.title} body={item.body} updatedAt={item.updatedAt} /> : null)}
      </RequestView>
    </HelpLayout>
  );
}
