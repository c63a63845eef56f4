import { DEFAULT_TIME_ZONE, formatFen, formatInZone, pickText } from '../../contract/format';
import { maskPhone } from '../domain/phone';
import { type DocumentLocale, type DocumentTextKey, documentText } from './messages';
import {
  BODY_BOTTOM,
  COLORS,
  CONTENT_WIDTH,
  drawColumnTable,
  drawFactTable,
  drawHeading,
  FONT,
  MARGIN,
  MM,
  PAGE_WIDTH,
  renderPdf,
  startPage,
} from './pdf';
import { timeInZone } from './time';
import type { ReceiptDocument } from './types';

type Pdf = PDFKit.PDFDocument;

const GAP = 8 * MM;
const TOTALS_WIDTH = 100 * MM;
const TOTALS_LINE_GAP = 4;
/** Heights that must fit on a page, lest a block start just above the footer. */
const TOTALS_HEIGHT = 5 * 20 + 40;
const REFUNDS_MIN_HEIGHT = 20 + 2 * 24;
const NOTES_HEIGHT = 34;

/** A discount as the checkout shows it: minus the amount, or the plain zero when there was none. */
function discount(fen: number, locale: DocumentLocale): string {
  return fen > 0 ? formatFen(-fen, locale) : formatFen(0, locale);
}

/** Subtotal, the three discounts, the handling charge and the total, right-aligned as on a till receipt. */
function drawTotals(doc: Pdf, receipt: ReceiptDocument, y: number, locale: DocumentLocale): number {
  const { breakdown } = receipt;
  const text = (key: DocumentTextKey, values?: Record<string, string>) => documentText(locale, key, values);
  const lines: [string, string][] = [
    [text('receipt.line.subtotal'), formatFen(breakdown.subtotalFen, locale)],
    [text('receipt.line.referralDiscount'), discount(breakdown.referralDiscountFen, locale)],
    [
      receipt.promoCode
        ? text('receipt.line.promotionDiscountCode', { code: receipt.promoCode })
        : text('receipt.line.promotionDiscount'),
      discount(breakdown.promotionDiscountFen, locale),
    ],
    [text('receipt.line.groupDiscount'), discount(breakdown.groupDiscountFen, locale)],
    [text('receipt.line.handling'), formatFen(breakdown.handlingFen, locale)],
  ];
  const x = PAGE_WIDTH - MARGIN - TOTALS_WIDTH;
  const labelWidth = TOTALS_WIDTH * 0.62;
  const amountX = x + labelWidth;
  const amountWidth = TOTALS_WIDTH - labelWidth;
  let top = y;
  doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.text);
  for (const [label, amount] of lines) {
    doc.text(label, x, top, { width: labelWidth });
    const labelBottom = doc.y;
    doc.text(amount, amountX, top, { width: amountWidth, align: 'right' });
    top = Math.max(labelBottom, doc.y) + TOTALS_LINE_GAP;
  }
  doc
    .moveTo(x, top + 2)
    .lineTo(x + TOTALS_WIDTH, top + 2)
    .lineWidth(1)
    .stroke(COLORS.text);
  top += 8;
  doc.font(FONT.bold).fontSize(14);
  doc.text(text('receipt.line.total'), x, top, { width: labelWidth });
  const labelBottom = doc.y;
  doc.text(formatFen(breakdown.totalFen, locale), amountX, top, { width: amountWidth, align: 'right' });
  return Math.max(labelBottom, doc.y) + 8;
}

