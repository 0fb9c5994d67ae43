import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { formClasses } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { PageHeader, PageSection, SectionNote } from '../../../shared/components/page-header.tsx';
import { hasRole, useOperatorSession } from '../../../shared/session.ts';
import { nftsAdminQueryOptions } from '../api/nfts-api.ts';
import { productsQueryOptions, settingsQueryOptions, smartProductsQueryOptions } from '../api/settings-api.ts';
import { CharityNftsPanel } from './charity-nfts-panel.tsx';
import { InstrumentHalt } from './instrument-halt.tsx';
import { ProductsTable } from './products-table.tsx';
import { SettingsTable } from './settings-table.tsx';
import { SmartProductsPanel } from './smart-products-panel.tsx';
import styles from './settings.module.css';

/** Rows per page of the product and instrument tables (hundreds of instruments, four periods each). */
const PAGE = 20;

/**
 * `/admin/settings`: platform settings, options products, smart plan products, charities and NFTs, and instruments. Admins
 * change them (each change is audited; the products' terms apply to new orders and plans); auditors read them.
 */
export function SettingsPage() {
  const { t } = useT(NAMESPACE);
  const session = useOperatorSession();
  const editable = hasRole(session, ['admin']);
  const settings = useQuery(settingsQueryOptions());
  const products = useQuery(productsQueryOptions());
  const smartProducts = useQuery(smartProductsQueryOptions());
  const nfts = useQuery(nftsAdminQueryOptions());
  const [saved, setSaved] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
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
      <PageSection id="settings-platform" title={t('settings.platformTitle')}>
        <QueryView query={settings} isEmpty={(d) => d.length === 0}>
          {(rows) => <SettingsTable settings={rows} editable={editable} onSaved={setSaved} />}
        </QueryView>
      </PageSection>
      <PageSection
        id="settings-products"
        title={t('settings.productsTitle')}
        aside={<SectionNote>{t('settings.productsLead')}</SectionNote>}
      >
        <div className={styles.filter}>
          <label htmlFor="settings-filter">{t('settings.filter')}</label>
          <input
            id="settings-filter"
            type="search"
            className={formClasses.input}
            value={filter}
            placeholder={t('settings.filterPlaceholder')}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="settings-filter"
          />
        </div>
        <QueryView query={products} isEmpty={(d) => d.options.length === 0}>
          {(data) => (
            <ProductsTable
              key={term}
              products={data.options.filter((p) => matches(p.instrumentCode))}
              pageSize={PAGE}
              editable={editable}
              onSaved={setSaved}
            />
          )}
        </QueryView>
      </PageSection>
      <PageSection id="settings-smart" title={t('settings.smart.title')} aside={<SectionNote>{t('settings.smart.lead')}</SectionNote>}>
        <QueryView query={smartProducts}>{(data) => <SmartProductsPanel data={data} editable={editable} onSaved={setSaved} />}</QueryView>
      </PageSection>
      <PageSection id="settings-nfts" title={t('settings.nfts.title')} aside={<SectionNote>{t('settings.nfts.lead')}</SectionNote>}>
        <QueryView query={nfts}>{(data) => <CharityNftsPanel data={data} editable={editable} onSaved={setSaved} />}</QueryView>
      </PageSection>
      <PageSection
        id="settings-instruments"
        title={t('settings.instrumentsTitle')}
        aside={<SectionNote>{t('settings.instrumentsLead')}</SectionNote>}
      >
        <QueryView query={products} isEmpty={(d) => d.instruments.length === 0}>
          {(data) => (
            <DataTable
              key={term}
              columns={[
                {
                  id: 'code',
                  header: t('settings.instrumentCode'),
                  rowHeader: true,
                  className: adminStyles.ltr,
                  cell: (instrument) => instrument.code,
                },
                { id: 'name', header: t('settings.instrumentName'), cell: (instrument) => instrument.name },
                {
                  id: 'enabled',
                  header: t('settings.enabled'),
                  cell: (instrument) => (
                    <span className={`${adminStyles.badge} ${instrument.enabled ? adminStyles.badgeOk : ''}`}>
                      {instrument.enabled ? t('settings.on') : t('settings.off')}
                    </span>
                  ),
                },
                {
                  id: 'trading',
                  header: t('settings.trading'),
                  cell: (instrument) => (
                    <>
                      <span
                        className={`${adminStyles.badge} ${instrument.halted ? '' : adminStyles.badgeOk}`}
                        data-testid="instrument-trading"
                      >
                        {instrument.halted ? t('settings.tradingHalted') : t('settings.tradingOpen')}
                      </span>{' '}
                      {editable ? (
                        <InstrumentHalt id={instrument.id} code={instrument.code} halted={instrument.halted} onDone={setSaved} />
                      ) : null}
                    </>
                  ),
                },
              ]}
              rows={data.instruments.filter((i) => matches(i.code, i.name))}
              rowKey={(instrument) => instrument.id}
              caption={t('settings.instrumentsTitle')}
              empty={t('settings.noMatch')}
              pageSize={PAGE}
              testId="instruments-table"
              pagerTestId="pager"
              rowAttributes={(instrument) => ({ 'data-testid': `instrument-${instrument.id}` })}
            />
          )}
        </QueryView>
      </PageSection>
    </div>
  );
}
