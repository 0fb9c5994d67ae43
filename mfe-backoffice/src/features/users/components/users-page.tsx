import { useState } from 'react';
import type { FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, useLanguage, useT } from '@meridian/platform';
import { Button, formClasses } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
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
              <DataTable
                columns={[
                  {
                    id: 'email',
                    header: t('users.columns.email'),
                    rowHeader: true,
                    cell: (u) => (
                      <Link className={`${kit.rowLink} ${kit.truncate}`} to={userPath(u.id)} data-testid="user-link">
                        {u.email ?? t('users.noEmail')}
                      </Link>
                    ),
                  },
                  { id: 'phone', header: t('users.columns.phone'), className: `${kit.nowrap} ${kit.num}`, cell: (u) => u.phone ?? '—' },
                  {
                    id: 'wallet',
                    header: t('users.columns.wallet'),
                    cell: (u) =>
                      u.wallet ? (
                        <span className={`${kit.mono} ${kit.subject}`} title={u.wallet}>
                          {u.wallet}
                        </span>
                      ) : (
                        '—'
                      ),
                  },
                  {
                    id: 'id',
                    header: t('users.columns.id'),
                    cell: (u) => (
                      <span className={`${kit.mono} ${kit.subject}`} title={u.id}>
                        {u.id}
                      </span>
                    ),
                  },
                  { id: 'status', header: t('users.columns.status'), cell: (u) => statusText(t, u.status) },
                  { id: 'kyc', header: t('users.columns.kyc'), cell: (u) => kycText(t, u.kycStatus) },
                  {
                    id: 'mode',
                    header: t('users.columns.mode'),
                    cell: (u) => (u.accountMode === 'demo' ? <DemoBadge /> : modeText(t, u.accountMode)),
                  },
                  { id: 'created', header: t('users.columns.created'), className: kit.nowrap, cell: (u) => formatDate(u.createdAt, lang) },
                ]}
                rows={data.items}
                rowKey={(u) => u.id}
                caption={t('users.title')}
                testId="users-table"
                onRowClick={(u) => void navigate(userPath(u.id))}
                rowAttributes={(u) => ({ 'data-testid': 'user-row', 'data-id': u.id })}
              />
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} testId="users-pager" />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
