import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';

type MailKey =
  | 'registerSubject'
  | 'registerText'
  | 'resetSubject'
  | 'resetText'
  | 'walletLinkedSubject'
  | 'walletLinkedText'
  | 'withdrawalCodeSubject'
  | 'withdrawalCodeText'
  | 'signature';
interface AccountTexts {
  mail: Record<MailKey, string>;
  wallet: { statement: string };
}

const cache = new Map<LanguageCode, AccountTexts>();

/** The API's own texts (mails, the wallet sign-in statement) in a reader's language, English when unknown. */
function texts(language: string): AccountTexts {
  const lang = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  let found = cache.get(lang);
  if (!found) {
    found = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'locales', `${lang}.json`), 'utf8')) as AccountTexts;
    cache.set(lang, found);
  }
  return found;
}

/** A mail text in the reader's language, with `{{name}}` placeholders filled. */
export function mailText(language: string, key: MailKey, values: Record<string, string | number> = {}): string {
  return texts(language).mail[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The readable sentence a wallet signs when signing in (one line, no placeholders). */
export function walletStatement(language: string): string {
  return texts(language).wallet.statement;
}
