import '@meridian/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  accountModeAtom,
  createApiClient,
  directionOf,
  i18n,
  initI18n,
  languageAtom,
  localeOf,
  queryClient,
  registerNamespace,
  sessionStore,
} from '@meridian/platform';
import { SupportPage } from '../features/support/components/support-page.tsx';
import { NAMESPACE, loadNamespace } from '../locales/load-namespace.ts';

// The stand-alone customer-service page: no shell, the same language choice and API client.
const lang = sessionStore.get(languageAtom);
document.documentElement.lang = localeOf(lang);
document.documentElement.dir = directionOf(lang);
document.body.style.margin = '0';
document.body.style.fontFamily = 'var(--m-font)';
document.body.style.background = 'var(--m-color-bg)';
document.body.style.color = 'var(--m-color-text)';

const api = createApiClient({
  getToken: () => null,
  getAccountMode: () => sessionStore.get(accountModeAtom),
  onUnauthorized: () => undefined,
});

await initI18n(lang);
await registerNamespace(NAMESPACE, loadNamespace);
document.title = `${i18n.t(`${NAMESPACE}:kf.title`)} · Meridian`;
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <SupportPage api={api} />
  </QueryClientProvider>,
);
