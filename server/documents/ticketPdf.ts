import { pickText } from '../../contract/format';
import { type DocumentLocale, type DocumentTextKey, documentText } from './messages';
import {
  BODY_BOTTOM,
  COLORS,
  CONTENT_WIDTH,
  drawFactTable,
  drawHeading,
  FONT,
  MARGIN,
  MM,
  PAGE_WIDTH,
  renderPdf,
  startPage,
} from './pdf';
import { PHOTO_MM, photoForPrint } from './photo';
import { drawQrCode } from './qr';
import { examDayFacts } from './ticketFacts';
import { arrivalClock } from './time';
import type { TicketDocument } from './types';

type Pdf = PDFKit.PDFDocument;

/**
 * The QR with its quiet zone: 55 mm (the code itself about 49 mm) when the page has room, never under 42 mm (the
 * code about 37 mm) when long names and addresses take it: scannable from paper either way.
 */
const QR_SIDE = { largest: 55 * MM, smallest: 42 * MM } as const;
const QR_CAPTION_HEIGHT = 16;
const GAP = 8 * MM;
const RULES: DocumentTextKey[] = [
  'ticket.rule.documents',
  'ticket.rule.arrival',
  'ticket.rule.seat',
  'ticket.rule.devices',
  'ticket.rule.conduct',
];

function drawPhoto(doc: Pdf, photo: Buffer | null, x: number, y: number, locale: DocumentLocale) {
  const width = PHOTO_MM.width * MM;
  const height = PHOTO_MM.height * MM;
  if (photo) {
    doc.image(photo, x, y, { width, height });
    doc.rect(x, y, width, height).lineWidth(0.5).stroke(COLORS.rule);
    return;
  }
  doc.save();
  doc.rect(x, y, width, height).lineWidth(1).dash(4, { space: 3 }).stroke(COLORS.brand);
  doc.restore();
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLORS.brand)
    .text(documentText(locale, 'ticket.photo.missing'), x + 4, y + height / 2 - 22, {
      width: width - 8,
      align: 'center',
    });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(documentText(locale, 'ticket.photo.missingHint'), x + 4, y + height / 2 + 2, {
      width: width - 8,
      align: 'center',
    });
  doc.fillColor(COLORS.text);
}

function drawRules(doc: Pdf, ticket: TicketDocument, x: number, y: number, width: number, locale: DocumentLocale) {
  const { exam } = ticket;
  const time = arrivalClock(exam.startsAt, exam.arrivalLeadMinutes, exam.timeZone);
  let top = drawHeading(doc, documentText(locale, 'ticket.rules.title'), x, y, width);
  doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.text);
  RULES.forEach((key, i) => {
    const number = `${i + 1}.`;
    doc.text(number, x, top, { width: 16, lineBreak: false });
    doc.text(documentText(locale, key, { time }), x + 16, top, { width: width - 16, lineGap: 2 });
    top = doc.y + 6;
  });
}

function drawTicket(doc: Pdf, ticket: TicketDocument, photo: Buffer | null, locale: DocumentLocale) {
  const { exam, candidate } = ticket;
  const text = (key: DocumentTextKey, values?: Record<string, string | number>) => documentText(locale, key, values);
  const examName = pickText(exam.name, locale);

  const footer = {
    left: text('service.name'),
    right: text('ticket.footer.registration', { id: ticket.registrationId }),
  };
  const top = startPage(doc, footer, { title: text('ticket.title'), subtitle: examName }) + GAP;

  const photoX = PAGE_WIDTH - MARGIN - PHOTO_MM.width * MM;
  drawPhoto(doc, photo, photoX, top, locale);
  const candidateBottom = drawFactTable(doc, MARGIN, top, photoX - GAP - MARGIN, [
    { label: text('ticket.field.name'), value: candidate.name, strong: true },
    { label: text('ticket.field.idNumber'), value: candidate.maskedIdNumber },
    { label: text('ticket.field.exam'), value: examName },
    { label: text('ticket.field.examCode'), value: exam.code },
  ]);

  const factsBottom = drawFactTable(
    doc,
    MARGIN,
    Math.max(candidateBottom, top + PHOTO_MM.height * MM) + GAP,
    CONTENT_WIDTH,
    examDayFacts(ticket, locale),
  );

  const qrY = factsBottom + GAP;
  const qrSide = Math.max(QR_SIDE.smallest, Math.min(QR_SIDE.largest, BODY_BOTTOM - QR_CAPTION_HEIGHT - qrY));
  const qrX = PAGE_WIDTH - MARGIN - qrSide;
  drawQrCode(doc, ticket.token, qrX, qrY, qrSide);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(text('ticket.qr.caption'), qrX, qrY + qrSide, { width: qrSide, align: 'center' });
  drawRules(doc, ticket, MARGIN, qrY, qrX - GAP - MARGIN, locale);
}

/**
 * Admission tickets as one PDF, one A4 page per ticket (a group's members in one file), in `locale`, with the
 * fonts embedded: header band, photo top right (or a box saying it is missing), the facts of the exam, the room
 * and seat (or "to be announced"), the rules and the signed QR the examiner scans.
 */
export function ticketPdf(tickets: TicketDocument[], locale: DocumentLocale): Promise<Buffer> {
  return renderPdf({ locale, title: documentText(locale, 'ticket.title') }, async (doc) => {
    // Photos are scaled on sharp's threads, all at once, while this thread is free: a group's file is ready sooner.
    const photos = await Promise.all(
      tickets.map((ticket) => (ticket.candidate.photo ? photoForPrint(ticket.candidate.photo) : null)),
    );
    tickets.forEach((ticket, i) => {
      drawTicket(doc, ticket, photos[i] ?? null, locale);
    });
  });
}
