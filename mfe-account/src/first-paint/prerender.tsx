import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LANGUAGE_CODES } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { PLATFORM_CONTRACT_VERSION, i18n, initI18n, registerNamespace } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { LoginPage } from '../features/login/login-page.tsx';
import { RegisterPage } from '../features/login/register-page.tsx';
import { ResetPage } from '../features/login/reset-page.tsx';
import { NAMESPACE, loadNamespace } from '../locales/load-namespace.ts';
import { PlatformProvider } from '../shared/platform-context.tsx';

/** The full-screen pages a visitor often opens first, drawn by the build (see `FirstPaintDocument`). */
const SCREENS: Record<string, ComponentType> = {
  '/pass/login': LoginPage,
  '/pass/register': RegisterPage,
  '/pass/reset': ResetPage,
};

/**
 * A first render calls nothing on the platform (the pages use it in handlers and effects, which a
 * static render never runs); any use of it while prerendering is a mistake in a page, and stops the build.
 */
function unavailable(path: string): never {
  const fail = () => {
    throw new Error(`ACCOUNT-002: platform.${path} was used while prerendering`);
  };
  return new Proxy(fail, {
    get: (_target, key) => (typeof key === 'symbol' ? undefined : unavailable(`${path}.${key}`)),
    apply: fail,
  }) as never;
}

const prerenderPlatform = new Proxy({} as Platform, {
  get: (_target, key) => {
    if (key === 'contractVersion') return PLATFORM_CONTRACT_VERSION;
    if (key === 'i18n') return i18n;
    return typeof key === 'symbol' ? undefined : unavailable(key);
  },
});

/**
 * The markup of each screen's first render in every language, as the app draws it at that path before
 * any data or state (the build's first-paint step writes it to `first-paint.<language>.json`).
 */
export async function prerender(): Promise<Record<LanguageCode, Record<string, string>>> {
  await initI18n();
  await registerNamespace(NAMESPACE, loadNamespace);
  const result = {} as Record<LanguageCode, Record<string, string>>;
  for (const language of LANGUAGE_CODES) {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['common', NAMESPACE]);
    const screens: Record<string, string> = {};
    for (const [path, Screen] of Object.entries(SCREENS)) {
      screens[path] = renderToStaticMarkup(
        <PlatformProvider value={prerenderPlatform}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter initialEntries={[path]}>
              <Screen />
            </MemoryRouter>
          </QueryClientProvider>
        </PlatformProvider>,
      );
    }
    result[language] = screens;
  }
  return result;
}
