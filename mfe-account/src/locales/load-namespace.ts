import type { LanguageCode } from '@meridian/contracts';

/** The `account` namespace, one chunk per language. */
export const NAMESPACE = 'account';

export const loadNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-account-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
