import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NOTIFICATION_KINDS } from '@meridian/contracts';

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

/** The `t('…')` keys a part's code uses with a literal key, by the file that uses them. */
function literalKeys(dir: string): Set<string> {
  const keys = new Set<string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
      }
    }
  };
  walk(dir);
  return keys;
}

describe('translations', () => {
  it.each(NAMESPACE_DIRS)('%s has every key in all 11 languages, translated', (dir) => {
    const en = read(join(root, dir, 'en.json'));
    expect(en.size).toBeGreaterThan(0);
    for (const lang of LANGUAGE_CODES) {
      const file = join(root, dir, `${lang}.json`);
      expect(existsSync(file), `${relative(root, file)} is missing`).toBe(true);
      const tr = read(file);
      const missing = [...en.keys()].filter((k) => !tr.has(k));
      const extra = [...tr.keys()].filter((k) => !en.has(k));
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

  it('every literal key the account remote uses exists in its namespaces', () => {
    const account = read(join(root, 'mfe-account/src/locales/en.json'));
    const common = read(join(root, 'shared/platform/src/locales/en.json'));
    const unknown = [...literalKeys(join(root, 'mfe-account/src'))].filter((k) => !account.has(k) && !common.has(k));
    expect(unknown).toEqual([]);
  });

  it('every kind of notification the server creates has a title and a body', () => {
    const account = read(join(root, 'mfe-account/src/locales/en.json'));
    for (const kind of NOTIFICATION_KINDS) {
      expect(account.has(`notifications.kinds.${kind}.title`) && account.has(`notifications.kinds.${kind}.body`), kind).toBe(true);
    }
  });

  it('every literal key the markets remote uses exists in its namespaces', () => {
    const markets = read(join(root, 'mfe-markets/src/locales/en.json'));
    const common = read(join(root, 'shared/platform/src/locales/en.json'));
    const unknown = [...literalKeys(join(root, 'mfe-markets/src'))].filter((k) => !markets.has(k) && !common.has(k));
    expect(unknown).toEqual([]);
  });

  it('every literal key the back-office uses exists in its namespaces', () => {
    const sets = ['', '/reviews', '/content'].map((d) => read(join(root, `mfe-backoffice/src/locales${d}/en.json`)));
    const common = read(join(root, 'shared/platform/src/locales/en.json'));
    const unknown = [...literalKeys(join(root, 'mfe-backoffice/src'))].filter((k) => !sets.some((s) => s.has(k)) && !common.has(k));
    expect(unknown).toEqual([]);
  });

  it('the back-office file sets do not define the same top-level key twice (they merge by top-level key)', () => {
    const tops = ['', '/reviews', '/content'].map((d) =>
      Object.keys(JSON.parse(readFileSync(join(root, `mfe-backoffice/src/locales${d}/en.json`), 'utf8')) as object),
    );
    const all = tops.flat();
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
  });

  it('every literal key the shell uses exists in its namespaces', () => {
    const shell = read(join(root, 'shell/src/locales/en.json'));
    const common = read(join(root, 'shared/platform/src/locales/en.json'));
    const unknown = [...literalKeys(join(root, 'shell/src'))].filter((k) => !shell.has(k) && !common.has(k));
    expect(unknown).toEqual([]);
  });
});

describe('server and schema message keys', () => {
  it('every validation key the contracts and the API use exists in the common namespace', () => {
    const common = read(join(root, 'shared/platform/src/locales/en.json'));
    const used = new Set<string>();
    const scan = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) scan(p);
        else if (/\.ts$/.test(name) && !name.endsWith('.test.ts'))
          for (const m of readFileSync(p, 'utf8').matchAll(/'(validation\.[a-zA-Z]+)'/g)) used.add(m[1]!);
      }
    };
    scan(join(root, 'shared/contracts/src'));
    scan(join(root, 'api/src'));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((k) => !common.has(k))).toEqual([]);
  });
});
