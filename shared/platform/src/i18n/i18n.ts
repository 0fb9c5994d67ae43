import i18next from 'i18next';
import type { BackendModule, i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_CODES, MESSAGE_LIMIT_VARIABLES, localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { commonNamespaceLoader } from '../locales/load-common.ts';

/** Loads one language of one namespace; each part registers its own (a dynamic import per language). */
export type NamespaceLoader = (lang: LanguageCode) => Promise<Record<string, unknown>>;

// The platform's own `common` namespace is always there: every part's messages build on it.
const loaders = new Map<string, NamespaceLoader>([['common', commonNamespaceLoader]]);

const registryBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = loaders.get(namespace);
    if (!loader) return callback(null, {});
    loader(language as LanguageCode).then(
      (data) => callback(null, data as Record<string, string>),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** The one i18next instance of the page (shared as a singleton through @meridian/platform). */
export const i18n: I18n = i18next.createInstance();

let initPromise: Promise<unknown> | null = null;

export function initI18n(language: LanguageCode = DEFAULT_LANGUAGE): Promise<unknown> {
  initPromise ??= i18n.use(registryBackend).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGE_CODES,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    // Messages that state a limit name it from the constant the server checks (`{{supportMessageMax, number}}`).
    interpolation: { escapeValue: false, defaultVariables: { ...MESSAGE_LIMIT_VARIABLES } },
    returnNull: false,
  });
  return initPromise;
}

/** Registers a part's namespace and loads it for the current language. */
export async function registerNamespace(namespace: string, loader: NamespaceLoader): Promise<void> {
  if (!loaders.has(namespace)) loaders.set(namespace, loader);
  await initI18n();
  await i18n.loadNamespaces(namespace);
}

export function directionOf(lang: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === lang)?.dir ?? 'ltr';
}

/** The Intl locale of a site language; the contracts' own, offered to the parts with the platform. */
export { localeOf };
