import bidiFactory from 'bidi-js';
import type { EmbeddingLevels } from 'bidi-js';
import { FONT_KEYS } from './agreement-fonts.ts';
import type { FontKey, FontSet } from './agreement-fonts.ts';

/**
 * Text layout for the agreement PDF on top of pdfkit, for every script the site serves.
 *
 * pdfkit shapes a string with fontkit (Arabic joining, Thai mark stacking, kerning) but knows nothing of the
 * Unicode bidirectional algorithm, of fonts per script or of line breaks without spaces, and its own line
 * wrapper shapes word by word (a multi-word Arabic run comes out with its words in the wrong order). So this
 * module does the layout itself and gives pdfkit only single-font, single-direction runs at exact positions:
 *
 * 1. **Fonts per character** (`fontsOf`): a letter takes its script's font; a neutral (digit, space,
 *    punctuation) stays in its neighbour's font when that font has the glyph, so runs stay long; a combining
 *    mark stays with its base letter.
 * 2. **Bidi levels** for the paragraph (bidi-js), its base direction from its own letters (`directionOf`).
 * 3. **Lines** (`lines`): break opportunities from `Intl.Segmenter` words — after spaces, and between words of
 *    scripts written without spaces (Thai, Chinese, Japanese) — filled greedily by shaped width. The breaks are
 *    kept as positions, not written into the text as U+200B, so the PDF's text is exactly the text given.
 * 4. **Runs per line** (`drawLine`): maximal spans of one font and one level, put in visual order by rule L2
 *    of UAX #9 applied to whole runs (reversing a run's characters is left to the shaping step below), then
 *    shaped whole (`features: []` makes pdfkit shape the run in one piece rather than word by word).
 *
 * fontkit reverses a run itself when it detects a right-to-left script in it (after shaping, so Arabic joins
 * in logical order). A run whose direction fontkit would guess wrong — neutrals at an odd level (`"): "` in an
 * Arabic line), or Arabic-Indic digits at an even level — is reversed here first, so the two reversals agree.
 */

const bidi = bidiFactory();

/** What a document's language decides about its text: direction, word breaking, fonts. */
export interface Script {
  direction: 'ltr' | 'rtl';
  /** BCP 47 locale for `Intl.Segmenter` (Thai words come from its dictionary). */
  locale: string;
  /** The font of text that belongs to no particular script in this document (digits, punctuation). */
  base: FontKey;
  /** The font of Han characters and kana: Korean documents use Noto Sans KR, the others Noto Sans SC. */
  cjk: 'sc' | 'kr';
}

/** A paragraph prepared for layout: its text as drawn, a font and a bidi level per UTF-16 unit, break points. */
export interface Paragraph {
  text: string;
  fonts: FontKey[];
  levels: EmbeddingLevels;
  /** Indices where a line may break (the next line starts there), ascending, none at 0 or at the end. */
  breaks: number[];
}

/** A line of a paragraph: `[start, end)` in the paragraph's text, trailing spaces left out. */
export interface Line {
  start: number;
  end: number;
  width: number;
}

export type Align = 'start' | 'end' | 'center';

/**
 * Size factors per font, so scripts look the same size side by side: Noto Naskh Arabic draws its letters small
 * for their em (Arabic next to Latin at one nominal size reads a size smaller).
 */
const FONT_SCALE: Partial<Record<FontKey, number>> = { arabic: 1.12 };

