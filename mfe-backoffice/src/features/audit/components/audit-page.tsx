import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS } from '@meridian/contracts';
import type { AuditAction, AuditEntry } from '@meridian/contracts';
import { formatDateTime, useLanguage, useT } from '@meridian/platform';
import { Button, formClasses } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { PageHeader, PageSection, SectionNote } from '../../../shared/components/page-header.tsx';
import { formatCount } from '../../../shared/format.ts';
import type { AuditSearch } from '../api/audit-api.ts';
import { auditQueryOptions, exportAuditCsv } from '../api/audit-api.ts';
import { describeChange } from './describe-change.ts';
import styles from './audit.module.css';

/** The audit API answers 50 entries a page. */
const AUDIT_PAGE_SIZE = 50;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (v: string | null): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v ?? '');

/** The filters as the URL keeps them (so Back and a shared link show the same search). */
function filtersOf(params: URLSearchParams) {
  const action = params.get('action');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.min(10_000, Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    action: isAction(action) ? action : ('' as const),
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    page,
  };
}
type Filters = ReturnType<typeof filtersOf>;

/** Local calendar days → the instants the API filters on (the whole of both days). */
function searchOf(filters: Filters): AuditSearch {
  return {
    q: filters.q.trim(),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00`).toISOString() } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T23:59:59.999`).toISOString() } : {}),
    page: filters.page,
  };
}

/** `/admin/audit`: every operator action, searchable, newest first, exportable as CSV. */
export function AuditPage() {
  const columns = useAuditColumns();
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [draft, setDraft] = useState(filters);
  const [rangeError, setRangeError] = useState(false);
  // Back, Forward or a link change the URL: the form shows that search again.
  const paramsKey = params.toString();
  const [shownKey, setShownKey] = useState(paramsKey);
  if (shownKey !== paramsKey) {
    setShownKey(paramsKey);
    setDraft(filters);
    setRangeError(false);
  }
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = useQuery(auditQueryOptions(searchOf(filters)));

  const apply = (next: Filters) => {
    const out = new URLSearchParams();
    if (next.q.trim()) out.set('q', next.q.trim());
    if (next.action) out.set('action', next.action);
    if (next.from) out.set('from', next.from);
    if (next.to) out.set('to', next.to);
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = Boolean(draft.from && draft.to && draft.from > draft.to);
    setRangeError(invalid);
    if (!invalid) apply({ ...draft, page: 1 });
  };

  const reset = () => {
    const empty: Filters = { q: '', action: '', from: '', to: '', page: 1 };
    setDraft(empty);
    setRangeError(false);
    apply(empty);
  };

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportAuditCsv(searchOf(filters));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={adminStyles.page} data-testid="audit-page">
      <PageHeader
        title={t('audit.title')}
        lead={t('audit.lead')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={exporting}
            aria-busy={exporting || undefined}
            data-testid="audit-export"
          >
            {exporting ? t('audit.exporting') : t('audit.export')}
          </Button>
        }
      />
      <ErrorMessage error={exportError} testId="audit-export-error" />
      <form
        className={`${adminStyles.panel} ${adminStyles.toolbar}`}
        onSubmit={submit}
        role="search"
        aria-label={t('audit.searchLabel')}
        data-testid="audit-filters"
      >
        <div className={`${styles.field} ${adminStyles.grow}`}>
          <label htmlFor="audit-q">{t('audit.search')}</label>
          <input
            id="audit-q"
            type="search"
            className={formClasses.input}
            value={draft.q}
            maxLength={100}
            placeholder={t('audit.searchPlaceholder')}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            data-testid="audit-q"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <select
            id="audit-action"
            className={formClasses.select}
            value={draft.action}
            onChange={(e) => setDraft((d) => ({ ...d, action: isAction(e.target.value) ? e.target.value : '' }))}
            data-testid="audit-action"
          >
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((end) => (
          <div key={end} className={styles.field}>
            <label htmlFor={`audit-${end}`}>{t(`audit.${end}`)}</label>
            <input
              id={`audit-${end}`}
              type="date"
              className={formClasses.input}
              value={draft[end]}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? 'audit-range-error' : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, [end]: e.target.value }))}
              data-testid={`audit-${end}`}
            />
          </div>
        ))}
        <div className={styles.buttons}>
          <Button type="submit" data-testid="audit-search">
            {t('audit.searchButton')}
          </Button>
          <Button variant="ghost" onClick={reset} data-testid="audit-reset">
            {t('audit.reset')}
          </Button>
        </div>
        {rangeError ? (
          <p id="audit-range-error" className={`${adminStyles.fieldError} ${styles.fullRow}`} role="alert">
            {t('audit.rangeInvalid')}
          </p>
        ) : null}
      </form>
      <PageSection
        id="audit-results"
        title={t('audit.results')}
        busy={query.isFetching}
        aside={
          query.data ? <SectionNote testId="audit-total">{t('audit.total', { n: formatCount(query.data.total, lang) })}</SectionNote> : null
        }
      >
        <QueryView query={query} isEmpty={(d) => d.items.length === 0} empty={t('audit.empty')}>
          {(data) => (
            <>
              <DataTable
                columns={columns}
                rows={data.items}
                rowKey={(entry) => entry.id}
                caption={t('audit.results')}
                testId="audit-table"
                rowAttributes={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
              />
              <Pager page={filters.page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onPage={(page) => apply({ ...filters, page })} />
            </>
          )}
        </QueryView>
      </PageSection>
    </div>
  );
}

