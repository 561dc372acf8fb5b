/**
 * Instants in the club's local time. The admin reads and types wall-clock times of the club
 * (Europe/Berlin, the API's default APP_TIMEZONE), whatever time zone the browser is set to.
 */
import {
  addDays,
  formatDateDe,
  wallClockOf as domainWallClockOf,
  type WallClock,
} from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';

export const CLUB_TIME_ZONE = 'Europe/Berlin';

export type { WallClock };

/** The club-local calendar day and time of an instant. */
export function wallClockOf(instant: Date, timeZone = CLUB_TIME_ZONE): WallClock {
  return domainWallClockOf(instant, timeZone);
}

function asUtcMillis({ date, time }: WallClock): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, hh, mm, ss);
}

/**
 * The instant a club-local wall-clock time names. In the autumn hour that occurs twice the earlier
 * one is taken; a time skipped in spring lands one hour later, as clocks do.
 */
export function instantOf(wall: WallClock, timeZone = CLUB_TIME_ZONE): Date {
  const target = asUtcMillis(wall);
  const offsetAt = (millis: number) => asUtcMillis(wallClockOf(new Date(millis), timeZone)) - millis;
  // Two rounds settle the offset on either side of a clock change.
  let guess = target - offsetAt(target);
  guess = target - offsetAt(guess);
  const earlier = guess - 3_600_000;
  return new Date(asUtcMillis(wallClockOf(new Date(earlier), timeZone)) === target ? earlier : guess);
}

/** Start of a club-local day, as an ISO instant for `since`. */
export function startOfDay(date: IsoDate, timeZone = CLUB_TIME_ZONE): string {
  return instantOf({ date, time: '00:00:00' }, timeZone).toISOString();
}

/** Start of the next club-local day: the API's `until` is exclusive, so this takes the whole day. */
export function endOfDay(date: IsoDate, timeZone = CLUB_TIME_ZONE): string {
  return startOfDay(addDays(date, 1), timeZone);
}

/** "Mo., 23.11.2026, 14:03 Uhr" (with seconds when asked: the log tells events apart by them). */
export function formatInstantDe(iso: string, withSeconds = false, timeZone = CLUB_TIME_ZONE): string {
  const wall = wallClockOf(new Date(iso), timeZone);
  return `${formatDateDe(wall.date)}, ${withSeconds ? wall.time : wall.time.slice(0, 5)} Uhr`;
}