/** A text run handed to pdfkit: one font, one direction, shaped whole. */
const RUN_OPTIONS: PDFKit.Mixins.TextOptions = { lineBreak: false, baseline: 'alphabetic', features: [] };

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const INHERITED = /\p{Script=Inherited}/u;
const COMMON = /[\p{Script=Common}\p{Script=Unknown}]/u;
/** Scripts written without spaces between words: a line may break between any two of their words. */
const NO_SPACES = /[\p{Script=Thai}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const OPENING = /\p{Ps}/u;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Thai SARA AM (ำ) written the way the font can stack it: NIKHAHIT + SARA AA, with a tone mark before it moved
 * between the two (น้ำ → น ํ ้ า), as HarfBuzz's Thai shaper does. fontkit has no Thai shaper: left to the
 * font's own `ccmp`, ำ is split after its tone mark, so the circle sits above the tone mark instead of below
 * it, and the split-off SARA AA glyph gets no code point — which pdfkit then writes as the text of every า in
 * the document ("สมชาย" would extract as "สมชย").
 * Text extracted from the PDF therefore spells ำ as ํ + า (tone mark between); see `test/loans/`.
 */
function thaiForFont(text: string): string {
  return text.replace(/([\u0e48-\u0e4b]?)\u0e33/g, '\u0e4d$1\u0e32');
}

export class Typesetter {
  private readonly segmenter: Intl.Segmenter;
  private readonly ready = new Set<FontKey>();
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontSet,
    readonly script: Script,
  ) {
    this.segmenter = new Intl.Segmenter(script.locale, { granularity: 'word' });
    // Registering only records the bytes: pdfkit parses a font (with its own fontkit instance, so glyph
    // to-Unicode maps never depend on an earlier document) the first time a run uses it.
    for (const key of FONT_KEYS) doc.registerFont(key, fonts[key].data);
  }

  /** Prepares one paragraph (no line feeds) for layout. */
  paragraph(source: string): Paragraph {
    let text = '';
    const breaks: number[] = [];
    let previous: Intl.SegmentData | null = null;
    for (const segment of this.segmenter.segment(source.replace(/[\t\r\n]/g, ' '))) {
      if (previous && text.length > 0 && mayBreakBetween(previous, segment)) breaks.push(text.length);
      text += thaiForFont(segment.segment);
      previous = segment;
    }
    return {
      text,
      fonts: this.fontsOf(text),
      levels: bidi.getEmbeddingLevels(text, this.directionOf(text)),
      breaks,
    };
  }

  /**
   * A paragraph's base direction: that of the majority of its strong letters, the document's when there are
   * none or as many of each (like HTML's `dir="auto"`, by majority rather than first letter). An Arabic
   * document's sentences stay right to left around a Latin word, while a value of its own — an amount with
   * its currency, a date, a Latin name or address — is a left-to-right paragraph: laid out in a right-to-left
   * one, "1000.00 USD" would show as "USD 1000.00" and "2025-03-14 09:26 UTC" with its parts reversed, and a
   * reader could not tell the order it was written in. A paragraph with no letters ("1–7") follows the document.
   */
  private directionOf(text: string): 'ltr' | 'rtl' {
    let balance = 0;
    for (const char of text) {
      const type = bidi.getBidiCharTypeName(char);
      if (type === 'L') balance--;
      else if (type === 'R' || type === 'AL') balance++;
    }
    return balance > 0 ? 'rtl' : balance < 0 ? 'ltr' : this.script.direction;
  }

  /**
   * The lines of a paragraph at a font size, each at most `maxWidth` wide (a word wider than that is split).
   * Lines are filled with the widths of the pieces between break points, each shaped once (shaping does not
   * cross a break point, whose neighbour is a space or a word boundary); a finished line is measured whole.
   */
  lines(paragraph: Paragraph, size: number, maxWidth: number): Line[] {
    const { text } = paragraph;
    const lines: Line[] = [];
    const close = (from: number, to: number) => {
      const end = trimEnd(text, from, to);
      lines.push({ start: from, end, width: this.width(paragraph, from, end, size) });
    };
    let start = 0;
    let piece = 0;
    // Width of [start, piece): whole pieces, their trailing spaces included.
    let filled = 0;
    for (const stop of [...paragraph.breaks, text.length]) {
      const trimmed = this.width(paragraph, piece, trimEnd(text, piece, stop), size);
      if (filled + trimmed > maxWidth && piece > start) {
        close(start, piece);
        start = piece;
        filled = 0;
      }
      if (trimmed > maxWidth) {
        // Even alone this piece is too wide (a long word, an address without spaces): cut it between graphemes.
        const origin = start;
        let last = start;
        for (const { index, segment } of graphemes.segment(text.slice(origin, stop))) {
          const at = origin + index + segment.length;
          if (last > start && this.width(paragraph, start, at, size) > maxWidth) {
            close(start, last);
            start = last;
          }
          last = at;
        }
        filled = this.width(paragraph, start, stop, size);
      } else {
        filled += this.width(paragraph, piece, stop, size);
      }
      piece = stop;
    }
    if (trimEnd(text, start, text.length) > start || lines.length === 0) close(start, text.length);
    return lines;
  }

  /** The shaped width of `[start, end)` of a paragraph, measured run by run exactly as `drawLine` draws it. */
  width(paragraph: Paragraph, start: number, end: number, size: number): number {
    let width = 0;
    for (const run of logicalRuns(paragraph, start, end)) width += this.runWidth(visualText(paragraph, run), run.font, size);
    return width;
  }

  /** Draws a line with its left edge at `x` and its baseline at `baseline`, runs in visual order. */
  drawLine(paragraph: Paragraph, line: Line, size: number, x: number, baseline: number): void {
    let left = x;
    for (const run of visualOrder(logicalRuns(paragraph, line.start, line.end))) {
      const text = visualText(paragraph, run);
      this.select(run.font, size).text(text, left, baseline, RUN_OPTIONS);
      left += this.runWidth(text, run.font, size);
    }
  }

  /** Where a line of `width` starts within a box from `left`, `boxWidth` wide, for the document's direction. */
  lineX(align: Align, left: number, boxWidth: number, width: number): number {
    if (align === 'center') return left + (boxWidth - width) / 2;
    const atLeft = (align === 'start') === (this.script.direction === 'ltr');
    return atLeft ? left : left + boxWidth - width;
  }

  /** A run's shaped width; memoized, since filling lines measures the same runs again and again. */
  private runWidth(text: string, font: FontKey, size: number): number {
    const key = `${font}\u0000${size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.select(font, size).widthOfString(text, RUN_OPTIONS);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Makes `font` the document's current font, readying its fontkit instance the first time it is used. */
  private select(font: FontKey, size: number): PDFKit.PDFDocument {
    this.doc.font(font).fontSize(size * (FONT_SCALE[font] ?? 1));
    if (!this.ready.has(font)) {
      this.ready.add(font);
      mapLigaturesInVisualOrder(this.doc);
    }
    return this.doc;
  }

  /**
   * The font of every UTF-16 unit of `text`. Letters go to their script's font (falling back to any font that
   * has the glyph); combining marks stay with their base; neutrals prefer the previous character's font, then
   * the next letter's, then the document's base font, so "1000.00" next to Arabic stays in the Arabic font and
   * "(" (which Noto Naskh Arabic v1 lacks) falls back to Noto Sans.
   */
  private fontsOf(text: string): FontKey[] {
    const chars = [...text];
    const strong: (FontKey | null)[] = chars.map((char) => this.letterFont(char));
    // The font of the next letter after each position (for a neutral at the start of a text or after a mark).
    const nextLetter: (FontKey | null)[] = Array<FontKey | null>(chars.length).fill(null);
    for (let i = chars.length - 2; i >= 0; i--) nextLetter[i] = strong[i + 1] ?? nextLetter[i + 1] ?? null;
    const chosen: FontKey[] = [];
    for (let i = 0; i < chars.length; i++) {
      const char = chars[i] ?? '';
      const codePoint = char.codePointAt(0) ?? 0;
      const previous = chosen[i - 1];
      let font = strong[i] ?? null;
      if (!font && INHERITED.test(char) && previous) font = previous;
      if (!font) {
        const candidates = [previous, nextLetter[i], this.script.base, ...FONT_KEYS];
        font = candidates.find((key): key is FontKey => key != null && this.fonts[key].has(codePoint)) ?? this.script.base;
      }
      chosen.push(font);
    }
    // One entry per UTF-16 unit, so indices match bidi-js's levels and the string's own indices.
    return chars.flatMap((char, i) => Array<FontKey>(char.length).fill(chosen[i] ?? this.script.base));
  }

  /** The font of a letter (a character of a particular script), null for neutrals and combining marks. */
  private letterFont(char: string): FontKey | null {
    if (COMMON.test(char) || INHERITED.test(char)) return null;
    const codePoint = char.codePointAt(0) ?? 0;
    let wanted: FontKey = 'latin';
    if (/\p{Script=Arabic}/u.test(char)) wanted = 'arabic';
    else if (/\p{Script=Thai}/u.test(char)) wanted = 'thai';
    else if (/\p{Script=Hangul}/u.test(char)) wanted = 'kr';
    else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u.test(char)) wanted = this.script.cjk;
    if (this.fonts[wanted].has(codePoint)) return wanted;
    return FONT_KEYS.find((key) => this.fonts[key].has(codePoint)) ?? wanted;
  }
}

/** The part of fontkit's API the ligature mapping below touches (fontkit 2: `Font#layout` → `GlyphRun`). */
interface FontkitFont {
  layout(...args: unknown[]): { direction: string; glyphs: { codePoints: number[] }[] };
}

/**
 * Writes the text mapping of right-to-left ligatures in visual order. A reader recovers an Arabic line's
 * logical order by reversing the glyphs it finds in visual order — which reverses a ligature's text too: the
 * lam-alef of "لا" or the single glyph of "الله" (mapped "لله" by pdfkit, in logical order) would come back as
 * "ال" and "اهلل". Mapped in visual order ("هلل"), the reversal restores them.
 *
 * pdfkit writes each glyph's `codePoints` from fontkit's glyph objects, which fontkit caches per font instance;
 * pdfkit parses its own instance per document (never shared with another render), so flipping them here
 * touches only this document. pdfkit keeps that instance as `doc._font.font` (pdfkit 0.20; the agreement
 * test's Arabic extraction fails if that changes). Only runs fontkit lays out right to left are touched, and
 * an Arabic ligature never appears in a left-to-right one.
 */
function mapLigaturesInVisualOrder(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: { font?: FontkitFont } })._font?.font;
  if (typeof font?.layout !== 'function') throw new Error('pdfkit no longer exposes its fontkit font as doc._font.font');
  const layout = font.layout.bind(font);
  const flipped = new WeakSet<object>();
  font.layout = (...args) => {
    const run = layout(...args);
    if (run.direction === 'rtl') {
      for (const glyph of run.glyphs) {
        if (glyph.codePoints.length > 1 && !flipped.has(glyph)) {
          glyph.codePoints = [...glyph.codePoints].reverse();
          flipped.add(glyph);
        }
      }
    }
    return run;
  };
}

