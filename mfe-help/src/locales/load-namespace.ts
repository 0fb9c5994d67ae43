import type { LanguageCode } from '@meridian/contracts';

/** The `help` namespace, one chunk per language. */
export const NAMESPACE = 'help';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-help-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
