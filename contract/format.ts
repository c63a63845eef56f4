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

/** A province's or city's name: Chinese in a Chinese locale, else English (or Chinese while it has none). */
export function regionName(region: { name: string; nameEn: string }, locale: string): string {
  return locale.startsWith('zh') || !region.nameEn ? region.name : region.nameEn;
}

type Region = Parameters<typeof regionName>[0];

/** "City, province"; a municipality (Beijing, Shanghai, Tianjin, Chongqing) is its own province and is named once. */
export function cityAndProvince(city: Region, province: Region, locale: string): string {
  const [cityName, provinceName] = [regionName(city, locale), regionName(province, locale)];
  return cityName === provinceName ? cityName : `${cityName}, ${provinceName}`;
}

/**
 * Building an Intl formatter costs about a millisecond, four on a slow phone, and a list of exams formats dozens of
 * fees, times and zones: each formatter is built once per locale and zone and kept.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let kept = formatters.get(key) as T | undefined;
  if (!kept) {
    kept = build();
    formatters.set(key, kept);
  }
  return kept;
}

/**
 * The formatters a list of exams needs, each built by its own call. ICU loads its data at a locale's first build, up to
 * 40 ms each at a phone's speed: a page that shows fees or exam times builds them one task apiece while its requests
 * are out, rather than all inside its first list's render (src/hooks/useFormattersAhead.ts).
 */
export function formatterBuilds(locale: string): Array<() => void> {
  const now = new Date().toISOString();
  return [
    () => formatFen(0, locale),
    () => formatInZone(now, DEFAULT_TIME_ZONE),
    () => zoneLabel(now, DEFAULT_TIME_ZONE, locale),
  ];
}

/** Money travels as integer fen and is formatted only here, at the edge (DESIGN.md section 4). */
export function formatFen(fen: number, locale: string): string {
  return formatter(`fen ${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' })).format(
    fen / 100,
  );
}

/**
 * An instant shown in the exam's own zone, whatever zone the browser or server is in. The zone's wall clock is read
 * with a kept formatter and written by dayjs as a UTC time (dayjs's own .tz() builds a new formatter at every call).
 */
export function formatInZone(iso: string, timeZone: string | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  const instant = dayjs(iso).toDate();
  if (Number.isNaN(instant.getTime())) return dayjs(instant).format(pattern);
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const wallClock = formatter(
    `wall ${zone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClock.find((part) => part.type === type)?.value ?? 0);
  const utc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
    instant.getUTCMilliseconds(),
  );
  return dayjs.utc(utc).format(pattern);
}

/** The zone's short offset name, e.g. GMT+8, so a reader abroad knows which clock the time is on. */
export function zoneLabel(iso: string, timeZone: string | undefined, locale: string): string {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const parts = formatter(
    `zone ${locale} ${zone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }),
  ).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
