import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import bidiFactory from 'bidi-js';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { renderAgreement } from '../../src/loans/agreement/agreement-pdf.ts';
import type { AgreementInput } from '../../src/loans/agreement/agreement-pdf.ts';
import { AGREEMENT_TEXTS, fill, plural } from '../../src/loans/agreement/agreement-texts.ts';
import { FONT_KEYS, loadFonts } from '../../src/loans/agreement/agreement-fonts.ts';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;
/** A run of text pdf.js found on a page (its other items mark structure). */
type TextItem = Extract<Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number], { str: string }>;
const isText = (item: Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number]): item is TextItem => 'str' in item;

const bidi = bidiFactory();

/**
 * pdfjs-dist 6 targets Node 22.13+; the API runs on Node 20.19+. Its legacy build polyfills most of what it
 * uses but not these two, which Node 20 lacks (both are plain ES2024 library functions, polyfilled as such).
 */
function polyfillNode20(): void {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: ((value: unknown) => void) | undefined;
    let reject: ((reason: unknown) => void) | undefined;
    const created = new Promise((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise: created, resolve, reject };
  };
  const buffers = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (this: ArrayBuffer, length?: number) => ArrayBuffer };
  buffers.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
}

let pdfjs: Pdfjs;
let signaturePng: Buffer;

beforeAll(async () => {
  polyfillNode20();
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A drawn signature: a 300×100 PNG with a stroke on a transparent background, as the signing pad sends it.
  signaturePng = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">' +
        '<path d="M12 72 C 60 8, 96 96, 146 40 S 226 84, 288 28" stroke="#10243e" stroke-width="4" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();
});

const ARABIC_NAME = 'محمد عبد الله';
const THAI_NAME = 'สมชาย ใจดี';
/** A Thai address with a tone mark before SARA AM (น้ำ), the case the renderer respells for the font. */
const THAI_ADDRESS = '12 ซอยน้ำทิพย์ กรุงเทพมหานคร 10110';

function agreement(language: LanguageCode, overrides: Partial<AgreementInput['borrower']> = {}): AgreementInput {
  return {
    language,
    loanId: 1042,
    platformName: 'Meridian',
    borrower: {
      fullName: 'Jane Doe',
      accountId: 'MRD-7781-2231',
      country: 'United Kingdom',
      address: '221B Baker Street, London NW1 6XE',
      ...overrides,
    },
    signedAt: new Date('2025-03-14T09:26:53Z'),
    terms: {
      currency: 'USD',
      principal: '1000.00',
      termDays: 30,
      dailyRatePercent: '0.05',
      interestFreeDays: 7,
      totalInterest: '11.50',
      repaymentAmount: '1011.50',
    },
    schedule: [
      { fromDay: 1, toDay: 7, dailyInterest: '0.00', periodInterest: '0.00' },
      { fromDay: 8, toDay: 30, dailyInterest: '0.50', periodInterest: '11.50' },
    ],
    signature: { mime: 'image/png', data: signaturePng },
  };
}

async function open(pdf: Buffer) {
  return pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, useSystemFonts: false, disableFontFace: true }).promise;
}

/**
 * The text of every page, line by line, in logical order — recovered the way a reader recovers it from any PDF:
 *
 * 1. A PDF holds glyphs at positions, in visual order (left to right on a line) whatever the script. pdf.js
 *    groups them into text items; items on one baseline form a line, taken left to right.
 * 2. pdf.js has already run its own bidi pass over each item's text (that is how it gives `dir: 'rtl'`).
 *    `glyphOrder` undoes it — the same reordering applied again restores the item's visual order.
 * 3. A line splits into blocks where its items are apart (a label and its value, table cells, a list number
 *    and its text; pdf.js fills such a gap with a wide blank item): layout analysis, as every extractor does,
 *    so two cells are never read as one sentence.
 * 4. Each block, its glyphs left to right, is put in logical order by the Unicode bidirectional algorithm
 *    (bidi-js `getReorderedString`, which also mirrors brackets at right-to-left levels), with the block's
 *    direction taken from the majority of its strong letters, the document's when it has none — pdf.js decides
 *    an item's direction by its share of right-to-left letters the same way; a count of letters does not depend
 *    on their order, so the reader finds the direction the writer used.
 * 5. The blocks of a line follow each other in the document's direction (right to left in Arabic).
 *
 * Blocks are joined with one space, and runs of spaces collapse to one.
 */
