import { useQueryClient } from '@tanstack/react-query';
import { SMART_CURRENCY, SMART_PRODUCTS_MAX } from '@meridian/contracts';
import type { SmartProductView } from '@meridian/contracts';
import { formatDecimal, formatMoney, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { formatDuration } from '../../../shared/format.ts';
import { adminKeys } from '../../../shared/query-keys.ts';
import { createSmartProduct, updateSmartProduct } from '../api/settings-api.ts';
import type { SmartProductInput, SmartProductsAdmin } from '../api/settings-api.ts';
import { useRowEditing } from '../hooks/use-row-editing.ts';
import type { EditingTableProps } from '../hooks/use-row-editing.ts';
import { SmartProductForm } from './smart-product-form.tsx';
import styles from './settings.module.css';

/** What the editor is open on: a new product, a product's id, or nothing. */
type Editing = 'new' | number;
/** The button that opened the editor (focus goes back to it when the editor closes). */
const editButtonId = (key: Editing) => (key === 'new' ? 'smart-product-add' : `smart-product-edit-${key}`);
const DAY_SECONDS = 86_400;

/**
 * Smart plan products: every term and whether new plans can be bought, in a table; admins add a product
 * or edit one (one editor open at a time). A change applies to new plans only and is audited.
 */
export function SmartProductsPanel({ data, editable, onSaved }: EditingTableProps & { data: SmartProductsAdmin }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useRowEditing<Editing>(editButtonId);
  const { products, defaultPenaltyPercent } = data;
  const full = products.length >= SMART_PRODUCTS_MAX;
  const product = typeof editing === 'number' ? (products.find((p) => p.id === editing) ?? null) : null;
  const percent = (value: string) => `${formatDecimal(value, lang)} %`;
  const days = (count: number) => formatDuration(count * DAY_SECONDS, lang);

  const save = async (body: SmartProductInput) => {
    const saved = product ? await updateSmartProduct(product.id, body) : await createSmartProduct(body);
    await queryClient.invalidateQueries({ queryKey: adminKeys.smartProducts() });
    setEditing(null);
    onSaved(t(product ? 'settings.saved' : 'settings.smart.added', { name: saved.name }));
  };

  const columns: DataColumn<SmartProductView>[] = [
    { id: 'name', header: t('settings.smart.name'), rowHeader: true, cell: (p) => p.name },
    { id: 'term', header: t('settings.smart.term'), numeric: true, className: adminStyles.nowrap, cell: (p) => days(p.termDays) },
    { id: 'min', header: t('settings.smart.min'), numeric: true, cell: (p) => formatMoney(p.minAmount, SMART_CURRENCY, lang) },
    { id: 'max', header: t('settings.smart.max'), numeric: true, cell: (p) => formatMoney(p.maxAmount, SMART_CURRENCY, lang) },
    { id: 'yield', header: t('settings.smart.yield'), numeric: true, cell: (p) => percent(p.dailyYieldPercent) },
    {
      id: 'sharing',
      header: t('settings.smart.sharing'),
      numeric: true,
      className: adminStyles.nowrap,
      cell: (p) => days(p.profitSharingDays),
    },
    { id: 'penalty', header: t('settings.smart.penaltyShort'), numeric: true, cell: (p) => percent(p.earlyExitPenaltyPercent) },
    {
      id: 'enabled',
      header: t('settings.enabled'),
      cell: (p) => (
        <span className={`${adminStyles.badge} ${p.enabled ? adminStyles.badgeOk : ''}`}>
          {p.enabled ? t('settings.on') : t('settings.off')}
        </span>
      ),
    },
    ...(editable
      ? [
          {
            id: 'actions',
            header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
            hiddenHeader: true,
            cell: (p: SmartProductView) => (
              <div className={adminStyles.rowActions}>
                <Button
                  variant="secondary"
                  className={adminStyles.compact}
                  id={editButtonId(p.id)}
                  onClick={() => setEditing(p.id)}
                  aria-label={t('settings.editProduct', { name: p.name })}
                  aria-expanded={editing === p.id}
                  data-testid={editButtonId(p.id)}
                >
                  {t('ui.edit')}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className={`${adminStyles.stack} ${styles.settingsTable}`} data-testid="smart-products-admin">
      <p className={`${adminStyles.note} ${adminStyles.noteWarn}`} role="note" data-testid="smart-products-note">
        {t('settings.smart.appliesToNew')}
      </p>
      <DataTable
        columns={columns}
        rows={products}
        rowKey={(p) => p.id}
        caption={t('settings.smart.title')}
        empty={t('settings.smart.none')}
        cards
        testId="smart-products-table"
        rowAttributes={(p) => ({
          'data-testid': `smart-product-admin-row-${p.id}`,
          className: editing === p.id ? styles.editingRow : undefined,
        })}
      />
      {editable ? (
        <>
          <div className={adminStyles.cluster}>
            <Button
              id={editButtonId('new')}
              onClick={() => setEditing('new')}
              disabled={full}
              aria-expanded={editing === 'new'}
              data-testid={editButtonId('new')}
            >
              {t('settings.smart.add')}
            </Button>
            {full ? (
              <span className={`${adminStyles.small} ${adminStyles.muted}`}>{t('settings.smart.full', { max: SMART_PRODUCTS_MAX })}</span>
            ) : null}
          </div>
          {editing !== null && (editing === 'new' || product) ? (
            <SmartProductForm
              key={editing}
              product={product}
              defaultPenaltyPercent={defaultPenaltyPercent}
              onSave={save}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
