/**
 * Calendar arithmetic on `YYYY-MM-DD` strings and club-local "now". Dates are plain calendar days,
 * so all arithmetic happens at UTC midnight where no clock change can shift a day.
 */
import type { IsoDate } from './types';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');
const DAY_MS = 86_400_000;

/** The day at UTC midnight, or null when `value` is no calendar day ("2026-02-29"). */
function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/**
 * Orders ISO 8601 dates (or date-times written alike) as their text sorts. Not `localeCompare`: in
 * a browser its first call loads a collator, about 80 ms of a slow phone's first visit of a list.
 */
export const compareIso = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The date checked and parsed in one step: the day grid asks `daysBetween` of every weekly series
 * of the week each time it builds its model, and reading the text twice cost about a tenth of that.
 */
function toUtcDate(date: IsoDate): Date {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Kein Kalendertag: ${date}`);
  return parsed;
}

function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcDate(new Date(toUtcDate(date).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / DAY_MS);
}

/** The same day `months` months later; a day the target month lacks becomes its last (31.01. + 1 → 28.02.). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const start = toUtcDate(date);
  const firstOfTarget = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0));
  firstOfTarget.setUTCDate(Math.min(start.getUTCDate(), lastDay.getUTCDate()));
  return fromUtcDate(firstOfTarget);
}

/** The Monday of the week `date` lies in (German weeks start on Monday). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** 0 = Sunday … 6 = Saturday, as `Date#getDay`. */
export function weekdayOf(date: IsoDate): number {
  return toUtcDate(date).getUTCDay();
}

/** Written out rather than taken from Intl: ICU versions differ ("Mo" or "Mo."), server and browsers must not. */
const SHORT_WEEKDAYS_DE = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'] as const;

/** "Mo." */
export function shortWeekdayDe(date: IsoDate): string {
  return SHORT_WEEKDAYS_DE[weekdayOf(date)] as string;
}

/** "23.11.2026" */
export function formatDayDe(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  toUtcDate(date);
  return `${day}.${month}.${year}`;
}

/** "Mo., 23.11.2026": the de-DE date with short weekday that every list shows. */
export function formatDateDe(date: IsoDate): string {
  return `${shortWeekdayDe(date)}, ${formatDayDe(date)}`;
}

export const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** "November 2026" */
export function formatMonthDe(date: IsoDate): string {
  const [year, month] = date.split('-');
  return `${MONTHS_DE[Number(month) - 1] as string} ${year}`;
}

/** "08:00" */
export function formatHour(hour: number): string {
  return `${twoDigits(hour)}:00`;
}

/** "8-10 Uhr": hours as the original client writes them, 'start-end Uhr'. */
export function formatTimeRange(start: number, end: number): string {
  return `${start}-${end} Uhr`;
}

export interface LocalMoment {
  date: IsoDate;
  /** Hour of day 0–23, truncated: 14:59 is hour 14. */
  hour: number;
}

/** An instant as a clock on the club's wall shows it. */
export interface WallClock {
  date: IsoDate;
  /** "HH:MM:SS", 24-hour. */
  time: string;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

export function wallClockWithIntl(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The part of Temporal the wall clock reads (Chromium has it; Node 20 and TypeScript's lib not yet). */
export interface TemporalClock {
  Instant: {
    fromEpochMilliseconds(ms: number): {
      toZonedDateTimeISO(timeZone: string): {
        year: number;
        month: number;
        day: number;
        hour: number;
        minute: number;
        second: number;
      };
    };
  };
}

export function wallClockWithTemporal(temporal: TemporalClock, instant: Date, timeZone: string): WallClock {
  const zoned = temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return {
    date: `${String(zoned.year).padStart(4, '0')}-${twoDigits(zoned.month)}-${twoDigits(zoned.day)}`,
    time: `${twoDigits(zoned.hour)}:${twoDigits(zoned.minute)}:${twoDigits(zoned.second)}`,
  };
}

const builtInTemporal = (globalThis as { Temporal?: TemporalClock }).Temporal;

/**
 * The calendar day and time that an instant is in the given IANA time zone. Through Temporal where
 * the runtime has it: a page's first Intl date format loads the locale's data and date patterns,
 * 170-300 ms of a throttled first visit before the grid can show its day, where Temporal needs
 * 1-14 ms (bench/README.md, "browser"). Both read the same time zone database.
 */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  return builtInTemporal
    ? wallClockWithTemporal(builtInTemporal, instant, timeZone)
    : wallClockWithIntl(instant, timeZone);
}

/** The calendar day and hour that an instant is in the given IANA time zone (club-local "now"). */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const { date, time } = wallClockOf(instant, timeZone);
  return { date, hour: Number(time.slice(0, 2)) };
}

/** True when the slot (date, hour) has begun at `now`: the time is cut to the full hour. */
export function isPastSlot(date: IsoDate, hour: number, now: LocalMoment): boolean {
  return date < now.date || (date === now.date && hour < now.hour);
}
