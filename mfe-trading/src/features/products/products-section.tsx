import { useQuery } from '@tanstack/react-query';
import type { SmartProductView } from '@meridian/contracts';
import { formatAmount, formatDecimal, useLanguage, useT } from '@meridian/platform';
import { Button, surfaceClasses, pageLayout } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import styles from '../../shared/trading.module.css';

/** One product's terms as stated before purchase; a product switched off is shown, marked not available. */
function ProductCard({
  product,
  currency,
  chosen,
  onChoose,
}: {
  product: SmartProductView;
  currency: string;
  chosen: boolean;
  onChoose: (id: number) => void;
}) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const fmt = (value: string) => formatAmount(value, currency, lang);
  const titleId = `smart-product-title-${product.id}`;
  return (
    <li
      className={styles.product}
      data-testid={`smart-product-${product.id}`}
      data-enabled={product.enabled ? 'true' : 'false'}
      data-chosen={chosen ? 'true' : 'false'}
      aria-labelledby={titleId}
    >
      <div className={styles.head}>
        <h3 id={titleId} className={styles.productName}>
          {product.name}
        </h3>
        {product.enabled ? null : (
          <span className={`${styles.badge} ${styles.off}`} data-testid="smart-product-off">
            {t('products.off')}
          </span>
        )}
      </div>
      <dl className={styles.terms}>
        <dt>{t('products.term')}</dt>
        <dd>{t('products.days', { count: product.termDays })}</dd>
        <dt>{t('products.dailyYield')}</dt>
        <dd>{t('products.percent', { value: formatDecimal(product.dailyYieldPercent, lang) })}</dd>
        <dt>{t('products.range')}</dt>
        <dd>{t('products.rangeValue', { min: fmt(product.minAmount), max: fmt(product.maxAmount) })}</dd>
        <dt>{t('products.sharing')}</dt>
        <dd>{t('products.days', { count: product.profitSharingDays })}</dd>
        <dt>{t('products.penalty')}</dt>
        <dd>{t('products.penaltyValue', { value: formatDecimal(product.earlyExitPenaltyPercent, lang) })}</dd>
      </dl>
      {product.enabled ? (
        <Button
          variant={chosen ? 'primary' : 'secondary'}
          aria-pressed={chosen}
          onClick={() => onChoose(product.id)}
          data-testid={`smart-product-choose-${product.id}`}
        >
          {chosen ? t('products.chosen') : t('products.choose')}
        </Button>
      ) : (
        <p className={pageLayout.muted}>{t('products.offNote')}</p>
      )}
    </li>
  );
}

/**
 * `/trading`: the products with their terms, under a plain statement of what the yield is (SPEC §0 rule 3:
 * a term the platform's operator pays, not a market result; the capital is at risk if the operator fails).
 */
export function ProductsSection({ chosenId, onChoose }: { chosenId: number | null; onChoose: (id: number) => void }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const products = useQuery(smartQueries.products(api));
  return (
    <section className={`${surfaceClasses.panel} ${pageLayout.card}`} aria-labelledby="smart-products-title">
      <h2 id="smart-products-title" className={pageLayout.cardTitle}>
        {t('products.title')}
      </h2>
      <p className={styles.risk} role="note" data-testid="smart-risk">
        {t('products.risk')}
      </p>
      <QueryView query={products} isEmpty={(data) => data.products.length === 0} empty={t('products.empty')}>
        {({ products: items, currency }) => (
          <ul className={styles.products} data-testid="smart-products">
            {items.map((product) => (
              <ProductCard key={product.id} product={product} currency={currency} chosen={product.id === chosenId} onChoose={onChoose} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
