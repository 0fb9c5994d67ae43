import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { LANGUAGES, localeOf } from '@meridian/contracts';
import type { LanguageCode } from '@meridian/contracts';
import { loadFonts } from './agreement-fonts.ts';
import type { FontKey } from './agreement-fonts.ts';
import { AGREEMENT_TEXTS, fill, plural } from './agreement-texts.ts';
import type { AgreementTexts } from './agreement-texts.ts';
import { Typesetter } from './agreement-typesetter.ts';
import type { Align, Line, Paragraph, Script } from './agreement-typesetter.ts';

/** What a loan agreement shows. Amounts are exact decimal strings, printed as given (never parsed or summed). */
export interface AgreementInput {
  /** The borrower's language: every label is in it; Arabic lays the whole document out right to left. */
  language: LanguageCode;
  loanId: number;
  /** The lender, e.g. 'Meridian'. */
  platformName: string;
  /** `country` is the country's name already in `language`. Any field may be in any script. */
  borrower: { fullName: string; accountId: string; country: string; address: string };
  /** When the borrower applied and signed: printed in UTC (YYYY-MM-DD HH:mm UTC) and the PDF's CreationDate. */
  signedAt: Date;
  terms: {
    currency: string;
    principal: string;
    termDays: number;
    dailyRatePercent: string;
    interestFreeDays: number;
    totalInterest: string;
    repaymentAmount: string;
  };
  /** The schedule's rows, days counted from disbursement (interest-free rows carry their zero amounts). */
  schedule: { fromDay: number; toDay: number; dailyInterest: string; periodInterest: string }[];
  /** The signature the borrower drew. */
  signature: { mime: 'image/png' | 'image/jpeg'; data: Buffer };
}

// A4 in points, and the layout grid.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const LEFT = 56;
const CONTENT = PAGE_WIDTH - 2 * LEFT;
const TOP = 50;
/** Content never goes below this line; the footer sits under it. */
const BOTTOM = PAGE_HEIGHT - 60;
const FOOTER_BASELINE = PAGE_HEIGHT - 34;

const SIZE = { title: 17, heading: 12, body: 9.5, small: 8 } as const;
/** Line height as a multiple of the font size: room for Thai marks above and below and Arabic's tall letters. */
const LEADING = 1.5;
const INK = '#1f2328';
const MUTED = '#5d6673';
const ACCENT = '#0b3d91';
const RULE = '#d0d7de';
const HEADER_FILL = '#eef2f8';

const LABEL_WIDTH = 190;
const CELL_PAD = 6;
const SIGNATURE_BOX = { width: 190, height: 58 } as const;
/** The signature block: gap, image, gap, the name and the caption under it. */
const SIGNATURE_HEIGHT = 6 + SIGNATURE_BOX.height + 6 + SIZE.body * LEADING + SIZE.small * LEADING;

/**
 * Renders the loan agreement as an A4 PDF in the borrower's language.
 *
 * The same input always gives the same bytes, in any process and after any other render (the loan keeps the
 * agreement's SHA-256 and checks it whenever it renders it again): the PDF's dates are `signedAt`, its file ID
 * is derived from the input, each document parses its fonts itself so no glyph's text mapping depends on an
 * earlier render, and nothing else in pdfkit's output varies (subsets, font and image names follow drawing
 * order). The font files are read once per process (`loadFonts`); each document embeds only the glyphs it uses.
 */
export async function renderAgreement(agreement: AgreementInput): Promise<Buffer> {
  const fonts = await loadFonts();
  const { data } = agreement.signature;
  // A Uint8Array that is not a Buffer (e.g. after structuredClone) is taken as its bytes.
  const input = Buffer.isBuffer(data) ? agreement : { ...agreement, signature: { ...agreement.signature, data: Buffer.from(data) } };
  const texts = AGREEMENT_TEXTS[input.language];
  const signedAt = utcMinute(input.signedAt);
  checkSignature(input.signature);

  const title = fill(texts.title, { loanId: input.loanId });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: localeOf(input.language),
    displayTitle: true,
    info: { Title: title, Author: input.platformName, Creator: input.platformName, CreationDate: input.signedAt, ModDate: input.signedAt },
  });
  // pdfkit hashes the info dictionary into the file ID; derive it from the whole input instead, so two
  // agreements signed in the same second never share an ID and the same agreement always has the same one.
  Object.assign(doc, { _id: fileId(input) });

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const page = new AgreementPage(doc, new Typesetter(doc, fonts, scriptOf(input.language)));
  compose(page, input, texts, title, signedAt);
  page.footers((n, count) => `${title} · ${fill(texts.page, { page: n, pages: count })}`);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Lays the agreement's sections out, top to bottom. */