function drawRefunds(
  doc: Pdf,
  receipt: ReceiptDocument,
  y: number,
  locale: DocumentLocale,
  newPage: () => number,
): number {
  const text = (key: DocumentTextKey) => documentText(locale, key);
  const top = drawHeading(doc, text('receipt.refunds.title'), MARGIN, y, CONTENT_WIDTH);
  if (receipt.refunds.length === 0) {
    doc.font(FONT.regular).fontSize(10.5).text(text('receipt.refunds.none'), MARGIN, top, { width: CONTENT_WIDTH });
    return doc.y;
  }
  const w = CONTENT_WIDTH;
  return drawColumnTable(
    doc,
    MARGIN,
    top,
    [
      { header: text('receipt.refund.date'), width: w * 0.28 },
      { header: text('receipt.refund.reason'), width: w * 0.34 },
      { header: text('receipt.refund.state'), width: w * 0.16 },
      { header: text('receipt.refund.amount'), width: w * 0.22, align: 'right' },
    ],
    receipt.refunds.map((refund) => [
      formatInZone(refund.requestedAt, DEFAULT_TIME_ZONE),
      text(`receipt.refund.reason.${refund.reason}`),
      text(`receipt.refund.state.${refund.state}`),
      formatFen(refund.amountFen, locale),
    ]),
    newPage,
  );
}

function drawReceipt(doc: Pdf, receipt: ReceiptDocument, locale: DocumentLocale) {
  const text = (key: DocumentTextKey, values?: Record<string, string>) => documentText(locale, key, values);
  const service = text('service.name');
  const footer = {
    left: service,
    right: `${text('receipt.field.orderId')}${text('field.separator')}${receipt.orderId}`,
  };
  /** Pages after the first (a group order's many refunds): the footer again, the body from the top margin. */
  const newPage = () => startPage(doc, footer);
  let top = startPage(doc, footer, { title: text('receipt.title'), subtitle: pickText(receipt.issuer, locale) }) + GAP;

  top = drawFactTable(doc, MARGIN, top, CONTENT_WIDTH, [
    { label: text('receipt.field.orderId'), value: receipt.orderId },
    { label: text('receipt.field.purpose'), value: text(`receipt.purpose.${receipt.purpose}`) },
    { label: text('receipt.field.payer'), value: `${receipt.payer.name}  ${maskPhone(receipt.payer.phone)}` },
    { label: text('receipt.field.paidAt'), value: timeInZone(receipt.paidAt, DEFAULT_TIME_ZONE, locale) },
    { label: text('receipt.field.transactionId'), value: receipt.transactionId ?? '—' },
  ]);

  const w = CONTENT_WIDTH;
  top = drawColumnTable(
    doc,
    MARGIN,
    top + GAP,
    [
      { header: text('receipt.items.exam'), width: w * 0.46 },
      { header: text('receipt.items.date'), width: w * 0.2 },
      { header: text('receipt.items.unitPrice'), width: w * 0.2, align: 'right' },
      { header: text('receipt.items.quantity'), width: w * 0.14, align: 'right' },
    ],
    receipt.items.map((item) => [
      `${pickText(item.exam.name, locale)}\n${item.exam.code}`,
      formatInZone(item.exam.startsAt, item.exam.timeZone, 'YYYY-MM-DD'),
      formatFen(item.unitPriceFen, locale),
      String(item.quantity),
    ]),
    newPage,
  );

  /** `top`, or the top of a new page when `height` more would run into the footer. */
  const roomFor = (height: number, at: number) => (at + height > BODY_BOTTOM ? newPage() : at);
  top = drawTotals(doc, receipt, roomFor(TOTALS_HEIGHT, top + 12), locale);
  top = drawRefunds(doc, receipt, roomFor(REFUNDS_MIN_HEIGHT, top + GAP), locale, newPage);

  top = roomFor(NOTES_HEIGHT, top + GAP);
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLORS.muted);
  doc.text(text('receipt.notInvoice'), MARGIN, top, { width: CONTENT_WIDTH });
  doc.text(text('receipt.issuedBy', { company: pickText(receipt.issuer, locale), service }), { width: CONTENT_WIDTH });
}

/**
 * The receipt of one paid order as an A4 PDF in `locale`, fonts embedded: payer, order, payment, the items, the
 * checkout's lines (discounts, handling charge, total) and every refund with its state. Amounts are the order's own
 * integer fen, formatted as the web pages format them; nothing is recomputed here.
 */
export function receiptPdf(receipt: ReceiptDocument, locale: DocumentLocale): Promise<Buffer> {
  return renderPdf({ locale, title: documentText(locale, 'receipt.title') }, (doc) =>
    drawReceipt(doc, receipt, locale),
  );
}
