import { useLanguage, useT } from '@meridian/platform';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { formatPrice, MoneyText } from '../../../shared/money-text.tsx';
import type { ContractPreview } from '../state/contract-form.ts';
import { Figure, FigureList } from './figure-list.tsx';

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
    <FigureList testId="contract-preview" live="off">
      <Figure label={t('trade.contract.price')} valueProps={{ 'data-testid': 'preview-price', 'data-value': price }}>
        {formatPrice(price, lang, tickSize)}
      </Figure>
      <Figure label={t('trade.contract.margin')}>
        {preview ? <MoneyText value={preview.margin.toFixed()} testId="preview-margin" /> : dash}
      </Figure>
      <Figure label={t('trade.contract.fee')}>{preview ? <MoneyText value={preview.fee.toFixed()} testId="preview-fee" /> : dash}</Figure>
      <Figure label={t(held ? 'trade.limit.held' : 'trade.contract.total')}>
        {preview ? <MoneyText value={preview.total.toFixed()} testId="preview-total" /> : dash}
      </Figure>
      <Figure
        label={t('trade.contract.liquidation')}
        valueProps={{ 'data-testid': 'preview-liquidation', 'data-value': preview?.liquidation.toFixed() }}
      >
        {preview ? formatPrice(preview.liquidation.toFixed(), lang, tickSize) : dash}
      </Figure>
    </FigureList>
  );
}
