import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@meridian/platform';
import { AboutPage, ContentPage } from '../features/content/components/content-page.tsx';
import { FaqPage } from '../features/faq/components/faq-page.tsx';
import { HelpCentrePage } from '../features/help-centre/components/help-centre-page.tsx';
import { NoticePage, NoticesPage } from '../features/notices/components/notices-page.tsx';

/** Help: the help centre, FAQ, notices, content pages and About us. */
export function App({ platform }: RemoteProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/help" element={<HelpCentrePage platform={platform} />} />
        <Route path="/help/faq" element={<FaqPage platform={platform} />} />
        <Route path="/help/notice" element={<NoticesPage platform={platform} />} />
        <Route path="/help/notice/:id" element={<NoticePage platform={platform} />} />
        <Route path="/detail" element={<ContentPage platform={platform} />} />
        <Route path="/introduction" element={<AboutPage platform={platform} />} />
        <Route path="*" element={<Navigate to="/help" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
