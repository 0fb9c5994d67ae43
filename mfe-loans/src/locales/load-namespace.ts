import type { LanguageCode } from '@meridian/contracts';

/** The `loans` namespace, one chunk per language. */
export const NAMESPACE = 'loans';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-loans-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