/** The audit table's columns: when, who, what, on what, the change, from where. */
function useAuditColumns(): DataColumn<AuditEntry>[] {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return [
    {
      id: 'at',
      header: t('audit.time'),
      className: `${adminStyles.nowrap} ${adminStyles.small}`,
      cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>,
    },
    { id: 'operator', header: t('audit.operator'), className: `${adminStyles.ltr} ${styles.operator}`, cell: (entry) => entry.operator },
    {
      id: 'action',
      header: t('audit.action'),
      cell: (entry) => (
        <>
          <span className={styles.action}>{t(`audit.actions.${entry.action}`)}</span>
          <code className={`${adminStyles.mono} ${adminStyles.muted}`}>{entry.action}</code>
        </>
      ),
    },
    {
      id: 'target',
      header: t('audit.target'),
      className: styles.target,
      cell: (entry) => (
        <>
          <span className={styles.targetKind}>{entry.targetKind}</span>
          <code className={`${adminStyles.mono} ${adminStyles.ltr}`}>{entry.targetId}</code>
        </>
      ),
    },
    { id: 'change', header: t('audit.change'), className: styles.changeCell, cell: (entry) => <AuditChange entry={entry} /> },
    { id: 'ip', header: t('audit.ip'), className: `${adminStyles.mono} ${adminStyles.nowrap}`, cell: (entry) => entry.ip },
  ];
}

/** An entry's change, field by field (before → after), cut after a few lines. */
function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useT(NAMESPACE);
  const { lines, more } = describeChange(entry.before, entry.after);
  if (lines.length === 0) return <span className={adminStyles.muted}>—</span>;
  return (
    <ul className={styles.diff} dir="ltr">
      {lines.map((line, i) => (
        <li key={`${line.field}-${i}`}>
          {line.field ? <span className={styles.diffField}>{line.field}: </span> : null}
          {line.before !== undefined ? <del>{line.before}</del> : null}
          {line.before !== undefined && line.after !== undefined ? <span aria-hidden="true"> → </span> : null}
          {line.after !== undefined ? <ins>{line.after}</ins> : null}
        </li>
      ))}
      {more > 0 ? <li className={adminStyles.muted}>{t('audit.more', { n: more })}</li> : null}
    </ul>
  );
}