async function readPages(pdf: Buffer, direction: 'ltr' | 'rtl'): Promise<string[]> {
  const doc = await open(pdf);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const items = content.items.filter(isText).filter((item) => item.str !== '');
    const lines = new Map<number, TextItem[]>();
    for (const item of items) {
      const baseline = Math.round((item.transform[5] ?? 0) * 2) / 2;
      const line = lines.get(baseline) ?? [];
      line.push(item);
      lines.set(baseline, line);
    }
    const text = [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, line]) => {
        line.sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
        const blocks: string[] = [];
        let end: number | null = null;
        for (const item of line) {
          const x = item.transform[4] ?? 0;
          // pdf.js bridges a wide gap with a synthesized blank item: a blank much wider than a space separates too.
          const gap = item.str.trim() === '' && item.width > 0.6 * Math.abs(item.transform[0] ?? 0);
          if (end === null || x - end > 4 || gap) blocks.push('');
          if (!gap) blocks[blocks.length - 1] += glyphOrder(item);
          end = x + item.width;
        }
        const logical = blocks.map((visual) =>
          bidi.getReorderedString(visual, bidi.getEmbeddingLevels(visual, blockDirection(visual, direction))),
        );
        if (direction === 'rtl') logical.reverse();
        return logical.join(' ').replace(/\s+/g, ' ').trim();
      });
    pages.push(text.join('\n'));
  }
  return pages;
}

/** The direction of the majority of a text's strong letters, `fallback` when there are none or as many of each. */
function blockDirection(text: string, fallback: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  let balance = 0;
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') balance--;
    else if (type === 'R' || type === 'AL') balance++;
  }
  return balance > 0 ? 'rtl' : balance < 0 ? 'ltr' : fallback;
}

/** An item's text in the order of its glyphs: pdf.js's per-item bidi reordering, applied again (no mirroring). */
function glyphOrder(item: TextItem): string {
  if (!/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u.test(item.str)) return item.str;
  const levels = bidi.getEmbeddingLevels(item.str, item.dir === 'rtl' ? 'rtl' : 'ltr');
  return bidi
    .getReorderedIndices(item.str, levels)
    .map((i) => item.str[i])
    .join('');
}

/**
 * Thai SARA AM as extracted. The renderer draws ำ as NIKHAHIT + SARA AA with a tone mark between them (น้ำ →
 * น ํ ้ า; fontkit has no Thai shaper, see `thaiForFont`), and a glyph's text is its own character, so the PDF
 * text spells it that way. This folds that spelling back, and is applied to extracted Thai only.
 */
const foldSaraAm = (text: string) => text.replace(/\u0e4d([\u0e48-\u0e4b]?)\u0e32/g, '$1\u0e33');

/** The leftmost and rightmost x any text reaches, over every page (the margins are 56 pt on A4, 595.28 pt wide). */
async function textBounds(pdf: Buffer): Promise<{ left: number; right: number }> {
  const doc = await open(pdf);
  let left = Infinity;
  let right = -Infinity;
  for (let n = 1; n <= doc.numPages; n++) {
    for (const item of (await (await doc.getPage(n)).getTextContent()).items.filter(isText)) {
      if (item.str.trim() === '') continue;
      left = Math.min(left, item.transform[4] ?? 0);
      right = Math.max(right, (item.transform[4] ?? 0) + item.width);
    }
  }
  return { left, right };
}
const MARGIN = 56;
const PAGE_WIDTH = 595.28;

const directionOf = (language: LanguageCode) => (language === 'ar' ? 'rtl' : 'ltr');
const readAll = async (pdf: Buffer, language: LanguageCode) => (await readPages(pdf, directionOf(language))).join('\n');

