import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadPdfKit } from '../libraries';
import { type DocumentLocale, documentText } from './messages';

type Pdf = PDFKit.PDFDocument;

/** PDF points per millimetre. */
export const MM = 72 / 25.4;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 15 * MM;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BAND_HEIGHT = 28 * MM;

export const COLORS = {
  /** The brand's dark red (the buttons' colour), dark enough for white text on paper and on screen. */
  brand: '#A8071A',
  text: '#1F1F1F',
  muted: '#595959',
  rule: '#BFBFBF',
  labelFill: '#F5F5F5',
} as const;

export const FONT = { regular: 'regular', bold: 'bold' } as const;

/**
 * Noto Sans SC (SIL Open Font License 1.1) covers Chinese and Latin alike, so one family prints both languages.
 * pdfkit embeds only the glyphs a document uses (a subset), so the PDF renders the same on any machine.
 */
const FONT_FILES = {
  [FONT.regular]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [FONT.bold]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/** The two font files (about 10 MB each), read once per process: every document subsets from these bytes. */
let fontBytes: Promise<Record<keyof typeof FONT_FILES, Buffer>> | undefined;

function loadFonts() {
  if (!fontBytes) {
    const require = createRequire(import.meta.url);
    const read = (name: keyof typeof FONT_FILES) => readFile(require.resolve(FONT_FILES[name]));
    fontBytes = Promise.all([read(FONT.regular), read(FONT.bold)]).then(([regular, bold]) => ({ regular, bold }));
    fontBytes.catch(() => {
      fontBytes = undefined;
    });
  }
  return fontBytes;
}

/**
 * Renders a PDF: a document with the fonts registered and its metadata in `locale`, drawn by `draw`, as bytes.
 * Pages are added by `draw` (addPage), each A4 portrait.
 */
export async function renderPdf(
  meta: { locale: DocumentLocale; title: string },
  draw: (doc: Pdf) => Promise<void> | void,
): Promise<Buffer> {
  const fonts = await loadFonts();
  const service = documentText(meta.locale, 'service.name');
  const doc = new (await loadPdfKit())({
    autoFirstPage: false,
    lang: meta.locale,
    displayTitle: true,
    info: { Title: meta.title, Author: service, Creator: service },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  await draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * A new A4 page. The bottom margin is zero so that pdfkit never starts a page of its own for text near the footer:
 * every block is placed and bounded by the layout, so each ticket stays on its one page.
 */
function addPage(doc: Pdf): void {
  doc.addPage({ size: 'A4', margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 } });
}

/** The coloured band across the top: the document's title and a subtitle under it. Answers the y below it. */
function drawHeaderBand(doc: Pdf, title: string, subtitle: string): number {
  doc.rect(0, 0, PAGE_WIDTH, BAND_HEIGHT).fill(COLORS.brand);
  doc
    .fillColor('#FFFFFF')
    .font(FONT.bold)
    .fontSize(24)
    .text(title, MARGIN, 7 * MM, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .text(subtitle, MARGIN, 18 * MM, { width: CONTENT_WIDTH, height: 14, ellipsis: true });
  doc.fillColor(COLORS.text);
  return BAND_HEIGHT;
}

/** A thin rule and two small texts at the foot of the page: the service's name on the left, `right` on the right. */
function drawFooter(doc: Pdf, left: string, right: string): void {
  const y = PAGE_HEIGHT - MARGIN;
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(PAGE_WIDTH - MARGIN, y - 4)
    .lineWidth(0.5)
    .stroke(COLORS.rule);
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.muted);
  doc.text(left, MARGIN, y, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.text(right, PAGE_WIDTH / 2, y, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc.fillColor(COLORS.text);
}

/**
 * A new page of a document: its footer (`left` and `right`, see drawFooter) and, when `band` is given, the header
 * band. Answers the y where the body starts: under the band, else at the top margin.
 */
export function startPage(
  doc: Pdf,
  footer: { left: string; right: string },
  band?: { title: string; subtitle: string },
): number {
  addPage(doc);
  drawFooter(doc, footer.left, footer.right);
  return band ? drawHeaderBand(doc, band.title, band.subtitle) : MARGIN;
}

export interface Fact {
  label: string;
  value: string;
  /** Printed bold and larger: what a reader looks for first (room, seat, total). */
  strong?: boolean;
}

const CELL_PADDING = 7;
const MIN_ROW_HEIGHT = 28;
const LABEL_SIZE = 10;
/** A value longer than this many lines ends in an ellipsis rather than pushing the page over. */
const MAX_VALUE_LINES = 3;

/**
 * A two-column table of labelled facts (label cells shaded), ruled like a printed form, from (x, y) at `width`;
 * each text centred in its row's height. Answers the y below it.
 */
export function drawFactTable(doc: Pdf, x: number, y: number, width: number, facts: Fact[], labelWidth = 30 * MM) {
  const valueX = x + labelWidth;
  const valueWidth = width - labelWidth - 2 * CELL_PADDING;
  const labelWidthInside = labelWidth - 2 * CELL_PADDING;
  let top = y;
  for (const fact of facts) {
    const valueFont = () => doc.font(fact.strong ? FONT.bold : FONT.regular).fontSize(fact.strong ? 14 : 11.5);
    const labelFont = () => doc.font(FONT.regular).fontSize(LABEL_SIZE);
    valueFont();
    const maxHeight = doc.currentLineHeight(true) * MAX_VALUE_LINES;
    const valueHeight = Math.min(doc.heightOfString(fact.value, { width: valueWidth }), maxHeight);
    labelFont();
    const labelHeight = doc.heightOfString(fact.label, { width: labelWidthInside });
    const height = Math.max(MIN_ROW_HEIGHT, valueHeight + 2 * CELL_PADDING, labelHeight + 2 * CELL_PADDING);
    doc.rect(x, top, labelWidth, height).fill(COLORS.labelFill);
    labelFont()
      .fillColor(COLORS.muted)
      .text(fact.label, x + CELL_PADDING, top + (height - labelHeight) / 2, { width: labelWidthInside });
    valueFont()
      .fillColor(COLORS.text)
      .text(fact.value, valueX + CELL_PADDING, top + (height - valueHeight) / 2, {
        width: valueWidth,
        height: maxHeight,
        ellipsis: true,
      });
    doc.rect(x, top, width, height).lineWidth(0.5).stroke(COLORS.rule);
    doc
      .moveTo(valueX, top)
      .lineTo(valueX, top + height)
      .stroke(COLORS.rule);
    top += height;
  }
  return top;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** Below this, a page holds nothing but its footer. */
export const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 12;

/**
 * A table with a shaded header row and one row per entry of `rows` (a text per column), from (x, y). A row that
 * would run into the footer goes to a page from `newPage` (which answers where its body starts), under the header
 * row again. Answers the y below the table.
 */
export function drawColumnTable(
  doc: Pdf,
  x: number,
  y: number,
  columns: Column[],
  rows: string[][],
  newPage: () => number,
): number {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const font = (header: boolean) => doc.font(header ? FONT.bold : FONT.regular).fontSize(header ? 10 : 10.5);
  const rowHeight = (cells: string[], header: boolean) => {
    font(header);
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell, { width: (columns[i]?.width ?? 0) - 2 * CELL_PADDING }),
    );
    return Math.max(MIN_ROW_HEIGHT - 4, ...heights.map((h) => h + 2 * CELL_PADDING));
  };
  const row = (cells: string[], top: number, header: boolean) => {
    const height = rowHeight(cells, header);
    if (header) doc.rect(x, top, width, height).fill(COLORS.labelFill);
    font(header).fillColor(header ? COLORS.muted : COLORS.text);
    let left = x;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, left + CELL_PADDING, top + CELL_PADDING, {
        width: column.width - 2 * CELL_PADDING,
        align: column.align ?? 'left',
      });
      left += column.width;
    });
    doc
      .moveTo(x, top + height)
      .lineTo(x + width, top + height)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    doc.fillColor(COLORS.text);
    return top + height;
  };
  const headers = columns.map((column) => column.header);
  let top = row(headers, y, true);
  for (const cells of rows) {
    if (top + rowHeight(cells, false) > BODY_BOTTOM) top = row(headers, newPage(), true);
    top = row(cells, top, false);
  }
  return top;
}

/** A section heading in the brand's colour. Answers the y below it. */
export function drawHeading(doc: Pdf, text: string, x: number, y: number, width: number): number {
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.brand).text(text, x, y, { width, lineBreak: false });
  doc.fillColor(COLORS.text);
  return y + 20;
}
