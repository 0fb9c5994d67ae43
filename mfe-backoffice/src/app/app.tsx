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
      testId="mfe-backoffice-page"
      title={t(`pages.${page}`)}
      notice={t('notice')}
      lead={t('lead')}
      items={ITEM_KEYS.map((key) => t(key))}
    />
  );
}

/** Operator back-office: routes inside this remote's prefixes. */
export function App(_props: RemoteProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin" element={<Planned page="admin" />} />
        <Route path="*" element={<Planned page="admin" />} />
      </Routes>
    </BrowserRouter>
  );
}