interface Run {
  start: number;
  end: number;
  level: number;
  font: FontKey;
}

/** Maximal spans of one font and one bidi level within `[start, end)`, in logical order. */
function logicalRuns(paragraph: Paragraph, start: number, end: number): Run[] {
  const runs: Run[] = [];
  const { levels } = paragraph.levels;
  for (let i = start; i < end; i++) {
    const level = levels[i] ?? 0;
    const font = paragraph.fonts[i] ?? 'latin';
    const last = runs[runs.length - 1];
    if (last && last.level === level && last.font === font) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level, font });
  }
  return runs;
}

/**
 * Rule L2 of UAX #9 on whole runs: from the highest level down to the lowest odd level, reverse every
 * sequence of runs at that level or higher. A run's own characters end up reversed when its level is odd,
 * which `visualText` and fontkit take care of.
 */
function visualOrder(runs: Run[]): Run[] {
  const order = [...runs];
  const levels = order.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if ((order[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && (order[j]?.level ?? 0) >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order;
}

/**
 * A run's text as pdfkit must receive it: mirrored brackets at odd levels (rule L4), and reversed here when
 * fontkit will not reverse it itself (fontkit reverses a run whose first script-specific character is of a
 * right-to-left script, after shaping it in logical order).
 */
function visualText(paragraph: Paragraph, run: Run): string {
  let text = paragraph.text.slice(run.start, run.end);
  const rtl = run.level % 2 === 1;
  if (rtl) text = [...text].map((char) => bidi.getMirroredCharacter(char) ?? char).join('');
  const fontkitReverses = RTL_SCRIPT.test(SCRIPTED.exec(text)?.[0] ?? '');
  if (rtl !== fontkitReverses) {
    text = [...graphemes.segment(text)]
      .map((g) => g.segment)
      .reverse()
      .join('');
  }
  return text;
}

/** Whether a line may break between two `Intl.Segmenter` word segments. */
function mayBreakBetween(before: Intl.SegmentData, after: Intl.SegmentData): boolean {
  const last = [...before.segment].pop() ?? '';
  const first = after.segment[0] ?? '';
  if (/\s$/u.test(before.segment)) return !/^\s/u.test(after.segment);
  if (/^\s/u.test(after.segment) || OPENING.test(last)) return false;
  if (!NO_SPACES.test(last) && !NO_SPACES.test(first)) return false;
  // Between words of a spaceless script, or before an opening bracket; never before closing punctuation.
  return after.isWordLike === true || OPENING.test(first);
}

/** `end` moved back over trailing white space, not before `start`. */
function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && /\s/u.test(text[i - 1] ?? '')) i--;
  return i;
}