function compose(page: AgreementPage, input: AgreementInput, texts: AgreementTexts, title: string, signedAt: string): void {
  const { terms, borrower, language } = input;
  const money = (amount: string) => `${amount} ${terms.currency}`;

  page.text(input.platformName, { size: SIZE.small, color: ACCENT });
  page.text(title, { size: SIZE.title, color: INK, after: 4 });
  page.text(fill(texts.intro, { platform: input.platformName }), { size: SIZE.body, color: MUTED, after: 6 });

  page.heading(texts.parties);
  page.rows([
    [texts.lender, input.platformName],
    [texts.borrower, borrower.fullName],
    [texts.accountId, borrower.accountId],
    [texts.country, borrower.country],
    [texts.address, borrower.address],
  ]);

  page.heading(texts.terms);
  page.rows([
    [texts.principal, money(terms.principal)],
    [texts.term, plural(language, texts.days, terms.termDays)],
    [texts.dailyRate, fill(texts.dailyRateValue, { rate: terms.dailyRatePercent })],
    [texts.interestFreeDays, plural(language, texts.days, terms.interestFreeDays)],
    [texts.totalInterest, money(terms.totalInterest)],
    [texts.repaymentAmount, money(terms.repaymentAmount)],
    [texts.dueDate, plural(language, texts.dueDateValue, terms.termDays)],
  ]);

  page.heading(texts.schedule);
  page.text(texts.scheduleNote, { size: SIZE.small, color: MUTED, after: 3 });
  page.table(
    [
      { title: texts.scheduleDays, share: 0.3, align: 'start' },
      { title: texts.scheduleDailyInterest, share: 0.35, align: 'end' },
      { title: texts.schedulePeriodInterest, share: 0.35, align: 'end' },
    ],
    input.schedule.map((row) => [`${row.fromDay}–${row.toDay}`, money(row.dailyInterest), money(row.periodInterest)]),
  );

  page.heading(texts.clauses);
  const accrual =
    terms.interestFreeDays > 0
      ? plural(language, texts.accrual, terms.interestFreeDays, { firstDay: terms.interestFreeDays + 1 })
      : texts.accrualNoFreeDays;
  page.numbered([accrual, texts.allocation, texts.earlyRepayment, texts.overdue, texts.noOtherFees]);

  // The heading, the acceptance sentence and the signature stay on one page.
  page.heading(texts.signature, page.measure(texts.acceptance, SIZE.body) + 2 + SIGNATURE_HEIGHT);
  page.text(texts.acceptance, { size: SIZE.body, color: INK, after: 2 });
  page.signature(input.signature.data, borrower.fullName, texts.signatureCaption, [texts.signedAt, signedAt]);
}

interface TextOptions {
  size: number;
  color: string;
  /** The box, in left-to-right page coordinates; the whole content width by default. */
  x?: number;
  width?: number;
  align?: Align;
  /** Space after the block, in points. */
  after?: number;
}

type LaidLine = Line & { paragraph: Paragraph };

interface Column {
  title: string;
  /** Fraction of the content width. */
  share: number;
  align: Align;
}

/**
 * The page flow: a cursor moving down the page, a new page when a block does not fit, and boxes placed from
 * the start side of the document (left, or right in Arabic, where the label column and the table columns are
 * mirrored). All text goes through the `Typesetter`.
 */
