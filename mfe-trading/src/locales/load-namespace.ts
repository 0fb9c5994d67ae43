import type { LanguageCode } from '@meridian/contracts';

/** The `trading` namespace, one chunk per language. */
export const NAMESPACE = 'trading';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-trading-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
