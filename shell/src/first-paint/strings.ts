import type { LanguageCode } from '@meridian/contracts';
import ar from '../locales/ar.json?first-paint';
import de from '../locales/de.json?first-paint';
import en from '../locales/en.json?first-paint';
import es from '../locales/es.json?first-paint';
import fr from '../locales/fr.json?first-paint';
import hk from '../locales/hk.json?first-paint';
import it from '../locales/it.json?first-paint';
import ja from '../locales/ja.json?first-paint';
import ko from '../locales/ko.json?first-paint';
import th from '../locales/th.json?first-paint';
import zh from '../locales/zh.json?first-paint';

/**
 * The shell strings the first paint shows, in every language: the intro board, the home headline, the
 * customer-service link and the notice of a start that failed.
 */
export interface FirstPaintStrings {
  intro: { title: string; point1: string; point2: string; point3: string; continue: string; skip: string };
  languageTitle: string;
  home: { title: string; lead: string; cta: string };
  support: { label: string };
  startFailed: { title: string; text: string; reload: string };
}

const strings = (
  intro: FirstPaintStrings['intro'],
  languageTitle: string,
  title: string,
  lead: string,
  cta: string,
  support: FirstPaintStrings['support'],
  startFailed: FirstPaintStrings['startFailed'],
) => ({ intro, languageTitle, home: { title, lead, cta }, support, startFailed });

// A resource query of its own makes each file a module apart from the namespace the shell loads later, and
// each property is read by name (never by a computed key), so webpack keeps only these strings of it.
export const FIRST_PAINT_STRINGS: Record<LanguageCode, () => FirstPaintStrings> = {
  en: () => strings(en.intro, en.language.title, en.home.title, en.home.lead, en.home.cta, en.support, en.startFailed),
  zh: () => strings(zh.intro, zh.language.title, zh.home.title, zh.home.lead, zh.home.cta, zh.support, zh.startFailed),
  hk: () => strings(hk.intro, hk.language.title, hk.home.title, hk.home.lead, hk.home.cta, hk.support, hk.startFailed),
  ja: () => strings(ja.intro, ja.language.title, ja.home.title, ja.home.lead, ja.home.cta, ja.support, ja.startFailed),
  ko: () => strings(ko.intro, ko.language.title, ko.home.title, ko.home.lead, ko.home.cta, ko.support, ko.startFailed),
  de: () => strings(de.intro, de.language.title, de.home.title, de.home.lead, de.home.cta, de.support, de.startFailed),
  fr: () => strings(fr.intro, fr.language.title, fr.home.title, fr.home.lead, fr.home.cta, fr.support, fr.startFailed),
  it: () => strings(it.intro, it.language.title, it.home.title, it.home.lead, it.home.cta, it.support, it.startFailed),
  es: () => strings(es.intro, es.language.title, es.home.title, es.home.lead, es.home.cta, es.support, es.startFailed),
  ar: () => strings(ar.intro, ar.language.title, ar.home.title, ar.home.lead, ar.home.cta, ar.support, ar.startFailed),
  th: () => strings(th.intro, th.language.title, th.home.title, th.home.lead, th.home.cta, th.support, th.startFailed),
};
