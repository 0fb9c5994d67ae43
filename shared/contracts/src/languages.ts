/** The 11 site languages, in the order the language picker lists them. */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', locale: 'en-US' },
  { code: 'zh', name: '简体中文', dir: 'ltr', locale: 'zh-CN' },
  { code: 'hk', name: '繁體中文', dir: 'ltr', locale: 'zh-HK' },
  { code: 'ja', name: '日本語', dir: 'ltr', locale: 'ja-JP' },
  { code: 'ko', name: '한국어', dir: 'ltr', locale: 'ko-KR' },
  { code: 'de', name: 'Deutsch', dir: 'ltr', locale: 'de-DE' },
  { code: 'fr', name: 'Français', dir: 'ltr', locale: 'fr-FR' },
  { code: 'it', name: 'Italiano', dir: 'ltr', locale: 'it-IT' },
  { code: 'es', name: 'Español', dir: 'ltr', locale: 'es-ES' },
  { code: 'ar', name: 'العربية', dir: 'rtl', locale: 'ar' },
  { code: 'th', name: 'ไทย', dir: 'ltr', locale: 'th-TH' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

/** The Intl locale of a site language (`hk` → `zh-HK`). */
export function localeOf(lang: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === lang)?.locale ?? 'en-US';
}

/** Content language id of SPEC §2: 1 for Chinese (zh, hk), 2 for every other language. */
export function contentLanguageId(lang: LanguageCode): 1 | 2 {
  return lang === 'zh' || lang === 'hk' ? 1 : 2;
}
