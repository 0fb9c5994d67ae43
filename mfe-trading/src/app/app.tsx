import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { useT } from '@meridian/platform';
import { MyPlans } from '../features/my-plans/my-plans.tsx';
import { PlanDetailPage } from '../features/plan-detail/plan-detail-page.tsx';
import { PlanFormSection } from '../features/plan-form/plan-form-section.tsx';
import { ProductsSection } from '../features/products/products-section.tsx';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { PlatformProvider } from '../shared/platform-context.tsx';
import { pageLayout } from '@meridian/ui';

/** `/trading`: the products with their terms, the plan form of the chosen one, and the customer's plans. */
function TradingHome() {
  const { t } = useT(NAMESPACE);
  // Kept in the page, not the address: a changed address is a navigation for the shell, which scrolls to the top.
  const [productId, setProductId] = useState<number | null>(null);
  return (
    <div className={pageLayout.page} data-testid="mfe-trading-page">
      <header>
        <h1 className={pageLayout.title}>{t('pages.trading')}</h1>
        <p className={pageLayout.lead}>{t('lead')}</p>
      </header>
      <ProductsSection
        chosenId={productId}
        onChoose={(id) => {
          setProductId(id);
          // The form under the products is where the choice leads: bring it into view and give it focus.
          requestAnimationFrame(() => {
            const heading = document.getElementById('smart-form-title');
            heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            heading?.focus({ preventScroll: true });
          });
        }}
      />
      <PlanFormSection productId={productId} />
      <MyPlans />
    </div>
  );
}

/** Smart trading plans (issue 27): `/trading` and `/trading/:id`. */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/trading/:id" element={<PlanDetailPage />} />
          <Route path="*" element={<TradingHome />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
