import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { ListEnd } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
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
              <DataTable
                columns={[
                  {
                    id: 'email',
                    header: t('support.columns.email'),
                    rowHeader: true,
                    cell: (row) => (
                      <Link className={`${kit.rowLink} ${kit.truncate}`} to={conversationPath(row.id)} data-testid="support-link">
                        {row.email}
                      </Link>
                    ),
                  },
                  { id: 'status', header: t('support.columns.status'), cell: (row) => <StatusBadge status={row.status} /> },
                  {
                    id: 'lastMessage',
                    header: t('support.columns.lastMessage'),
                    cell: (row) => (
                      <span className={styles.lastMessage} title={row.lastMessage} dir="auto">
                        {row.lastMessage}
                      </span>
                    ),
                  },
                  { id: 'count', header: t('support.columns.count'), numeric: true, cell: (row) => row.messageCount },
                  {
                    id: 'updated',
                    header: t('support.columns.updated'),
                    className: kit.nowrap,
                    cell: (row) => formatDateTime(row.updatedAt, lang),
                  },
                ]}
                rows={rows.filter((r) => !status || r.status === status)}
                rowKey={(row) => row.id}
                caption={t('support.listTitle')}
                testId="support-table"
                onRowClick={(row) => void navigate(conversationPath(row.id))}
                rowAttributes={(row) => ({ 'data-testid': 'support-row', 'data-id': row.id, 'data-status': row.status })}
              />
              <ListEnd />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
