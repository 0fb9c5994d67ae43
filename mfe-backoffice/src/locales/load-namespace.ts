import type { LanguageCode } from '@meridian/contracts';

/** The `backoffice` namespace, one chunk per language and file set. */
export const NAMESPACE = 'backoffice';

type Tree = { [key: string]: string | Tree };

/**
 * The core strings (`locales/<lang>.json`), those of the review features (`locales/reviews/<lang>.json`)
 * and of the content editor (`locales/content/<lang>.json`), merged by top-level key.
 */
export const loadNamespace = async (lang: LanguageCode): Promise<Record<string, unknown>> => {
  const [core, reviews, content] = await Promise.all([
    import(/* webpackChunkName: "i18n-backoffice-[request]" */ `./${lang}.json`).then((m: { default: Tree }) => m.default),
    import(/* webpackChunkName: "i18n-backoffice-reviews-[request]" */ `./reviews/${lang}.json`).then((m: { default: Tree }) => m.default),
    import(/* webpackChunkName: "i18n-backoffice-content-[request]" */ `./content/${lang}.json`).then((m: { default: Tree }) => m.default),
  ]);
  return { ...core, ...reviews, ...content };
};
