import { useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatPrice, MoneyText } from '../../../shared/money-text.tsx';
import type { ContractPreview } from '../state/contract-form.ts';
import styles from './trade.module.css';

/**
 * Margin, fee, their total and the liquidation price the order would have (— until lots are valid); for a
 * limit order that waits (`held`), the figures at the limit price, and the total is what is held now.
 */
export function ContractPreviewList({
  preview,
  price,
  tickSize,
  held = false,
}: {
  preview: ContractPreview | null;
  price: string;
  tickSize: string;
  held?: boolean;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const dash = <span title={t('trade.contract.previewNone')}>—</span>;
  return (
    <dl className={styles.preview} data-testid="contract-preview" aria-live="off">
      <div className={styles.previewRow}>
        <dt>{t('trade.contract.price')}</dt>
        <dd data-testid="preview-price" data-value={price}>
          {formatPrice(price, lang, tickSize)}
        </dd>
      </div>
      <div className={styles.previewRow}>
        <dt>{t('trade.contract.margin')}</dt>
        <dd>{preview ? <MoneyText value={preview.margin.toFixed()} testId="preview-margin" /> : dash}</dd>
      </div>
      <div className={styles.previewRow}>
        <dt>{t('trade.contract.fee')}</dt>
        <dd>{preview ? <MoneyText value={preview.fee.toFixed()} testId="preview-fee" /> : dash}</dd>
      </div>
      <div className={styles.previewRow}>
        <dt>{t(held ? 'trade.limit.held' : 'trade.contract.total')}</dt>
        <dd>{preview ? <MoneyText value={preview.total.toFixed()} testId="preview-total" /> : dash}</dd>
      </div>
      <div className={styles.previewRow}>
        <dt>{t('trade.contract.liquidation')}</dt>
        <dd data-testid="preview-liquidation" data-value={preview?.liquidation.toFixed()}>
          {preview ? formatPrice(preview.liquidation.toFixed(), lang, tickSize) : dash}
        </dd>
      </div>
    </dl>
  );
}
