import type { LanguageCode } from '@meridian/contracts';

/** The `backoffice` namespace, one chunk per language. */
export const NAMESPACE = 'backoffice';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-backoffice-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
