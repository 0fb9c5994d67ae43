import type { LanguageCode } from '@meridian/contracts';

/** The `nfts` namespace, one chunk per language. */
export const NAMESPACE = 'nfts';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-nfts-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
