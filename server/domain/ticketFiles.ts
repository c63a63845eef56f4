import type { Ticket } from '../../contract';
import type { ExamRow } from '../db/rows';
import { examIcs, ticketCalendarEvent } from '../documents/calendar';
import type { DocumentLocale } from '../documents/messages';
import { ticketPdf } from '../documents/ticketPdf';
import type { TicketDocument } from '../documents/types';
import { AppError } from '../errors';
import { examSummaryRow } from './booking';
import { type GroupDeps, groupTickets } from './groups';
import { getTicket, type RegistrationDeps } from './registrations';

/** A file answer: what the route sends with its content type. */
export interface TicketFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const PDF = 'application/pdf';
const ICS = 'text/calendar; charset=utf-8';

/** The printed ticket's data from the ticket page's, the exam's row and the candidate's ID photo. */
function documentOf(ticket: Ticket, exam: ExamRow, photo: Buffer | null): TicketDocument {
  const { seat } = ticket;
  return {
    registrationId: ticket.registrationId,
    token: ticket.token ?? '',
    candidate: { name: ticket.candidate.name, maskedIdNumber: ticket.candidate.maskedIdNumber, photo },
    exam: {
      code: ticket.exam.code,
      name: ticket.exam.name,
      startsAt: ticket.exam.startsAt,
      timeZone: exam.timeZone,
      arrivalLeadMinutes: exam.arrivalLeadMinutes,
    },
    // The exam is held at its center's own address.
    center: { name: ticket.exam.center.name, address: ticket.exam.location },
    seat: seat && {
      room: seat.room,
      building: seat.building || null,
      floor: seat.floor || null,
      seat: seat.seat,
    },
  };
}

/** Only a released ticket of a live registration prints: before release the answer says when. */
function assertPrintable(ticket: Ticket): void {
  if (ticket.releasesAt !== null) {
    throw new AppError('TICKET_NOT_RELEASED', undefined, undefined, [
      { path: 'releasesAt', message: ticket.releasesAt },
    ]);
  }
  if (ticket.token === null) throw new AppError('TICKET_CANCELED');
}

/**
 * A group's file prints only when every member still to be checked in has a photo that stands; otherwise
 * TICKET_PHOTO_REQUIRED names each member whose photo is missing or rejected, for the coordinator to chase.
 */
async function assertMembersPhotos(deps: Pick<RegistrationDeps, 'repos'>, tickets: Ticket[]): Promise<void> {
  const ids = tickets.filter((ticket) => ticket.status === 'register').map((ticket) => ticket.registrationId);
  const photos = await deps.repos.profiles.photosOfRegistrations(ids);
  const lacking = photos.filter((photo) => !photo.avatarId || photo.photoRejectedAt);
  if (lacking.length > 0) {
    throw new AppError(
      'TICKET_PHOTO_REQUIRED',
      undefined,
      undefined,
      lacking.map((photo) => ({ path: 'members', message: photo.name })),
    );
  }
}

async function documentsOf(
  deps: Pick<RegistrationDeps, 'repos'>,
  tickets: Ticket[],
  examId: string,
): Promise<TicketDocument[]> {
  const [exam, sheets] = await Promise.all([
    examSummaryRow(deps, examId),
    deps.repos.seating.ticketSheets(
      tickets.map((t) => t.registrationId),
      true,
    ),
  ]);
  const photos = new Map(sheets.map((sheet) => [sheet.registrationId, sheet.photo]));
  return tickets.map((ticket) => documentOf(ticket, exam.exam, photos.get(ticket.registrationId) ?? null));
}

/** The ticket PDF (api.ticketPdf): one of my tickets on A4, in `locale`; NOT_FOUND for another's. */
export async function ticketPdfFile(
  deps: RegistrationDeps,
  user: Parameters<typeof getTicket>[1],
  id: string,
  locale: DocumentLocale,
): Promise<TicketFile> {
  const ticket = await getTicket(deps, user, id);
  assertPrintable(ticket);
  const documents = await documentsOf(deps, [ticket], ticket.exam.id);
  return { fileName: `ticket-${ticket.exam.code}.pdf`, contentType: PDF, bytes: await ticketPdf(documents, locale) };
}

/** The ticket's calendar file (api.ticketCalendar): the exam in a calendar, an alarm at the time to arrive. */
export async function ticketCalendarFile(
  deps: RegistrationDeps,
  user: Parameters<typeof getTicket>[1],
  id: string,
  locale: DocumentLocale,
): Promise<TicketFile> {
  const ticket = await getTicket(deps, user, id);
  if (ticket.status === 'canceled') throw new AppError('TICKET_CANCELED');
  const [document] = await documentsOf(deps, [ticket], ticket.exam.id);
  if (!document) throw new Error(`registration ${id} has no ticket document`);
  const ics = examIcs(ticketCalendarEvent(document, locale), deps.now());
  return { fileName: `exam-${ticket.exam.code}.ics`, contentType: ICS, bytes: Buffer.from(ics, 'utf8') };
}

/** A group's tickets PDF (api.groupTicketsPdf): every booked member's ticket, one per page, in the coordinator's order. */
export async function groupTicketsPdfFile(
  deps: GroupDeps,
  user: Parameters<typeof groupTickets>[1],
  groupId: string,
  locale: DocumentLocale,
): Promise<TicketFile> {
  const tickets = (await groupTickets(deps, user, groupId)).filter((ticket) => ticket.status !== 'canceled');
  const [first] = tickets;
  if (!first) throw new AppError('TICKET_NOT_ISSUED');
  for (const ticket of tickets) assertPrintable(ticket);
  await assertMembersPhotos(deps, tickets);
  const documents = await documentsOf(deps, tickets, first.exam.id);
  return { fileName: `tickets-${first.exam.code}.pdf`, contentType: PDF, bytes: await ticketPdf(documents, locale) };
}
