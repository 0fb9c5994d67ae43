import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { contentLanguageId } from '@meridian/contracts';
import { ApiError, formatDate, useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { EmptyState } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { HelpLayout } from '../../../shared/components/help-layout.tsx';
import { aboutQueryOptions, contentQueryOptions } from '../api/get-content.ts';
import styles from '../../../shared/components/help.module.css';

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
  const query = useQuery(contentQueryOptions(platform.api, Number(params.get('id'))));
  const title = query.data?.title ?? params.get('title') ?? t('content.title');
  return (
    <HelpLayout title={title} testId="help-detail">
      {query.error instanceof ApiError && query.error.code === '404' ? (
        <EmptyState title={t('content.notFound')} />
      ) : (
        <QueryView query={query}>{(item) => <ContentBody title={item.title} body={item.body} updatedAt={item.updatedAt} />}</QueryView>
      )}
    </HelpLayout>
  );
}

/** `/introduction`: About us — the first company page of the current language. */
export function AboutPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const lang = contentLanguageId(useLanguage());
  const query = useQuery(aboutQueryOptions(platform.api, lang));
  return (
    <HelpLayout title={t('about.title')} testId="help-about">
      <QueryView query={query} isEmpty={(d) => d === null}>
        {(item) => (item ? <ContentBody title={item.title} body={item.body} updatedAt={item.updatedAt} /> : null)}
      </QueryView>
    </HelpLayout>
  );
}
