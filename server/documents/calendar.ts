import { pickText } from '../../contract/format';
import { type DocumentLocale, documentText } from './messages';
import type { Fact } from './pdf';
import { examDayFacts } from './ticketFacts';
import { arrivalClock } from './time';
import type { CalendarEvent, TicketDocument } from './types';

/** RFC 5545 3.1: a content line is at most 75 octets; longer ones continue on lines that start with a space. */
const LINE_OCTETS = 75;
const CRLF = '\r\n';

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line at 75 octets, never inside a UTF-8 sequence (a Chinese character is three octets). */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line's leading space counts towards its 75 octets.
    const limit = lines.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** 2026-12-05T01:00:00.000Z -> 20261205T010000Z (RFC 5545 3.3.5, UTC form: no VTIMEZONE needed). */
function utcStamp(iso: string | Date): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * One event as an iCalendar file (RFC 5545): VCALENDAR with a VEVENT whose times are UTC, with a VALARM when the
 * event asks for a reminder. Lines end in CRLF and are folded at 75 octets; texts are escaped.
 */
export function examIcs(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Exam Ability//Admission tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    ...(event.endsAt ? [`DTEND:${utcStamp(event.endsAt)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.alarm
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `TRIGGER;RELATED=START:-PT${event.alarm.minutesBefore}M`,
          `DESCRIPTION:${escapeText(event.alarm.description)}`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * The calendar event of an admission ticket in `locale`: the exam and its code as the title, the address as the
 * location, the ticket's facts in the description, and a reminder at the time to arrive.
 */
export function ticketCalendarEvent(ticket: TicketDocument, locale: DocumentLocale): CalendarEvent {
  const { exam, center } = ticket;
  const separator = documentText(locale, 'field.separator');
  const line = (fact: Fact) => `${fact.label}${separator}${fact.value}`;
  const centerName = pickText(center.name, locale);
  return {
    uid: `ticket-${ticket.registrationId}`,
    startsAt: exam.startsAt,
    endsAt: null,
    summary: documentText(locale, 'calendar.summary', { exam: pickText(exam.name, locale), code: exam.code }),
    location: pickText(center.address, locale),
    description: [
      line({ label: documentText(locale, 'ticket.field.name'), value: ticket.candidate.name }),
      ...examDayFacts(ticket, locale).map(line),
      documentText(locale, 'ticket.rule.documents'),
    ].join('\n'),
    alarm: {
      minutesBefore: exam.arrivalLeadMinutes,
      description: documentText(locale, 'calendar.alarm', {
        center: centerName,
        time: arrivalClock(exam.startsAt, exam.arrivalLeadMinutes, exam.timeZone),
      }),
    },
  };
}
