import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { EmptyState, formClasses } from '@meridian/ui';
import { Pager } from '@meridian/ui/pager';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { productsQueryOptions, settingsQueryOptions } from '../api/settings-api.ts';
import { InstrumentHalt } from './instrument-halt.tsx';
import { ProductsTable } from './products-table.tsx';
import { SettingsTable } from './settings-table.tsx';
import styles from './settings.module.css';

/** Rows per page of the product and instrument tables (hundreds of instruments, four periods each). */
const PAGE = 20;

/**
 * `/admin/settings`: platform settings, options products and instruments. Admins change them (each
 * change applies to everyone at once and is audited); auditors read them.
 */
export function SettingsPage() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const editable = hasRole(session, ['admin']);
  const settings = useQuery(settingsQueryOptions());
  const products = useQuery(productsQueryOptions());
  const [saved, setSaved] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [productPage, setProductPage] = useState(1);
  const [instrumentPage, setInstrumentPage] = useState(1);
  const term = filter.trim().toLowerCase();
  const matches = (...texts: string[]) => !term || texts.some((text) => text.toLowerCase().includes(term));

  return (
    <div className={adminStyles.page} data-testid="settings-page">
      <PageHeader title={t('settings.title')} lead={editable ? t('settings.lead') : t('settings.leadReadOnly')} />
      <p
        className={saved ? `${adminStyles.note} ${adminStyles.noteOk}` : adminStyles.visuallyHidden}
        role="status"
        data-testid="settings-saved"
      >
        {saved ?? ''}
      </p>
      <section className={adminStyles.section} aria-labelledby="settings-platform">
        <h2 id="settings-platform" className={adminStyles.sectionTitle}>
          {t('settings.platformTitle')}
        </h2>
        <QueryView query={settings} isEmpty={(d) => d.length === 0}>
          {(rows) => <SettingsTable settings={rows} editable={editable} onSaved={setSaved} />}
        </QueryView>
      </section>
      <section className={adminStyles.section} aria-labelledby="settings-products">
        <div className={adminStyles.sectionHeader}>
          <h2 id="settings-products" className={adminStyles.sectionTitle}>
            {t('settings.productsTitle')}
          </h2>
          <p className={`${adminStyles.small} ${adminStyles.muted} ${adminStyles.plain}`}>{t('settings.productsLead')}</p>
        </div>
        <div className={styles.filter}>
          <label htmlFor="settings-filter">{t('settings.filter')}</label>
          <input
            id="settings-filter"
            type="search"
            className={formClasses.input}
            value={filter}
            placeholder={t('settings.filterPlaceholder')}
            onChange={(e) => {
              setFilter(e.target.value);
              setProductPage(1);
              setInstrumentPage(1);
            }}
            data-testid="settings-filter"
          />
        </div>
        <QueryView query={products} isEmpty={(d) => d.options.length === 0}>
          {(data) => {
            const rows = data.options.filter((p) => matches(p.instrumentCode));
            const page = Math.min(productPage, Math.max(1, Math.ceil(rows.length / PAGE)));
            return rows.length === 0 ? (
              <EmptyState title={t('settings.noMatch')} />
            ) : (
              <>
                <ProductsTable products={rows.slice((page - 1) * PAGE, page * PAGE)} editable={editable} onSaved={setSaved} />
                <Pager page={page} total={rows.length} pageSize={PAGE} onPage={setProductPage} />
              </>
            );
          }}
        </QueryView>
      </section>
      <section className={adminStyles.section} aria-labelledby="settings-instruments">
        <div className={adminStyles.sectionHeader}>
          <h2 id="settings-instruments" className={adminStyles.sectionTitle}>
            {t('settings.instrumentsTitle')}
          </h2>
          <p className={`${adminStyles.small} ${adminStyles.muted} ${adminStyles.plain}`}>{t('settings.instrumentsLead')}</p>
        </div>
        <QueryView query={products} isEmpty={(d) => d.instruments.length === 0}>
          {(data) => {
            const rows = data.instruments.filter((i) => matches(i.code, i.name));
            const page = Math.min(instrumentPage, Math.max(1, Math.ceil(rows.length / PAGE)));
            return rows.length === 0 ? (
              <EmptyState title={t('settings.noMatch')} />
            ) : (
              <>
                <div className={adminStyles.tableWrap} tabIndex={0} role="region" aria-labelledby="settings-instruments">
                  <table className={adminStyles.table} data-testid="instruments-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('settings.instrumentCode')}</th>
                        <th scope="col">{t('settings.instrumentName')}</th>
                        <th scope="col">{t('settings.enabled')}</th>
                        <th scope="col">{t('settings.trading')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.slice((page - 1) * PAGE, page * PAGE).map((instrument) => (
                        <tr key={instrument.id} data-testid={`instrument-${instrument.id}`}>
                          <th scope="row" className={adminStyles.ltr}>
                            {instrument.code}
                          </th>
                          <td>{instrument.name}</td>
                          <td>
                            <span className={`${adminStyles.badge} ${instrument.enabled ? adminStyles.badgeOk : ''}`}>
                              {instrument.enabled ? t('settings.on') : t('settings.off')}
                            </span>
                          </td>
                          <td>
                            <span
                              className={`${adminStyles.badge} ${instrument.halted ? '' : adminStyles.badgeOk}`}
                              data-testid="instrument-trading"
                            >
                              {instrument.halted ? t('settings.tradingHalted') : t('settings.tradingOpen')}
                            </span>{' '}
                            {editable ? (
                              <InstrumentHalt id={instrument.id} code={instrument.code} halted={instrument.halted} onDone={setSaved} />
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <Pager page={page} total={rows.length} pageSize={PAGE} onPage={setInstrumentPage} />
              </>
            );
          }}
        </QueryView>
      </section>
    </div>
  );
}