class AgreementPage {
  private y = TOP;
  private readonly rtl: boolean;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly ts: Typesetter,
  ) {
    this.rtl = ts.script.direction === 'rtl';
  }

  /** A block of text, wrapped, broken across pages between lines. */
  text(text: string, options: TextOptions): void {
    const { size, color, x = LEFT, width = CONTENT, align = 'start', after = 0 } = options;
    for (const line of this.layout(text, size, width)) {
      this.ensure(size * LEADING);
      this.doc.fillColor(color);
      this.ts.drawLine(line.paragraph, line, size, this.ts.lineX(align, x, width, line.width), this.y + size * 1.15);
      this.y += size * LEADING;
    }
    this.y += after;
  }

  /** The height a block of text takes at `size` in a box `width` wide. */
  measure(text: string, size: number, width = CONTENT): number {
    return this.layout(text, size, width).length * size * LEADING;
  }

  /** A section heading with a rule under it, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    this.y += 8;
    this.ensure(SIZE.heading * LEADING + keep);
    this.text(text, { size: SIZE.heading, color: ACCENT });
    this.rule(this.y, ACCENT, 0.8);
    this.y += 3;
  }

  /** Label/value rows: the label column on the start side, the value beside it. */
  rows(rows: [label: string, value: string][]): void {
    const valueWidth = CONTENT - LABEL_WIDTH - 12;
    for (const [label, value] of rows) {
      const labelLines = this.layout(label, SIZE.body, LABEL_WIDTH);
      const valueLines = this.layout(value, SIZE.body, valueWidth);
      const height = Math.max(labelLines.length, valueLines.length) * SIZE.body * LEADING + 3;
      this.ensure(height);
      const top = this.y + 1.5;
      this.lines(labelLines, SIZE.body, MUTED, this.box(0, LABEL_WIDTH), LABEL_WIDTH, 'start', top);
      this.lines(valueLines, SIZE.body, INK, this.box(LABEL_WIDTH + 12, valueWidth), valueWidth, 'start', top);
      this.y += height;
      this.rule(this.y, RULE, 0.5);
    }
  }

  /** A table with a shaded header row, repeated on a new page when the rows run over. */
  table(columns: Column[], rows: string[][]): void {
    const header = columns.map((column) => column.title);
    const size = SIZE.body;
    const draw = (cells: string[], shaded: boolean) => {
      const laid = cells.map((cell, i) => this.layout(cell, size, (columns[i]?.share ?? 0) * CONTENT - 2 * CELL_PAD));
      const height = Math.max(...laid.map((lines) => lines.length)) * size * LEADING + 6;
      const top = this.y;
      if (shaded) this.doc.rect(LEFT, top, CONTENT, height).fill(HEADER_FILL);
      let offset = 0;
      laid.forEach((lines, i) => {
        const column = columns[i];
        if (!column) return;
        const width = column.share * CONTENT;
        const x = this.box(offset + CELL_PAD, width - 2 * CELL_PAD);
        this.lines(lines, size, INK, x, width - 2 * CELL_PAD, column.align, top + 3);
        offset += width;
      });
      this.y += height;
      this.rule(this.y, RULE, 0.5);
    };
    const rowHeight = size * LEADING + 6;
    this.ensure(2 * rowHeight);
    draw(header, true);
    for (const row of rows) {
      if (this.y + rowHeight > BOTTOM) {
        this.newPage();
        draw(header, true);
      }
      draw(row, false);
    }
  }

  /** A numbered list, the numbers in a column of their own on the start side. */
  numbered(items: string[]): void {
    const indent = 18;
    items.forEach((item, i) => {
      const lines = this.layout(item, SIZE.body, CONTENT - indent);
      this.ensure(Math.min(lines.length, 2) * SIZE.body * LEADING);
      const numberLines = this.layout(`${i + 1}.`, SIZE.body, indent);
      this.lines(numberLines, SIZE.body, MUTED, this.box(0, indent), indent, 'start', this.y);
      for (const line of lines) {
        this.ensure(SIZE.body * LEADING);
        this.doc.fillColor(INK);
        const x = this.box(indent, CONTENT - indent);
        this.ts.drawLine(
          line.paragraph,
          line,
          SIZE.body,
          this.ts.lineX('start', x, CONTENT - indent, line.width),
          this.y + SIZE.body * 1.15,
        );
        this.y += SIZE.body * LEADING;
      }
      this.y += 3;
    });
  }

  /**
   * The drawn signature on the start side with a line under it, the borrower's name and a caption below; the
   * signing date (`dated`: label, value) on the end side.
   */
  signature(image: Buffer, name: string, caption: string, dated: [label: string, value: string]): void {
    const { width, height } = SIGNATURE_BOX;
    const dateWidth = CONTENT - width - 24;
    this.ensure(SIGNATURE_HEIGHT);
    const top = this.y + 6;
    const dateX = this.box(width + 24, dateWidth);
    this.text(dated[0], { size: SIZE.small, color: MUTED, x: dateX, width: dateWidth, align: 'end' });
    this.text(dated[1], { size: SIZE.body, color: INK, x: dateX, width: dateWidth, align: 'end' });
    const x = this.box(0, width);
    this.doc.image(image, x, top, { fit: [width, height], valign: 'bottom', ...(this.rtl ? { align: 'right' as const } : {}) });
    this.rule(top + height + 3, INK, 0.6, x, width);
    this.y = top + height + 6;
    this.text(name, { size: SIZE.body, color: INK, x, width });
    this.text(caption, { size: SIZE.small, color: MUTED, x, width });
  }

  /** Writes every page's footer (`label(page, pages)`), once the number of pages is known. */
  footers(label: (page: number, pages: number) => string): void {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const text = label(i + 1, range.count);
      this.rule(FOOTER_BASELINE - 14, RULE, 0.5);
      for (const line of this.layout(text, SIZE.small, CONTENT)) {
        this.doc.fillColor(MUTED);
        this.ts.drawLine(line.paragraph, line, SIZE.small, this.ts.lineX('center', LEFT, CONTENT, line.width), FOOTER_BASELINE);
      }
    }
  }

  /** The lines of a text (its own line feeds kept), each carrying its paragraph. */
  private layout(text: string, size: number, width: number): LaidLine[] {
    return text.split(/\r\n|\r|\n/).flatMap((part) => {
      const paragraph = this.ts.paragraph(part);
      return this.ts.lines(paragraph, size, width).map((line) => ({ ...line, paragraph }));
    });
  }

  private lines(lines: LaidLine[], size: number, color: string, x: number, width: number, align: Align, top: number): void {
    lines.forEach((line, i) => {
      this.doc.fillColor(color);
      this.ts.drawLine(line.paragraph, line, size, this.ts.lineX(align, x, width, line.width), top + i * size * LEADING + size * 1.15);
    });
  }

  /** The left edge of a box `offset` points from the start side of the content area, `width` wide. */
  private box(offset: number, width: number): number {
    return this.rtl ? LEFT + CONTENT - offset - width : LEFT + offset;
  }

  private rule(y: number, color: string, lineWidth: number, x = LEFT, width = CONTENT): void {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensure(height: number): void {
    if (this.y + height > BOTTOM && this.y > TOP) this.newPage();
  }

  private newPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = TOP;
  }
}

