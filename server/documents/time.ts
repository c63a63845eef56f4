import { formatInZone, zoneLabel } from '../../contract/format';
import { type DocumentLocale, documentText } from './messages';

/** The zone's name in the reader's language, e.g. 中国标准时间 or China Standard Time. */
function zoneName(iso: string, timeZone: string, locale: DocumentLocale): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** An instant on the clock of `timeZone`, with the zone named: 2026-12-05 09:00 GMT+8 (China Standard Time). */
export function timeInZone(iso: string, timeZone: string, locale: DocumentLocale): string {
  return documentText(locale, 'time.inZone', {
    dateTime: formatInZone(iso, timeZone),
    offset: zoneLabel(iso, timeZone, locale),
    zone: zoneName(iso, timeZone, locale),
  });
}

/** When a candidate must be there: the start less the exam's arrival lead time. */
export function arrivalInstant(startsAt: string, arrivalLeadMinutes: number): string {
  return new Date(Date.parse(startsAt) - arrivalLeadMinutes * 60_000).toISOString();
}

/** The arrival time as a candidate reads it: the clock time, with the date too when it is not the exam's day. */
export function arrivalClock(startsAt: string, arrivalLeadMinutes: number, timeZone: string): string {
  const arrival = arrivalInstant(startsAt, arrivalLeadMinutes);
  const sameDay = formatInZone(arrival, timeZone, 'YYYY-MM-DD') === formatInZone(startsAt, timeZone, 'YYYY-MM-DD');
  return formatInZone(arrival, timeZone, sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm');
}
