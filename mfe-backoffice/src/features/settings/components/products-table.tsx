import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OptionsProductView } from '@meridian/contracts';
import { updateOptionsProductBody } from '@meridian/contracts/schemas';
import { formatDecimal, formatMoney, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { DataTable } from '@meridian/ui/data-table';
import type { DataColumn } from '@meridian/ui/data-table';
import { Form, useKitForm, useKitFormErrors } from '@meridian/ui/form';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { formatDuration } from '../../../shared/format.ts';
import { productsQueryOptions, updateOptionsProduct } from '../api/settings-api.ts';
import { useRowEditing } from '../hooks/use-row-editing.ts';
import type { EditingTableProps } from '../hooks/use-row-editing.ts';
import styles from './settings.module.css';

type Draft = { payoutPercent: string; minStake: string; maxStake: string; enabled: boolean };
type Figure = 'payoutPercent' | 'minStake' | 'maxStake';
const draftOf = (p: OptionsProductView): Draft => ({
  payoutPercent: p.payoutPercent,
  minStake: p.minStake,
  maxStake: p.maxStake,
  enabled: p.enabled,
});
const editButtonId = (id: number) => `edit-product-${id}`;
const formIdOf = (id: number) => `product-form-${id}`;
/** The form's values before any row is edited (each edit starts from its row's). */
const NO_PRODUCT: Draft = { payoutPercent: '', minStake: '', maxStake: '', enabled: false };

/**
 * Options products (instrument × period): payout, stake bounds, availability, paged by `pageSize`.
 * Admins edit a row, checked with the contract's rule, then confirm before → after; orders already
 * placed keep their terms.
 */
export function ProductsTable({
  products,
  pageSize,
  editable,
  onSaved,
}: EditingTableProps & { products: OptionsProductView[]; pageSize: number }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useRowEditing(editButtonId);
  // One form for the row being edited: its inputs stand in their cells and join the form in the actions cell.
  const form = useKitForm(updateOptionsProductBody, NO_PRODUCT);
  const errors = useKitFormErrors(form);
  const [confirming, setConfirming] = useState<{ product: OptionsProductView; draft: Draft } | null>(null);

  const label = (p: OptionsProductView) => t('settings.productName', { code: p.instrumentCode, period: formatDuration(p.period, lang) });
  const stopEditing = () => setEditing(null);
  const startEditing = (product: OptionsProductView) => {
    form.reset(draftOf(product));
    setEditing(product.id);
  };
  const isEditing = (product: OptionsProductView) => editing === product.id;
  const changes = (p: OptionsProductView, d: Draft) =>
    [
      {
        label: t('settings.payout'),
        before: `${formatDecimal(p.payoutPercent, lang)} %`,
        after: `${formatDecimal(d.payoutPercent, lang)} %`,
      },
      { label: t('settings.minStake'), before: formatMoney(p.minStake, 'USDT', lang), after: formatMoney(d.minStake, 'USDT', lang) },
      { label: t('settings.maxStake'), before: formatMoney(p.maxStake, 'USDT', lang), after: formatMoney(d.maxStake, 'USDT', lang) },
      { label: t('settings.enabled'), before: p.enabled ? t('ui.yes') : t('ui.no'), after: d.enabled ? t('ui.yes') : t('ui.no') },
    ].filter((row) => row.before !== row.after);

  const review = (product: OptionsProductView) => (checked: Draft) => {
    const before = draftOf(product);
    const unchanged = (Object.keys(before) as (keyof Draft)[]).every((k) => String(before[k]) === String(checked[k]));
    if (unchanged) return form.setError('root', { message: 'backoffice:settings.unchanged' });
    setConfirming({ product, draft: checked });
  };

  /** A figure's column: the value, or on the row being edited its input (in the row's form). */
  const figure = (name: Figure, header: string, show: (product: OptionsProductView) => string): DataColumn<OptionsProductView> => ({
    id: name,
    header,
    numeric: true,
    cell: (product) => {
      if (!isEditing(product)) return show(product);
      const id = `${formIdOf(product.id)}-${name}`;
      const error = errors[name]?.message;
      return (
        <>
          <label htmlFor={id} className={adminStyles.visuallyHidden}>
            {`${header} — ${label(product)}`}
          </label>
          <input
            id={id}
            form={formIdOf(product.id)}
            className={`${adminStyles.input} ${styles.numberInput}`}
            {...form.register(name)}
            dir="ltr"
            inputMode="decimal"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid={`product-${name}`}
            autoFocus={name === 'payoutPercent'}
          />
          {error ? (
            <p id={`${id}-error`} className={`${adminStyles.fieldError} ${styles.cellError}`}>
              {t(`common:${error}`)}
            </p>
          ) : null}
        </>
      );
    },
  });

  const columns: DataColumn<OptionsProductView>[] = [
    { id: 'instrument', header: t('settings.instrument'), rowHeader: true, className: adminStyles.ltr, cell: (p) => p.instrumentCode },
    { id: 'period', header: t('settings.period'), className: adminStyles.nowrap, cell: (p) => formatDuration(p.period, lang) },
    figure('payoutPercent', t('settings.payout'), (p) => `${formatDecimal(p.payoutPercent, lang)} %`),
    figure('minStake', t('settings.minStake'), (p) => formatMoney(p.minStake, 'USDT', lang)),
    figure('maxStake', t('settings.maxStake'), (p) => formatMoney(p.maxStake, 'USDT', lang)),
    {
      id: 'enabled',
      header: t('settings.enabled'),
      cell: (product) =>
        isEditing(product) ? (
          <label className={adminStyles.check}>
            <input type="checkbox" form={formIdOf(product.id)} {...form.register('enabled')} data-testid="product-enabled" />
            {t('settings.enabled')}
          </label>
        ) : (
          <span className={`${adminStyles.badge} ${product.enabled ? adminStyles.badgeOk : ''}`}>
            {product.enabled ? t('settings.on') : t('settings.off')}
          </span>
        ),
    },
    ...(editable
      ? [
          {
            id: 'actions',
            header: <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>,
            cell: (product: OptionsProductView) =>
              isEditing(product) ? (
                <Form form={form} id={formIdOf(product.id)} onSubmit={review(product)} aria-label={label(product)}>
                  {() => (
                    <>
                      <div className={adminStyles.cluster}>
                        <Button type="submit" className={adminStyles.compact} data-testid="product-save">
                          {t('ui.review')}
                        </Button>
                        <Button variant="secondary" className={adminStyles.compact} onClick={stopEditing} data-testid="product-cancel">
                          {t('ui.cancel')}
                        </Button>
                      </div>
                      {errors.root?.message ? (
                        <p className={adminStyles.fieldError} role="alert">
                          {t(errors.root.message)}
                        </p>
                      ) : null}
                    </>
                  )}
                </Form>
              ) : (
                <div className={adminStyles.rowActions}>
                  <Button
                    variant="secondary"
                    className={adminStyles.compact}
                    id={editButtonId(product.id)}
                    onClick={() => startEditing(product)}
                    aria-label={t('settings.editProduct', { name: label(product) })}
                    data-testid="edit-product"
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
    <>
      <DataTable
        columns={columns}
        rows={products}
        rowKey={(product) => product.id}
        caption={t('settings.productsTitle')}
        empty={t('settings.noMatch')}
        pageSize={pageSize}
        testId="products-table"
        pagerTestId="pager"
        rowAttributes={(product) => ({
          'data-testid': `product-${product.id}`,
          className: isEditing(product) ? styles.editingRow : undefined,
        })}
      />
      {confirming ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t('settings.confirmProductTitle', { name: label(confirming.product) })}
          confirmLabel={t('settings.confirmApply')}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await updateOptionsProduct(confirming.product.id, confirming.draft);
            await queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey });
            stopEditing();
            onSaved(t('settings.saved', { name: label(confirming.product) }));
          }}
          testId="product-confirm"
        >
          <ChangeList rows={changes(confirming.product, confirming.draft)} />
          <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('settings.productAppliesToEveryone')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