/** Direction, word-breaking locale and fonts of a document in `language`. */
function scriptOf(language: LanguageCode): Script {
  const direction = LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
  const base: Record<LanguageCode, FontKey> = {
    en: 'latin',
    de: 'latin',
    fr: 'latin',
    it: 'latin',
    es: 'latin',
    zh: 'sc',
    hk: 'sc',
    ja: 'sc',
    ko: 'kr',
    ar: 'arabic',
    th: 'thai',
  };
  return { direction, locale: localeOf(language), base: base[language], cjk: language === 'ko' ? 'kr' : 'sc' };
}

/** `signedAt` as printed: `YYYY-MM-DD HH:mm UTC`. */
function utcMinute(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Refuses a signature whose bytes are not the image its MIME type says (pdfkit would guess from the bytes). */
function checkSignature({ mime, data }: AgreementInput['signature']): void {
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (mime === 'image/png' ? !png : !jpeg) throw new Error(`signature data is not ${mime}`);
}

/**
 * The PDF file ID (trailer `/ID`, 16 bytes): a SHA-256 of the whole input in a fixed field order, signature
 * bytes included. pdfkit 0.20 keeps it as `doc._id` from its constructor until `end()` writes the trailer.
 */
function fileId(input: AgreementInput): Uint8Array {
  const { borrower, terms } = input;
  const canonical = JSON.stringify([
    input.language,
    input.loanId,
    input.platformName,
    [borrower.fullName, borrower.accountId, borrower.country, borrower.address],
    input.signedAt.toISOString(),
    [
      terms.currency,
      terms.principal,
      terms.termDays,
      terms.dailyRatePercent,
      terms.interestFreeDays,
      terms.totalInterest,
      terms.repaymentAmount,
    ],
    input.schedule.map((row) => [row.fromDay, row.toDay, row.dailyInterest, row.periodInterest]),
    input.signature.mime,
    input.signature.data.toString('base64'),
  ]);
  return new Uint8Array(createHash('sha256').update(canonical).digest().subarray(0, 16));
}