describe('loan agreement PDF', () => {
  it('states the terms, amounts and borrower of an English agreement, in logical order per page', async () => {
    const pdf = await renderAgreement(agreement('en', { fullName: 'John Smith' }));
    const pages = await readPages(pdf, 'ltr');
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
    const first = pages[0] ?? '';
    expect(first).toContain('Loan agreement No. 1042');
    expect(first).toContain('Borrower John Smith');
    expect(first).toContain('Lender Meridian');
    expect(first).toContain('Principal 1000.00 USD');
    expect(first).toContain('Term 30 days');
    expect(first).toContain('Daily interest rate 0.05% per day');
    expect(first).toContain('Interest-free days 7 days');
    expect(first).toContain('Total interest if repaid on the due date 11.50 USD');
    expect(first).toContain('Amount to repay on the due date 1011.50 USD');
    expect(first).toContain('Due date end of day 30 (24:00 UTC)');
    expect(first).toContain('8–30 0.50 USD 11.50 USD');
    expect(first).toContain('1–7 0.00 USD 0.00 USD');
    const all = pages.join('\n');
    expect(all).toContain('Each repayment is applied first to accrued interest, then to the principal.');
    expect(all).toContain('from day 8, interest accrues once');
    expect(all).toContain('2025-03-14 09:26 UTC');
    expect(all).toMatch(/Page 1 of [12]/);
  });

  it.each(['ar', 'en'] as const)('extracts Arabic and Thai borrower names in logical order (%s document)', async (language) => {
    const arabic = await readAll(await renderAgreement(agreement(language, { fullName: ARABIC_NAME })), language);
    expect(arabic).toContain(`${AGREEMENT_TEXTS[language].borrower} ${ARABIC_NAME}`);
    const thai = await readAll(await renderAgreement(agreement(language, { fullName: THAI_NAME, address: THAI_ADDRESS })), language);
    expect(thai).toContain(`${AGREEMENT_TEXTS[language].borrower} ${THAI_NAME}`);
    expect(foldSaraAm(thai)).toContain(THAI_ADDRESS);
  });

  it('lays an Arabic agreement out right to left, Latin names and amounts kept left to right inside it', async () => {
    const pdf = await renderAgreement(agreement('ar', { fullName: 'John Smith', country: 'المملكة المتحدة' }));
    const texts = AGREEMENT_TEXTS.ar;
    const text = await readAll(pdf, 'ar');
    expect(text).toContain(fill(texts.title, { loanId: 1042 }));
    expect(text).toContain(`${texts.borrower} John Smith`);
    expect(text).toContain(`${texts.country} المملكة المتحدة`);
    expect(text).toContain(`${texts.principal} 1000.00 USD`);
    expect(text).toContain(`${texts.repaymentAmount} 1011.50 USD`);
    expect(text).toContain(`${texts.term} ${plural('ar', texts.days, 30)}`);
    expect(text).toContain(`${texts.dueDate} ${plural('ar', texts.dueDateValue, 30)}`);
    expect(text).toContain(texts.allocation);
    expect(text).toContain(texts.noOtherFees);
    expect(text).toContain(`${texts.dailyRate} ${fill(texts.dailyRateValue, { rate: '0.05' })}`);
    expect(text).toContain('1–7 0.00 USD 0.00 USD');
    expect(text).toContain('8–30 0.50 USD 11.50 USD');
    expect(text).toContain(`${texts.signedAt}\n2025-03-14 09:26 UTC`);
    expect(text).toContain(texts.signatureCaption);

    // Right to left: the label column is on the right of its value, and lines end at the right margin.
    const doc = await open(pdf);
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter(isText);
    const label = items.find((item) => item.str === texts.principal);
    const value = items.find((item) => item.str.includes('1000.00'));
    expect(label && value).toBeTruthy();
    expect(label?.transform[4] ?? 0).toBeGreaterThan(value?.transform[4] ?? 0);
    const right = (item: TextItem) => (item.transform[4] ?? 0) + item.width;
    expect(right(label as TextItem)).toBeCloseTo(PAGE_WIDTH - MARGIN, 0);
  });

  it('extracts the Thai labels of a Thai agreement', async () => {
    const texts = AGREEMENT_TEXTS.th;
    const text = foldSaraAm(await readAll(await renderAgreement(agreement('th', { fullName: THAI_NAME })), 'th'));
    expect(text).toContain(fill(texts.title, { loanId: 1042 }));
    for (const label of [
      texts.parties,
      texts.principal,
      texts.interestFreeDays,
      texts.totalInterest,
      texts.schedule,
      texts.signatureCaption,
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(`${texts.borrower} ${THAI_NAME}`);
    expect(text).toContain(texts.earlyRepayment);
  });

  it.each(['zh', 'hk', 'ja', 'ko'] as const)('extracts the CJK labels of a %s agreement', async (language) => {
    const texts = AGREEMENT_TEXTS[language];
    const text = await readAll(await renderAgreement(agreement(language)), language);
    expect(text).toContain(fill(texts.title, { loanId: 1042 }));
    for (const label of [texts.parties, texts.borrower, texts.principal, texts.interestFreeDays, texts.totalInterest, texts.clauses]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(texts.allocation);
    expect(text).toContain(`${texts.principal} 1000.00 USD`);
  });

  it('embeds the drawn signature as an image of its pixel size', async () => {
    const pdf = await renderAgreement(agreement('en'));
    const doc = await open(pdf);
    const sizes: [number, number][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { fnArray, argsArray } = await (await doc.getPage(n)).getOperatorList();
      fnArray.forEach((fn, i) => {
        if (fn !== pdfjs.OPS.paintImageXObject) return;
        const [, width, height] = argsArray[i] as [string, number, number];
        sizes.push([width, height]);
      });
    }
    expect(sizes).toEqual([[300, 100]]);
  });

  it('embeds a JPEG signature as given', async () => {
    const jpeg = await sharp(signaturePng).flatten({ background: '#ffffff' }).jpeg().toBuffer();
    const pdf = await renderAgreement({ ...agreement('de'), signature: { mime: 'image/jpeg', data: jpeg } });
    expect(pdf.includes(jpeg.subarray(0, 64))).toBe(true);
    await expect(renderAgreement({ ...agreement('de'), signature: { mime: 'image/jpeg', data: signaturePng } })).rejects.toThrow(
      /not image\/jpeg/,
    );
  });

  it('renders the same input to the same bytes, dated at signing, with an ID derived from the input', async () => {
    const input = agreement('ar', { fullName: ARABIC_NAME });
    const first = await renderAgreement(input);
    // Other documents in between must not change the next one (pdfkit parses its fonts per document).
    await renderAgreement(agreement('ja'));
    await renderAgreement(agreement('th', { fullName: THAI_NAME, address: THAI_ADDRESS }));
    const second = await renderAgreement({
      ...structuredClone(input),
      signature: { ...input.signature, data: Buffer.from(input.signature.data) },
    });
    expect(second.equals(first)).toBe(true);
    const sha = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
    expect(sha(second)).toBe(sha(first));

    const { info } = await (await open(first)).getMetadata();
    expect(info).toMatchObject({ CreationDate: 'D:20250314092653Z', ModDate: 'D:20250314092653Z', Title: 'اتفاقية قرض رقم 1042' });
    const id = (pdf: Buffer) => /\/ID \[<([0-9a-f]{32})> <\1>\]/.exec(pdf.toString('latin1'))?.[1];
    expect(id(first)).toBeDefined();
    const other = await renderAgreement({ ...input, terms: { ...input.terms, repaymentAmount: '1011.51' } });
    expect(id(other)).toBeDefined();
    expect(id(other)).not.toBe(id(first));
  });

  it('renders the same bytes in a fresh process (the API stores the hash and checks it on every later render)', async () => {
    const input = agreement('th', { fullName: THAI_NAME, address: THAI_ADDRESS });
    const here = createHash('sha256')
      .update(await renderAgreement(input))
      .digest('hex');
    const script = [
      "const { renderAgreement } = await import('./src/loans/agreement/agreement-pdf.ts');",
      "const { createHash } = await import('node:crypto');",
      "const input = JSON.parse(process.env.AGREEMENT_INPUT ?? '');",
      "input.signedAt = new Date(input.signedAt); input.signature.data = Buffer.from(input.signature.data, 'base64');",
      "process.stdout.write(createHash('sha256').update(await renderAgreement(input)).digest('hex'));",
    ].join('\n');
    const env = {
      ...process.env,
      AGREEMENT_INPUT: JSON.stringify({ ...input, signature: { ...input.signature, data: input.signature.data.toString('base64') } }),
    };
    // From the API's folder, whichever folder the suite runs from (the repo's root in CI).
    const cwd = join(import.meta.dirname, '..', '..');
    const there = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8', cwd });
    expect(there).toBe(here);
  });

  it('keeps brackets, numbers and mixed scripts of values in logical order, and wraps long values', async () => {
    const arabicAddress = 'شارع الشيخ زايد (مبنى 12)، دبي';
    expect(await readAll(await renderAgreement(agreement('ar', { address: arabicAddress })), 'ar')).toContain(
      `${AGREEMENT_TEXTS.ar.address} ${arabicAddress}`,
    );
    expect(await readAll(await renderAgreement(agreement('en', { address: arabicAddress })), 'en')).toContain(`Address ${arabicAddress}`);

    // A long Thai address without spaces wraps between words; the lines read back as the address.
    const longThai = 'บ้านเลขที่99หมู่บ้านสุขสันต์ถนนพหลโยธินแขวงลาดยาวเขตจตุจักรกรุงเทพมหานคร10900ประเทศไทยใกล้สถานีรถไฟฟ้าหมอชิต';
    const thaiPages = await readPages(await renderAgreement(agreement('th', { address: longThai })), 'ltr');
    const thaiLines = (thaiPages[0] ?? '').split('\n');
    const first = thaiLines.findIndex((line) => line.startsWith(AGREEMENT_TEXTS.th.address));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(`${thaiLines[first]}${thaiLines[first + 1]}`).toBe(`${AGREEMENT_TEXTS.th.address} ${longThai}`);

    // A word longer than its column is cut; a line feed in an address starts a new line.
    const long = await renderAgreement(agreement('en', { accountId: 'X'.repeat(120), address: 'Flat 4\n10 Downing Street' }));
    expect((await textBounds(long)).right).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN + 0.5);
    const text = await readAll(long, 'en');
    expect(text.replace(/\n/g, '')).toContain(`Account ID ${'X'.repeat(120)}`);
    expect(text).toContain('Address Flat 4\n10 Downing Street');
  });

  it.each(LANGUAGE_CODES)('states the due date and the day count in UTC, digits and Latin in logical order (%s)', async (language) => {
    const texts = AGREEMENT_TEXTS[language];
    const text = foldSaraAm(await readAll(await renderAgreement(agreement(language)), language));
    // The due date is a value of its own row: one line, next to its label.
    expect(text).toContain(`${texts.dueDate} ${plural(language, texts.dueDateValue, 30)}`);
    expect(plural(language, texts.dueDateValue, 30)).toMatch(/\b30\b.*[(（].*24:00.*UTC.*[)）]/u);
    // The note may wrap (between words, at a space or not): compared without white space.
    const squeezed = (value: string) => value.replace(/\s+/g, '');
    expect(squeezed(text)).toContain(squeezed(texts.scheduleNote));
  });

  it('states the accrual without interest-free days when there are none', async () => {
    const input = agreement('en');
    const pdf = await renderAgreement({
      ...input,
      terms: { ...input.terms, interestFreeDays: 0, totalInterest: '15.00', repaymentAmount: '1015.00' },
      schedule: [{ fromDay: 1, toDay: 30, dailyInterest: '0.50', periodInterest: '15.00' }],
    });
    const text = await readAll(pdf, 'en');
    expect(text).toContain(AGREEMENT_TEXTS.en.accrualNoFreeDays);
    expect(text).toContain('Interest-free days 0 days');
    expect(text).toContain('1–30 0.50 USD 15.00 USD');
  });

  it('has a glyph for every character of every language’s texts', async () => {
    const fonts = await loadFonts();
    for (const language of LANGUAGE_CODES) {
      const strings = Object.values(AGREEMENT_TEXTS[language]).flatMap((value: string | Record<string, string>) =>
        typeof value === 'string' ? [value] : Object.values(value),
      );
      const missing = [...new Set(strings.join(''))].filter(
        (char) => !/\s/u.test(char) && !FONT_KEYS.some((key) => fonts[key].has(char.codePointAt(0) ?? 0)),
      );
      expect(missing, language).toEqual([]);
    }
  });

  it('renders every language as a valid PDF of one or two pages, and reports sizes and render times', async () => {
    const report: string[] = [];
    for (const language of LANGUAGE_CODES) {
      const input = agreement(language);
      await renderAgreement(input);
      const started = performance.now();
      const pdf = await renderAgreement(input);
      const ms = performance.now() - started;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
      const doc = await open(pdf);
      expect(doc.numPages).toBeGreaterThanOrEqual(1);
      expect(doc.numPages).toBeLessThanOrEqual(2);
      const text = foldSaraAm(await readAll(pdf, language));
      expect(text).toContain(fill(AGREEMENT_TEXTS[language].title, { loanId: 1042 }));
      expect(text).toContain(AGREEMENT_TEXTS[language].signatureCaption);
      const { left, right } = await textBounds(pdf);
      expect(left).toBeGreaterThanOrEqual(MARGIN - 0.5);
      expect(right).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN + 0.5);
      report.push(`${language}: ${(pdf.length / 1024).toFixed(1)} KiB, ${doc.numPages} page(s), ${ms.toFixed(0)} ms`);
    }
    console.info(`agreement PDFs (render after warm-up):\n${report.join('\n')}`);
  });
});
