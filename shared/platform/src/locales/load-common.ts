import type { LanguageCode } from '@meridian/contracts';

/** The platform's own `common` namespace (errors, toasts, fallbacks), one chunk per language. */
export const commonNamespaceLoader = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-common-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
