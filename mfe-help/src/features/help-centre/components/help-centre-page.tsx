import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { contentLanguageId } from '@meridian/contracts';
import { searchHelpQuery } from '@meridian/contracts/schemas';
import { useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { Button, EmptyState, LoadingState } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { FaqList } from '../../../shared/components/faq-list.tsx';
import { HelpLayout } from '../../../shared/components/help-layout.tsx';
import { errorKey } from '../../../shared/components/error-key.ts';
import { searchHelpQueryOptions } from '../api/search-help.ts';
import styles from '../../../shared/components/help.module.css';

/** The ways into the help area's own pages (support, on a page of its own, follows them). */
const QUICK_LINKS = [
  { to: '/help/faq', text: 'centre.quickFaq' },
  { to: '/help/notice', text: 'centre.quickNotices' },
  { to: '/introduction', text: 'centre.quickAbout' },
] as const;

/** `/help`: search over FAQ and notices, and the ways into the help area. */
export function HelpCentrePage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = contentLanguageId(useLanguage());
  const inputId = useId();
  const errorId = useId();
  const [query, setQuery] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The query last submitted (null: none yet); the search follows it and the page's language.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = useQuery(searchHelpQueryOptions(platform.api, lang, submitted));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = searchHelpQuery.safeParse({ q: query });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setFieldError(null);
    // Searching the same words again asks again (an earlier failure may have been passing).
    if (parsed.data.q === submitted) void search.refetch();
    else setSubmitted(parsed.data.q);
  };

  // Only a submit or a change of language fetches: while it runs, the loading state replaces the results.
  const searching = search.isFetching;
  const failed = search.isError && !searching;
  const results = searching || failed ? undefined : search.data;
  return (
    <HelpLayout title={t('centre.title')} testId="help-centre">
      <form role="search" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.meta}>
          {t('centre.searchLabel')}
        </label>
        <div className={styles.search}>
          <input
            id={inputId}
            className={styles.input}
            type="search"
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            placeholder={t('centre.searchPlaceholder')}
            data-testid="help-search-input"
          />
          <Button type="submit">{t('centre.search')}</Button>
        </div>
        {fieldError ? (
          <p id={errorId} className={styles.error} role="alert">
            {tc(fieldError)}
          </p>
        ) : null}
      </form>

      <div aria-live="polite" data-testid="help-search-results">
        {searching ? <LoadingState /> : null}
        {failed ? <p className={styles.error}>{tc(errorKey(search.error))}</p> : null}
        {results && results.faqs.length + results.notices.length === 0 ? <EmptyState title={t('centre.noResults')} /> : null}
        {results && results.faqs.length > 0 ? (
          <>
            <h2 className={styles.sectionTitle}>{t('nav.faq')}</h2>
            <FaqList items={results.faqs} grouped={false} />
          </>
        ) : null}
        {results && results.notices.length > 0 ? (
          <>
            <h2 className={styles.sectionTitle}>{t('nav.notices')}</h2>
            <ul className={styles.list}>
              {results.notices.map((n) => (
                <li key={n.id} className={styles.listItem}>
                  <Link className={styles.link} dir="auto" to={`/help/notice/${n.id}`}>
                    {n.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>

      {submitted === null ? (
        <div className={styles.quick}>
          {QUICK_LINKS.map(({ to, text }) => (
            <Link key={to} className={`${styles.card} ${styles.link}`} to={to}>
              {t(text)}
            </Link>
          ))}
          <a className={`${styles.card} ${styles.link}`} href="/kf.html">
            {t('centre.quickSupport')}
          </a>
        </div>
      ) : null}
    </HelpLayout>
  );
}
