import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { useT } from '@meridian/platform';
import { ApplySection } from '../features/apply/apply-page.tsx';
import { LoanDetailPage } from '../features/loan-detail/loan-detail-page.tsx';
import { MyLoans } from '../features/my-loans/my-loans.tsx';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { PlatformProvider } from '../shared/platform-context.tsx';
import { pageLayout } from '@meridian/ui';

/** `/loan`: what a loan costs and how it works, the application, and the customer's loans. */
function LoansHome() {
  const { t } = useT(NAMESPACE);
  return (
    <div className={pageLayout.page} data-testid="mfe-loans-page">
      <header>
        <h1 className={pageLayout.title}>{t('title')}</h1>
        <p className={pageLayout.lead}>{t('lead')}</p>
      </header>
      <ApplySection />
      <MyLoans />
    </div>
  );
}

/** Crypto loans (issue 26): `/loan` and `/loan/:id`. */
export function App({ platform }: RemoteProps) {
  return (
    <PlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/loan/:id" element={<LoanDetailPage />} />
          <Route path="*" element={<LoansHome />} />
        </Routes>
      </BrowserRouter>
    </PlatformProvider>
  );
}
