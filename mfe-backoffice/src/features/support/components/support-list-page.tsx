import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { ListEnd } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import * as reviewKit from '../../../shared/review-kit/index.ts';
import { ticketsQueryOptions } from '../api/support-api.ts';
import { StatusBadge, TICKET_STATUSES } from './status-badge.tsx';
import type { TicketStatus } from './status-badge.tsx';
import styles from './support.module.css';

const { Page, Section, kitClasses: kit } = reviewKit;

const conversationPath = (id: string) => `/admin/support/${encodeURIComponent(id)}`;

/** `/admin/support`: the conversations, most recently updated first, filtered by status in the address. */
export function SupportListPage() {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const statusParam = params.get('status');
  const status = TICKET_STATUSES.find((s) => s === statusParam);
  const query = useQuery(ticketsQueryOptions());
  const open = (id: string) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(conversationPath(id));
  };
  const filterHref = (s: TicketStatus | undefined) => (s ? `/admin/support?status=${s}` : '/admin/support');
  const countOf = (s: TicketStatus | undefined) => (query.data ?? []).filter((r) => !s || r.status === s).length;

  return (
    <Page title={t('support.title')} lead={t('support.lead')} testId="support-list-page">
      <nav className={kit.filterGroup} aria-label={t('support.statusFilter')}>
        <span className={kit.filterLabel} aria-hidden="true">
          {t('support.statusFilter')}
        </span>
        <ul className={kit.chips}>
          {[undefined, ...TICKET_STATUSES].map((s) => (
            <li key={s ?? 'all'}>
              <Link
                className={kit.chip}
                to={filterHref(s)}
                aria-current={s === status ? 'page' : undefined}
                data-testid={`support-status-${s ?? 'all'}`}
              >
                {s ? t(`support.status.${s}`) : t('support.allStatuses')}
                {query.data ? <span className={kit.count}>{countOf(s)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Section title={t('support.listTitle')} testId="support-list">
        <QueryView
          query={query}
          isEmpty={(rows) => rows.filter((r) => !status || r.status === status).length === 0}
          empty={t('support.empty')}
        >
          {(rows) => (
            <>
              <div className={kit.scroll}>
                <table className={`${kit.table} ${kit.clickable}`} data-testid="support-table">
                  <caption className={kit.visuallyHidden}>{t('support.listTitle')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('support.columns.email')}</th>
                      <th scope="col">{t('support.columns.status')}</th>
                      <th scope="col">{t('support.columns.lastMessage')}</th>
                      <th scope="col" className={kit.end}>
                        {t('support.columns.count')}
                      </th>
                      <th scope="col">{t('support.columns.updated')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows
                      .filter((r) => !status || r.status === status)
                      .map((row) => (
                        <tr key={row.id} onClick={open(row.id)} data-testid="support-row" data-id={row.id} data-status={row.status}>
                          <th scope="row">
                            <Link className={`${kit.rowLink} ${kit.truncate}`} to={conversationPath(row.id)} data-testid="support-link">
                              {row.email}
                            </Link>
                          </th>
                          <td>
                            <StatusBadge status={row.status} />
                          </td>
                          <td>
                            <span className={styles.lastMessage} title={row.lastMessage} dir="auto">
                              {row.lastMessage}
                            </span>
                          </td>
                          <td className={`${kit.end} ${kit.num}`}>{row.messageCount}</td>
                          <td className={kit.nowrap}>{formatDateTime(row.updatedAt, lang)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
              <ListEnd />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
