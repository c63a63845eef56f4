import { pickText } from '../../contract/format';
import { type DocumentLocale, type DocumentTextKey, documentText } from './messages';
import { BODY_BOTTOM, COLORS, CONTENT_WIDTH, drawFactTable, FONT, MARGIN, MM, renderPdf, startPage } from './pdf';
import { photoForPrint } from './photo';
import { roomText } from './ticketFacts';
import { arrivalClock, timeInZone } from './time';
import type { DoorListDocument, DoorListRoom } from './types';

type Pdf = PDFKit.PDFDocument;
type Text = (key: DocumentTextKey, values?: Record<string, string | number>) => string;

const GAP = 6 * MM;
const PADDING = 2 * MM;
/** The photo on the list: the ticket's 30 × 42 mm at half size, enough to tell faces apart at the door. */
const PHOTO = { width: 15 * MM, height: 21 * MM };
const ROW_HEIGHT = PHOTO.height + 2 * PADDING;
const HEADER_HEIGHT = 22;
const TICK_SIDE = 6 * MM;
const COLUMNS = { seat: 18 * MM, photo: PHOTO.width + 2 * PADDING, idNumber: 50 * MM, present: 20 * MM };
const NAME_WIDTH = CONTENT_WIDTH - COLUMNS.seat - COLUMNS.photo - COLUMNS.idNumber - COLUMNS.present;
/** A seat chart's cells: never narrower or shorter than a name can be read in, never taller than a card. */
const CHART = { maxColumns: 10, minCellHeight: 34, maxCellHeight: 64 };

/** "301 (Building A, floor 3)", as the ticket names the room. */
function roomLabel({ room }: DoorListRoom, locale: DocumentLocale): string {
  return roomText({ room: room.name, building: room.building, floor: room.floor }, locale);
}

function columnLefts(): { seat: number; photo: number; name: number; idNumber: number; present: number } {
  const seat = MARGIN;
  const photo = seat + COLUMNS.seat;
  const name = photo + COLUMNS.photo;
  const idNumber = name + NAME_WIDTH;
  return { seat, photo, name, idNumber, present: idNumber + COLUMNS.idNumber };
}

function drawListHeader(doc: Pdf, top: number, text: Text): number {
  const left = columnLefts();
  doc.rect(MARGIN, top, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLORS.labelFill);
  doc.font(FONT.bold).fontSize(10).fillColor(COLORS.muted);
  const cell = (key: DocumentTextKey, x: number, width: number, align: 'left' | 'center' = 'left') =>
    doc.text(text(key), x + PADDING, top + 6, { width: width - 2 * PADDING, align, lineBreak: false });
  cell('doorList.column.seat', left.seat, COLUMNS.seat);
  cell('doorList.column.photo', left.photo, COLUMNS.photo);
  cell('doorList.column.name', left.name, NAME_WIDTH);
  cell('doorList.column.idNumber', left.idNumber, COLUMNS.idNumber);
  cell('doorList.column.present', left.present, COLUMNS.present, 'center');
  doc.fillColor(COLORS.text);
  return top + HEADER_HEIGHT;
}

function drawPhotoFrame(doc: Pdf, photo: Buffer | null, x: number, y: number): void {
  if (photo) doc.image(photo, x, y, { width: PHOTO.width, height: PHOTO.height });
  doc.rect(x, y, PHOTO.width, PHOTO.height).lineWidth(0.5).stroke(COLORS.rule);
}

function drawCandidateRow(
  doc: Pdf,
  candidate: DoorListRoom['candidates'][number],
  photo: Buffer | null,
  top: number,
): number {
  const left = columnLefts();
  const middle = top + ROW_HEIGHT / 2;
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(COLORS.text)
    .text(String(candidate.seat), left.seat + PADDING, middle - 10, { width: COLUMNS.seat - 2 * PADDING });
  drawPhotoFrame(doc, photo, left.photo + PADDING, top + PADDING);
  doc
    .font(FONT.bold)
    .fontSize(13)
    .text(candidate.name, left.name + PADDING, middle - 9, {
      width: NAME_WIDTH - 2 * PADDING,
      height: ROW_HEIGHT - 2 * PADDING,
      ellipsis: true,
    });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .text(candidate.maskedIdNumber, left.idNumber + PADDING, middle - 7, {
      width: COLUMNS.idNumber - 2 * PADDING,
      lineBreak: false,
    });
  doc
    .rect(left.present + (COLUMNS.present - TICK_SIDE) / 2, middle - TICK_SIDE / 2, TICK_SIDE, TICK_SIDE)
    .lineWidth(1)
    .stroke(COLORS.text);
  doc
    .moveTo(MARGIN, top + ROW_HEIGHT)
    .lineTo(MARGIN + CONTENT_WIDTH, top + ROW_HEIGHT)
    .lineWidth(0.5)
    .stroke(COLORS.rule);
  return top + ROW_HEIGHT;
}

