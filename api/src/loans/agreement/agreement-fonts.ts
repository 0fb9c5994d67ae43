import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of the loan agreement PDF, one per script family. pdfkit embeds only the glyphs a document uses
 * (a subset), so the 10 MB CJK files cost a few kilobytes per PDF.
 *
 * - `latin`: Noto Sans — Latin, Greek, Cyrillic, the general punctuation and currency signs.
 * - `arabic`: Noto Naskh Arabic **v1** (from `@embedpdf/fonts-arabic`). The v2 Arabic fonts extract back as garbage
 *   from the PDF (their glyphs map to the wrong code points once subset), v1 extracts as the letters it shows.
 * - `thai`: Noto Sans Thai (it carries basic Latin and digits too, drawn to match Noto Sans).
 * - `sc`: Noto Sans SC — simplified Chinese, and it also covers the traditional characters the `hk` texts use and
 *   Japanese kana (checked by `test/loans/agreement-pdf.test.ts`, which extracts every language's labels back).
 * - `kr`: Noto Sans KR — Hangul (and Hanja, kana), the CJK font of Korean documents.
 */
export type FontKey = 'latin' | 'arabic' | 'thai' | 'sc' | 'kr';

export const FONT_KEYS: readonly FontKey[] = ['latin', 'arabic', 'thai', 'sc', 'kr'];

/** A loaded font: its file's bytes (handed to pdfkit per document) and which code points it has a glyph for. */
interface Face {
  key: FontKey;
  data: Buffer;
  has(codePoint: number): boolean;
}

export type FontSet = Readonly<Record<FontKey, Face>>;

const require = createRequire(import.meta.url);

/**
 * Where each font file is. The expo packages have no `exports` block, so the file resolves by its path; the
 * Arabic package's `exports` only opens its entry (`require.resolve` of the `.ttf` is refused), so the file is
 * found next to it: `<package>/dist/index.cjs` → `<package>/fonts/`.
 */
function fontPath(key: FontKey): string {
  switch (key) {
    case 'latin':
      return require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
    case 'arabic':
      return join(dirname(require.resolve('@embedpdf/fonts-arabic')), '..', 'fonts', 'NotoNaskhArabic-Regular.ttf');
    case 'thai':
      return require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf');
    case 'sc':
      return require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
    case 'kr':
      return require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf');
  }
}

let loading: Promise<FontSet> | null = null;

/**
 * The fonts, read from disk once per process (about 17 MB, kept in memory) and shared by every render: a request
 * never reads a font file. A failed read is not cached, so the next render tries again.
 */
export function loadFonts(): Promise<FontSet> {
  loading ??= (async () => {
    const faces = await Promise.all(
      FONT_KEYS.map(async (key): Promise<Face> => {
        const data = await readFile(fontPath(key));
        return { key, data, has: cmapCoverage(data) };
      }),
    );
    return Object.fromEntries(faces.map((face) => [face.key, face])) as Record<FontKey, Face>;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Which code points a TrueType/OpenType font maps to a glyph, read from its `cmap` table (format 12 when the
 * font has one, else format 4). The renderer picks a font per character with it, before pdfkit shapes anything,
 * so a neutral character (a digit, a colon, a space) stays in the font of its neighbours when that font has it
 * and falls back to one that does when it has not (Noto Naskh Arabic v1 has digits but no `(` or `%`).
 */
function cmapCoverage(font: Buffer): (codePoint: number) => boolean {
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('font without a cmap table');
  let format4 = -1;
  let format12 = -1;
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const offset = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12 && format12 < 0) format12 = offset;
    if (format === 4 && format4 < 0) format4 = offset;
  }
  if (format12 >= 0) {
    const groups = font.readUInt32BE(format12 + 12);
    const starts = new Uint32Array(groups);
    const ends = new Uint32Array(groups);
    for (let i = 0; i < groups; i++) {
      starts[i] = font.readUInt32BE(format12 + 16 + i * 12);
      ends[i] = font.readUInt32BE(format12 + 20 + i * 12);
    }
    return (cp) => {
      const i = lastAtOrBelow(starts, cp);
      return i >= 0 && cp <= (ends[i] ?? -1);
    };
  }
  if (format4 < 0) throw new Error('font without a Unicode cmap (format 4 or 12)');
  const segments = font.readUInt16BE(format4 + 6) / 2;
  const endsAt = format4 + 14;
  const startsAt = endsAt + segments * 2 + 2;
  const deltasAt = startsAt + segments * 2;
  const rangeOffsetsAt = deltasAt + segments * 2;
  const starts = new Uint32Array(segments);
  for (let i = 0; i < segments; i++) starts[i] = font.readUInt16BE(startsAt + i * 2);
  return (cp) => {
    if (cp > 0xffff) return false;
    const i = lastAtOrBelow(starts, cp);
    if (i < 0 || cp > font.readUInt16BE(endsAt + i * 2)) return false;
    const delta = font.readInt16BE(deltasAt + i * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsetsAt + i * 2);
    if (rangeOffset === 0) return ((cp + delta) & 0xffff) !== 0;
    const glyph = font.readUInt16BE(rangeOffsetsAt + i * 2 + rangeOffset + (cp - (starts[i] ?? 0)) * 2);
    return glyph !== 0 && ((glyph + delta) & 0xffff) !== 0;
  };
}

/** The index of the last value ≤ `value` in an ascending array, -1 when every value is greater. */
function lastAtOrBelow(sorted: Uint32Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? 0) <= value) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
