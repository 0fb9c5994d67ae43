import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useT } from '@meridian/platform';
import type { RemoteProps } from '@meridian/platform';
import { PlannedPage } from '@meridian/ui';
import { NAMESPACE } from '../locales/load-namespace.ts';

const ITEM_KEYS = ['items.i1', 'items.i2', 'items.i3', 'items.i4', 'items.i5', 'items.i6'] as const;

function Planned({ page }: { page: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <PlannedPage
      testId="mfe-account-page"
      title={t(`pages.${page}`)}
      notice={t('notice')}
      lead={t('lead')}
      items={ITEM_KEYS.map((key) => t(key))}
    />
  );
}

/** Your account: routes inside this remote's prefixes. */
export function App(_props: RemoteProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/profile" element={<Planned page="profile" />} />
        <Route path="/profile/balance" element={<Planned page="balance" />} />
        <Route path="/profile/invite" element={<Planned page="invite" />} />
        <Route path="/profile/notification" element={<Planned page="notification" />} />
        <Route path="/profile/settings" element={<Planned page="settings" />} />
        <Route path="/pass/login" element={<Planned page="login" />} />
        <Route path="/pass/register" element={<Planned page="register" />} />
        <Route path="/pass/reset" element={<Planned page="reset" />} />
        <Route path="*" element={<Planned page="profile" />} />
      </Routes>
    </BrowserRouter>
  );
}
