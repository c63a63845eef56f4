import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { LocalizedText } from './common';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Exam times are shown in the exam's zone; this is the zone when none is known (DESIGN.md section 2). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Data texts carry both languages; Chinese locales read `zh`, every other locale reads `en`. */
export function pickText(text: LocalizedText, locale: string): string {
  return locale.startsWith('zh') ? text.zh : text.en;
}

/** Money travels as integer fen and is formatted only here, at the edge (DESIGN.md section 4). */
export function formatFen(fen: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(fen / 100);
}

/** An instant shown in the exam's own zone, whatever zone the browser or server is in. */
export function formatInZone(iso: string, timeZone: string | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  return dayjs(iso)
    .tz(timeZone || DEFAULT_TIME_ZONE)
    .format(pattern);
}

/** The zone's short offset name, e.g. GMT+8, so a reader abroad knows which clock the time is on. */
export function zoneLabel(iso: string, timeZone: string | undefined, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: timeZone || DEFAULT_TIME_ZONE,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
