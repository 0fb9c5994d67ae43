import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useT, useUser } from '@meridian/platform';
import { surfaceClasses, pageLayout } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { SmartGate } from '../../shared/gate.tsx';
import { smartQueries } from '../../shared/smart-api.ts';
import { usePlatform } from '../../shared/platform-context.tsx';
import styles from '../../shared/trading.module.css';
import { PlanForm } from './plan-form.tsx';

/** One running plan per product (10024): the customer's running plan of this product, if any, is named before the form. */
function RunningCheck({ productId, children }: { productId: number; children: ReactNode }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const userId = useUser()?.id ?? null;
  const running = useQuery(smartQueries.list(api, userId, 'running', 1));
  const plan = running.data?.items.find((item) => item.productId === productId);
  if (!plan) return <>{children}</>;
  return (
    <div className={styles.gate} data-testid="smart-already-running" role="note">
      <p>{t('form.alreadyRunning')}</p>
      <Link to={`/trading/${plan.id}`} data-testid="smart-running-link">
        {t('form.openRunning')}
      </Link>
    </div>
  );
}

/** `/trading`: the plan form of the chosen product, behind the gate (signed in, real account). */
export function PlanFormSection({ productId }: { productId: number | null }) {
  const { t } = useT(NAMESPACE);
  const { api } = usePlatform();
  const products = useQuery(smartQueries.products(api));
  return (
    <section
      id="smart-plan-form"
      className={`${surfaceClasses.panel} ${pageLayout.card}`}
      aria-labelledby="smart-form-title"
      data-testid="smart-plan-form"
    >
      <h2 id="smart-form-title" className={pageLayout.cardTitle} tabIndex={-1}>
        {t('form.heading')}
      </h2>
      <QueryView query={products}>
        {({ products: items, currency }) => {
          const product = items.find((item) => item.id === productId) ?? null;
          if (!product)
            return (
              <p className={pageLayout.muted} data-testid="smart-form-pick">
                {t('form.pick')}
              </p>
            );
          return (
            <>
              <p className={pageLayout.lead}>{t('form.title', { name: product.name })}</p>
              <SmartGate>
                {!product.enabled ? (
                  <p className={styles.notice} data-testid="smart-form-off" role="note">
                    {t('products.offNote')}
                  </p>
                ) : (
                  <RunningCheck productId={product.id}>
                    <PlanForm key={product.id} product={product} currency={currency} />
                  </RunningCheck>
                )}
              </SmartGate>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
