import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OptionsProductView } from '@meridian/contracts';
import { updateOptionsProductBody } from '@meridian/contracts/schemas';
import { formatDecimal, formatMoney, useLanguage, useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ChangeList } from '../../../shared/components/change-list.tsx';
import { formatDuration } from '../../../shared/format.ts';
import { validate } from '../../../shared/validate.ts';
import { productsQueryOptions, updateOptionsProduct } from '../api/settings-api.ts';
import styles from './settings.module.css';

type Draft = { payoutPercent: string; minStake: string; maxStake: string; enabled: boolean };
const draftOf = (p: OptionsProductView): Draft => ({
  payoutPercent: p.payoutPercent,
  minStake: p.minStake,
  maxStake: p.maxStake,
  enabled: p.enabled,
});

/**
 * Options products (instrument × period): payout, stake bounds, availability. Admins edit a row,
 * checked with the contract's rule, then confirm before → after; orders already placed keep their terms.
 */
export function ProductsTable({
  products,
  editable,
  onSaved,
}: {
  products: OptionsProductView[];
  editable: boolean;
  onSaved: (text: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ product: OptionsProductView; draft: Draft } | null>(null);

  const label = (p: OptionsProductView) => t('settings.productName', { code: p.instrumentCode, period: formatDuration(p.period, lang) });
  // When a row leaves editing (saved or cancelled), focus returns to its Edit button.
  const lastEdited = useRef<number | null>(null);
  useEffect(() => {
    if (editing !== null) lastEdited.current = editing;
    else if (lastEdited.current !== null) document.getElementById(`edit-product-${lastEdited.current}`)?.focus();
  }, [editing]);
  const stopEditing = () => setEditing(null);
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

  return (
    <>
      <div className={adminStyles.tableWrap} tabIndex={0} role="region" aria-labelledby="settings-products">
        <table className={adminStyles.table} data-testid="products-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.instrument')}</th>
              <th scope="col">{t('settings.period')}</th>
              <th scope="col" className={adminStyles.num}>
                {t('settings.payout')}
              </th>
              <th scope="col" className={adminStyles.num}>
                {t('settings.minStake')}
              </th>
              <th scope="col" className={adminStyles.num}>
                {t('settings.maxStake')}
              </th>
              <th scope="col">{t('settings.enabled')}</th>
              {editable ? (
                <th scope="col">
                  <span className={adminStyles.visuallyHidden}>{t('ui.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {products.map((product) =>
              editing === product.id ? (
                <ProductEditRow
                  key={product.id}
                  product={product}
                  label={label(product)}
                  onCancel={() => stopEditing()}
                  onReview={(draft) => setConfirming({ product, draft })}
                />
              ) : (
                <tr key={product.id} data-testid={`product-${product.id}`}>
                  <th scope="row" className={adminStyles.ltr}>
                    {product.instrumentCode}
                  </th>
                  <td className={adminStyles.nowrap}>{formatDuration(product.period, lang)}</td>
                  <td className={adminStyles.num}>{formatDecimal(product.payoutPercent, lang)} %</td>
                  <td className={adminStyles.num}>{formatMoney(product.minStake, 'USDT', lang)}</td>
                  <td className={adminStyles.num}>{formatMoney(product.maxStake, 'USDT', lang)}</td>
                  <td>
                    <span className={`${adminStyles.badge} ${product.enabled ? adminStyles.badgeOk : ''}`}>
                      {product.enabled ? t('settings.on') : t('settings.off')}
                    </span>
                  </td>
                  {editable ? (
                    <td>
                      <div className={adminStyles.rowActions}>
                        <Button
                          variant="secondary"
                          className={adminStyles.compact}
                          id={`edit-product-${product.id}`}
                          onClick={() => setEditing(product.id)}
                          aria-label={t('settings.editProduct', { name: label(product) })}
                          data-testid="edit-product"
                        >
                          {t('ui.edit')}
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
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

function ProductEditRow({
  product,
  label,
  onCancel,
  onReview,
}: {
  product: OptionsProductView;
  label: string;
  onCancel: () => void;
  onReview: (draft: Draft) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = `product-form-${product.id}`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(updateOptionsProductBody, draft);
    if (checked.errors) return setErrors(checked.errors);
    const before = draftOf(product);
    const unchanged = (Object.keys(before) as (keyof Draft)[]).every((k) => String(before[k]) === String(checked.data[k]));
    if (unchanged) return setErrors({ _: 'backoffice:settings.unchanged' });
    setErrors({});
    onReview(checked.data);
  };

  const field = (name: 'payoutPercent' | 'minStake' | 'maxStake', fieldLabel: string) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return (
      <td className={adminStyles.num}>
        <label htmlFor={id} className={adminStyles.visuallyHidden}>
          {`${fieldLabel} — ${label}`}
        </label>
        <input
          id={id}
          form={formId}
          className={`${adminStyles.input} ${styles.numberInput}`}
          value={draft[name]}
          dir="ltr"
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
          data-testid={`product-${name}`}
          autoFocus={name === 'payoutPercent'}
        />
        {error ? (
          <p id={`${id}-error`} className={adminStyles.fieldError}>
            {t(`common:${error}`)}
          </p>
        ) : null}
      </td>
    );
  };

  return (
    <tr data-testid={`product-${product.id}`} className={styles.editingRow}>
      <th scope="row" className={adminStyles.ltr}>
        {product.instrumentCode}
      </th>
      <td className={adminStyles.nowrap}>{formatDuration(product.period, lang)}</td>
      {field('payoutPercent', t('settings.payout'))}
      {field('minStake', t('settings.minStake'))}
      {field('maxStake', t('settings.maxStake'))}
      <td>
        <label className={adminStyles.check}>
          <input
            type="checkbox"
            form={formId}
            checked={draft.enabled}
            onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
            data-testid="product-enabled"
          />
          {t('settings.enabled')}
        </label>
      </td>
      <td>
        <form id={formId} onSubmit={review} noValidate className={styles.editActions}>
          <Button type="submit" className={adminStyles.compact} data-testid="product-save">
            {t('ui.review')}
          </Button>
          <Button variant="secondary" className={adminStyles.compact} onClick={onCancel} data-testid="product-cancel">
            {t('ui.cancel')}
          </Button>
        </form>
        {errors._ ? (
          <p className={adminStyles.fieldError} role="alert">
            {t(errors._)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
