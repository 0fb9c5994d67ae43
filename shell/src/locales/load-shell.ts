import type { LanguageCode } from '@meridian/contracts';

export const loadShellNamespace = (lang: LanguageCode): Promise<Record<string, unknown>> =>
  import(/* webpackChunkName: "i18n-shell-[request]" */ `./${lang}.json`).then((m: { default: Record<string, unknown> }) => m.default);
