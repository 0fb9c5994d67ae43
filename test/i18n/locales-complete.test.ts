import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NOTIFICATION_KINDS, localeOf } from '@meridian/contracts';

const root = join(import.meta.dirname, '..', '..');

/** Every namespace folder: a part's `src/locales` (or the platform's). */
const NAMESPACE_DIRS = [
  'shared/platform/src/locales',
  'shell/src/locales',
  ...readdirSync(root)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src/locales`),
  // The back-office's file sets merged into its namespace.
  'mfe-backoffice/src/locales/reviews',
  'mfe-backoffice/src/locales/content',
  // Emails the API sends, in the reader's language.
  'api/src/locales',
];

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const read = (file: string) => leaves(JSON.parse(readFileSync(file, 'utf8')) as Tree);

/** The text of every source file below `dir` whose name matches `ending`, tests left out. */
function* sources(dir: string, ending: RegExp): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sources(p, ending);
    else if (ending.test(name) && !name.endsWith('.test.ts')) yield readFileSync(p, 'utf8');
  }
}

/** The `t('…')` keys a part's code uses with a literal key, by the file that uses them. */
function literalKeys(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const text of sources(dir, /\.tsx?$/)) for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
  return keys;
}

/**
 * Whether `key` is a plural form (`<base>_<category>`, i18next's convention) of a key English has in the
 * plural (`<base>_other`), in one of the CLDR categories of the language (`Intl.PluralRules`).
 */
function isOwnPluralForm(key: string, lang: (typeof LANGUAGE_CODES)[number], en: Map<string, string>): boolean {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (!match || !en.has(`${match[1]}_other`)) return false;
  return new Intl.PluralRules(localeOf(lang)).resolvedOptions().pluralCategories.includes(match[2] as Intl.LDMLPluralRule);
}

/** The common namespace every part reads beside its own. */
const commonKeys = () => read(join(root, 'shared/platform/src/locales/en.json'));

describe('translations', () => {
  it.each(NAMESPACE_DIRS)('%s has every key in all 11 languages, translated', (dir) => {
    const en = read(join(root, dir, 'en.json'));
    expect(en.size).toBeGreaterThan(0);
    for (const lang of LANGUAGE_CODES) {
      const file = join(root, dir, `${lang}.json`);
      expect(existsSync(file), `${relative(root, file)} is missing`).toBe(true);
      const tr = read(file);
      const missing = [...en.keys()].filter((k) => !tr.has(k));
      // A plural the language has and English has not (Arabic's `_two`, `_few`, `_many`…) is not unknown.
      const extra = [...tr.keys()].filter((k) => !en.has(k) && !isOwnPluralForm(k, lang, en));
      expect(missing, `${lang} misses keys in ${dir}`).toEqual([]);
      expect(extra, `${lang} has unknown keys in ${dir}`).toEqual([]);
      const empty = [...tr.entries()].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty, `${lang} has empty strings in ${dir}`).toEqual([]);
      if (lang !== 'en') {
        const same = [...en.entries()].filter(([k, v]) => tr.get(k) === v && /[a-z]{4,}/.test(v));
        // A few strings may stay the same (brand names); most must really be translated.
        expect(same.length / en.size, `${lang} copies English in ${dir}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(0.2);
      }
    }
  });

  it.each([
    { who: 'the account remote', src: 'mfe-account/src', locales: ['mfe-account/src/locales'] },
    { who: 'the markets remote', src: 'mfe-markets/src', locales: ['mfe-markets/src/locales'] },
    {
      who: 'the back-office',
      src: 'mfe-backoffice/src',
      locales: ['', '/reviews', '/content'].map((d) => `mfe-backoffice/src/locales${d}`),
    },
    { who: 'the shell', src: 'shell/src', locales: ['shell/src/locales'] },
  ])('every literal key $who uses exists in its namespaces', ({ src, locales }) => {
    const sets = [...locales.map((d) => read(join(root, d, 'en.json'))), commonKeys()];
    const unknown = [...literalKeys(join(root, src))].filter((k) => !sets.some((set) => set.has(k)));
    expect(unknown).toEqual([]);
  });

  it('every kind of notification the server creates has a title and a body', () => {
    const account = read(join(root, 'mfe-account/src/locales/en.json'));
    for (const kind of NOTIFICATION_KINDS) {
      expect(account.has(`notifications.kinds.${kind}.title`) && account.has(`notifications.kinds.${kind}.body`), kind).toBe(true);
    }
  });

  it('the back-office file sets do not define the same top-level key twice (they merge by top-level key)', () => {
    const tops = ['', '/reviews', '/content'].map((d) =>
      Object.keys(JSON.parse(readFileSync(join(root, `mfe-backoffice/src/locales${d}/en.json`), 'utf8')) as object),
    );
    const all = tops.flat();
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
  });
});

describe('server and schema message keys', () => {
  it('every validation key the contracts and the API use exists in the common namespace', () => {
    const common = commonKeys();
    const used = new Set<string>();
    for (const dir of ['shared/contracts/src', 'api/src'])
      for (const text of sources(join(root, dir), /\.ts$/)) for (const m of text.matchAll(/'(validation\.[a-zA-Z]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((k) => !common.has(k))).toEqual([]);
  });
});
