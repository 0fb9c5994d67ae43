import type { LanguageCode } from '@meridian/contracts';

/** The `markets` namespace, one chunk per language. */
export const NAMESPACE = 'markets';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-markets-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
