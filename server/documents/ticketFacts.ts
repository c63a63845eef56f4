import { pickText } from '../../contract/format';
import { type DocumentLocale, documentText } from './messages';
import type { Fact } from './pdf';
import { arrivalClock, timeInZone } from './time';
import type { SeatAssignment, TicketDocument } from './types';

/** "301 (Building A, floor 3)", or just the room when the center gave no building or floor. */
export function roomText(seat: Pick<SeatAssignment, 'room' | 'building' | 'floor'>, locale: DocumentLocale): string {
  const floor = seat.floor ? documentText(locale, 'ticket.room.floor', { floor: seat.floor }) : null;
  const place = [seat.building, floor]
    .filter((part): part is string => Boolean(part))
    .join(locale === 'zh-CN' ? '，' : ', ');
  return place ? documentText(locale, 'ticket.room.place', { room: seat.room, place }) : seat.room;
}

/**
 * What a candidate needs on the day, as the ticket prints it and the calendar event repeats it: when (in the exam's
 * zone), when to arrive, where, and the room and seat (or "to be announced" until seats are allocated).
 */
export function examDayFacts(ticket: TicketDocument, locale: DocumentLocale): Fact[] {
  const { exam, center, seat } = ticket;
  const toBeAnnounced = documentText(locale, 'ticket.toBeAnnounced');
  return [
    { label: documentText(locale, 'ticket.field.startsAt'), value: timeInZone(exam.startsAt, exam.timeZone, locale) },
    {
      label: documentText(locale, 'ticket.field.arriveBy'),
      value: documentText(locale, 'ticket.arriveBy', {
        time: arrivalClock(exam.startsAt, exam.arrivalLeadMinutes, exam.timeZone),
        minutes: exam.arrivalLeadMinutes,
      }),
    },
    { label: documentText(locale, 'ticket.field.center'), value: pickText(center.name, locale) },
    { label: documentText(locale, 'ticket.field.address'), value: pickText(center.address, locale) },
    {
      label: documentText(locale, 'ticket.field.room'),
      value: seat ? roomText(seat, locale) : toBeAnnounced,
      strong: true,
    },
    { label: documentText(locale, 'ticket.field.seat'), value: seat ? String(seat.seat) : toBeAnnounced, strong: true },
  ];
}
