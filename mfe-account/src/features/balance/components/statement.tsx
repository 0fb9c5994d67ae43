import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CURRENCY_CODES_LIST, STATEMENT_PAGE_SIZE } from '@meridian/contracts';
import type { CurrencyCode, StatementLine } from '@meridian/contracts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import { formatAmount, formatDateTime, useAccountMode, useLanguage, useT, useUser } from '@meridian/platform';
import { Button, EmptyState, formClasses } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import styles from './funding.module.css';

/** A line's amount as the caller's balance sees it: in when it reached one of their accounts from the platform, out the other way. */
function direction(line: StatementLine): 'in' | 'out' | 'internal' {
  if (line.from === 'platform') return 'in';
  if (line.to === 'platform') return 'out';
  return 'internal';
}

/**
 * The statement (issue 25 item 5): every ledger transfer of the account in use, newest first, by currency,
 * paged ("no more data" at its end), and the whole of it as a CSV file the API streams.
 */
export function Statement() {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const mode = useAccountMode();
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const [currency, setCurrency] = useState<CurrencyCode | ''>('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const query = useQuery({
    placeholderData: keepPreviousData,
    queryKey: accountKeys.statement(userId, mode, currency, page),
    queryFn: ({ signal }) => api.call(funding.listStatement, { query: { page, ...(currency ? { currency } : {}) }, signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
  const columns: DataColumn<StatementLine>[] = [
    { id: 'time', header: t('statement.columns.time'), cell: (line) => formatDateTime(line.at, lang) },
    {
      id: 'type',
      header: t('statement.columns.type'),
      rowHeader: true,
      cell: (line) => t(`statement.types.${line.type}`, { defaultValue: line.type }),
    },
    {
      id: 'movement',
      header: t('statement.columns.movement'),
      cell: (line) => `${t(`statement.sides.${line.from}`)} ${t('statement.arrow')} ${t(`statement.sides.${line.to}`)}`,
    },
    {
      id: 'amount',
      header: t('statement.columns.amount'),
      numeric: true,
      cell: (line) => {
        const way = direction(line);
        return (
          <span className={way === 'in' ? styles.in : way === 'out' ? styles.out : undefined} data-value={line.amount}>
            {way === 'in' ? '+' : way === 'out' ? '−' : ''}
            {formatAmount(line.amount, line.currency, lang)}
          </span>
        );
      },
    },
    {
      id: 'reference',
      header: t('statement.columns.reference'),
      cell: (line) => (
        <bdi dir="ltr">
          {line.referenceKind} {line.referenceId.length > 12 ? `${line.referenceId.slice(0, 8)}…` : line.referenceId}
        </bdi>
      ),
    },
  ];
  const exportCsv = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      const { blob, filename } = await api.download(funding.exportStatement, currency ? { currency } : undefined);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setExportFailure(failureKey(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className={styles.form}>
      <div className={styles.toolbar}>
        <label className={formClasses.label}>
          {t('statement.currency')}{' '}
          <select
            className={formClasses.select}
            value={currency}
            onChange={(event) => {
              setCurrency(event.currentTarget.value as CurrencyCode | '');
              setPage(1);
            }}
            data-testid="statement-currency"
          >
            <option value="">{t('statement.allCurrencies')}</option>
            {CURRENCY_CODES_LIST.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="statement-export">
          {exporting ? t('statement.exporting') : t('statement.export')}
        </Button>
      </div>
      {exportFailure ? (
        <p className={formClasses.error} role="alert">
          {tc(exportFailure)}
        </p>
      ) : null}
      <p className={styles.caption}>{t('statement.caption')}</p>
      <QueryView query={query}>
        {(list) => (
          <DataTable<StatementLine>
            columns={columns}
            rows={list.items}
            rowKey={(line) => line.id}
            caption={t('statement.title')}
            empty={<EmptyState title={t('statement.empty')} />}
            paging={{ page, pageSize: STATEMENT_PAGE_SIZE, total: list.total, onPage: setPage }}
            busy={query.isPlaceholderData}
            cards
            rowAttributes={(line) => ({ 'data-testid': 'statement-line', 'data-type': line.type })}
            testId="statement-lines"
            pagerTestId="statement-pager"
          />
        )}
      </QueryView>
    </div>
  );
}