/** The room's door list: its facts, then a row per candidate (pages follow under the header row again). */
function drawDoorList(
  doc: Pdf,
  document: DoorListDocument,
  room: DoorListRoom,
  photos: (Buffer | null)[],
  locale: DocumentLocale,
) {
  const text: Text = (key, values) => documentText(locale, key, values);
  const { exam } = document;
  const examName = pickText(exam.name, locale);
  const roomName = roomLabel(room, locale);
  const footer = { left: text('service.name'), right: text('doorList.footer', { code: exam.code, room: roomName }) };
  const band = { title: text('doorList.title'), subtitle: `${examName} · ${roomName}` };
  let top = startPage(doc, footer, band) + GAP;
  top = drawFactTable(doc, MARGIN, top, CONTENT_WIDTH, [
    { label: text('ticket.field.room'), value: roomName, strong: true },
    { label: text('doorList.field.exam'), value: `${examName} (${exam.code})` },
    { label: text('ticket.field.startsAt'), value: timeInZone(exam.startsAt, exam.timeZone, locale) },
    {
      label: text('ticket.field.arriveBy'),
      value: text('ticket.arriveBy', {
        time: arrivalClock(exam.startsAt, exam.arrivalLeadMinutes, exam.timeZone),
        minutes: exam.arrivalLeadMinutes,
      }),
    },
    {
      label: text('doorList.field.candidates'),
      value: text('doorList.candidates', { count: room.candidates.length, seats: room.room.seats }),
    },
  ]);
  top = drawListHeader(doc, top + GAP, text);
  if (room.candidates.length === 0) {
    doc
      .font(FONT.regular)
      .fontSize(11)
      .fillColor(COLORS.muted)
      .text(text('doorList.empty'), MARGIN, top + GAP, { width: CONTENT_WIDTH });
    doc.fillColor(COLORS.text);
  }
  room.candidates.forEach((candidate, i) => {
    if (top + ROW_HEIGHT > BODY_BOTTOM) top = drawListHeader(doc, startPage(doc, footer, band) + GAP, text);
    top = drawCandidateRow(doc, candidate, photos[i] ?? null, top);
  });
}

/** The seats in a grid, `columns` wide and `rows` tall on this page, from seat `first`; answers the next seat. */
function drawSeatGrid(doc: Pdf, room: DoorListRoom, first: number, top: number, locale: DocumentLocale): number {
  const { seats } = room.room;
  const columns = Math.min(CHART.maxColumns, Math.max(4, Math.ceil(Math.sqrt(seats))));
  const rowsLeft = Math.ceil((seats - first + 1) / columns);
  const available = BODY_BOTTOM - top;
  const rowsHere = Math.max(1, Math.min(rowsLeft, Math.floor(available / CHART.minCellHeight)));
  const cellHeight = Math.min(CHART.maxCellHeight, available / rowsHere);
  const cellWidth = CONTENT_WIDTH / columns;
  const names = new Map(room.candidates.map((candidate) => [candidate.seat, candidate.name]));
  const last = Math.min(seats, first + rowsHere * columns - 1);
  for (let seat = first; seat <= last; seat++) {
    const index = seat - first;
    const x = MARGIN + (index % columns) * cellWidth;
    const y = top + Math.floor(index / columns) * cellHeight;
    const name = names.get(seat);
    doc.save();
    if (name === undefined) doc.dash(3, { space: 2 });
    doc
      .rect(x + 2, y + 2, cellWidth - 4, cellHeight - 4)
      .lineWidth(0.75)
      .stroke(name === undefined ? COLORS.rule : COLORS.text);
    doc.restore();
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLORS.brand)
      .text(String(seat), x + 6, y + 5, { width: cellWidth - 12, lineBreak: false });
    doc
      .font(name === undefined ? FONT.regular : FONT.bold)
      .fontSize(9.5)
      .fillColor(name === undefined ? COLORS.muted : COLORS.text)
      .text(name ?? documentText(locale, 'seatChart.empty'), x + 6, y + 19, {
        width: cellWidth - 12,
        height: cellHeight - 24,
        ellipsis: true,
      });
  }
  doc.fillColor(COLORS.text);
  return last + 1;
}

/** The room's seat chart: the front of the room at the top, then every seat numbered, the empty ones dashed. */
function drawSeatChart(doc: Pdf, document: DoorListDocument, room: DoorListRoom, locale: DocumentLocale) {
  const text: Text = (key, values) => documentText(locale, key, values);
  const { exam } = document;
  const roomName = roomLabel(room, locale);
  const footer = { left: text('service.name'), right: text('doorList.footer', { code: exam.code, room: roomName }) };
  const band = { title: text('seatChart.title'), subtitle: `${pickText(exam.name, locale)} · ${roomName}` };
  let next = 1;
  while (next <= room.room.seats) {
    const top = startPage(doc, footer, band) + GAP;
    doc.rect(MARGIN, top, CONTENT_WIDTH, 18).fill(COLORS.labelFill);
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(text('seatChart.front'), MARGIN, top + 4, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
    next = drawSeatGrid(doc, room, next, top + 18 + GAP, locale);
  }
}

/**
 * An exam's door lists as one A4 PDF in `locale`, fonts embedded: for each room, the list the examiner ticks at the
 * door (seat, photo, name, masked ID number, a box) on its own page(s), then the room's seat chart on its own.
 */
export function doorListPdf(document: DoorListDocument, locale: DocumentLocale): Promise<Buffer> {
  return renderPdf({ locale, title: documentText(locale, 'doorList.title') }, async (doc) => {
    for (const room of document.rooms) {
      // A room's photos are scaled together on sharp's threads; one room at a time bounds the memory.
      const photos = await Promise.all(
        room.candidates.map((candidate) => (candidate.photo ? photoForPrint(candidate.photo) : null)),
      );
      drawDoorList(doc, document, room, photos, locale);
      drawSeatChart(doc, document, room, locale);
    }
  });
}
