import type { LanguageCode } from '@meridian/contracts';
import { directionOf, i18n, languageAtom, localeOf, sessionStore } from '@meridian/platform';

/** Applies a language to the document (lang, dir) without a reload. */
export function applyDocumentLanguage(lang: LanguageCode): void {
  const root = document.documentElement;
  root.lang = localeOf(lang);
  root.dir = directionOf(lang);
}

/** Switches the site language at once: stored, applied to the document, every namespace reloaded. */
export async function changeLanguage(lang: LanguageCode): Promise<void> {
  sessionStore.set(languageAtom, lang);
  applyDocumentLanguage(lang);
  await i18n.changeLanguage(lang);
}
