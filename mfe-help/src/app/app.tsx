import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useT } from '@meridian/platform';
import type { RemoteProps } from '@meridian/platform';
import { PlannedPage } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';

const ITEM_KEYS = ['items.i1', 'items.i2', 'items.i3', 'items.i4'] as const;

function Planned({ page }: { page: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <PlannedPage
      testId="mfe-help-page"
      title={t(`pages.${page}`)}
      notice={t('notice')}
      lead={t('lead')}
      items={ITEM_KEYS.map((key) => t(key))}
    />
  );
}

/** Help centre: routes inside this remote's prefixes. */
export function App(_props: RemoteProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/help" element={<Planned page="help" />} />
        <Route path="/help/faq" element={<Planned page="faq" />} />
        <Route path="/help/notice" element={<Planned page="notice" />} />
        <Route path="/detail" element={<Planned page="detail" />} />
        <Route path="/introduction" element={<Planned page="introduction" />} />
        <Route path="*" element={<Planned page="help" />} />
      </Routes>
    </BrowserRouter>
  );
}
