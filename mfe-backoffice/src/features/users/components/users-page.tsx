import { useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, useLanguage, useT } from '@meridian/platform';
import { Button, formClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { usersQueryOptions } from '../api/users-api.ts';
import { kycText, modeText, statusText } from './user-labels.ts';
import styles from './users.module.css';

const { DemoBadge, PAGE_SIZE, Page, Section, kitClasses: kit, pageParam, userPath } = reviewKit;

/** The search box; it starts from the address's `q` (keyed by it, so back and forward refill it). */
function SearchForm({ q, onSearch }: { q: string; onSearch: (text: string) => void }) {
  const { t } = useT(NAMESPACE);
  const [draft, setDraft] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit} data-testid="users-search">
      <div className={`${formClasses.field} ${styles.searchField}`}>
        <label className={formClasses.label} htmlFor="users-q">
          {t('users.searchLabel')}
        </label>
        <input
          id="users-q"
          type="search"
          className={formClasses.input}
          value={draft}
          maxLength={100}
          placeholder={t('users.searchPlaceholder')}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="users-q"
        />
      </div>
      <Button type="submit" data-testid="users-search-submit">
        {t('users.search')}
      </Button>
    </form>
  );
}

/** `/admin/users?q=`: customers by email, phone, wallet or id, newest first, 50 a page. */
export function UsersPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = pageParam(params.get('page'));
  const query = useQuery({ ...usersQueryOptions(q, page), placeholderData: keepPreviousData });

  const search = (text: string) => {
    const next = new URLSearchParams();
    if (text) next.set('q', text);
    setParams(next);
  };
  const setPage = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    setParams(next);
  };
  const open = (id: string) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(userPath(id));
  };

  return (
    <Page title={t('users.title')} lead={t('users.lead')} testId="users-page">
      <SearchForm key={q} q={q} onSearch={search} />
      <Section
        title={q ? t('users.resultsFor', { q }) : t('users.newest')}
        actions={query.data ? <span className={kit.muted}>{t('users.total', { count: query.data.total })}</span> : null}
        testId="users-results"
      >
        <QueryView query={query} isEmpty={(data) => data.items.length === 0} empty={q ? t('users.noMatch') : t('users.none')}>
          {(data) => (
            <>
              <div className={kit.scroll}>
                <table className={`${kit.table} ${kit.clickable}`} data-testid="users-table">
                  <caption className={kit.visuallyHidden}>{t('users.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('users.columns.email')}</th>
                      <th scope="col">{t('users.columns.phone')}</th>
                      <th scope="col">{t('users.columns.wallet')}</th>
                      <th scope="col">{t('users.columns.id')}</th>
                      <th scope="col">{t('users.columns.status')}</th>
                      <th scope="col">{t('users.columns.kyc')}</th>
                      <th scope="col">{t('users.columns.mode')}</th>
                      <th scope="col">{t('users.columns.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((u) => (
                      <tr key={u.id} onClick={open(u.id)} data-testid="user-row" data-id={u.id}>
                        <th scope="row">
                          <Link className={`${kit.rowLink} ${kit.truncate}`} to={userPath(u.id)} data-testid="user-link">
                            {u.email ?? t('users.noEmail')}
                          </Link>
                        </th>
                        <td className={`${kit.nowrap} ${kit.num}`}>{u.phone ?? '—'}</td>
                        <td>
                          {u.wallet ? (
                            <span className={`${kit.mono} ${kit.subject}`} title={u.wallet}>
                              {u.wallet}
                            </span>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td>
                          <span className={`${kit.mono} ${kit.subject}`} title={u.id}>
                            {u.id}
                          </span>
                        </td>
                        <td>{statusText(t, u.status)}</td>
                        <td>{kycText(t, u.kycStatus)}</td>
                        <td>{u.accountMode === 'demo' ? <DemoBadge /> : modeText(t, u.accountMode)}</td>
                        <td className={kit.nowrap}>{formatDate(u.createdAt, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="users-pager" />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
