/**
 * The club's clock (docs/architecture/club-time.md): every "today", "past", booking
 * horizon and cancellation deadline is computed here, from an instant and the club's own IANA time
 * zone, whatever zone the server or the phone is set to. Calendar days stay plain `YYYY-MM-DD`
 * (./dates); only the step between an instant and the club's wall clock needs the zone, and it is
 * taken from Intl, which knows every clock change.
 */
import {
  addDays,
  formatDateDe,
  isPastSlot,
  localMoment,
  wallClockOf,
  type LocalMoment,
  type WallClock,
} from './dates';
import type { IsoDate } from './types';

/** "Past" is the calendar's: the slot's hour has begun (./dates). */
export { isPastSlot, type LocalMoment, type WallClock } from './dates';

/** What of a club its clock needs: its zone and its two time rules. */
export interface ClubTimeRules {
  /** IANA name, e.g. "Europe/Berlin". */
  time_zone: string;
  /** Players may book at most this many days after today; null: no limit of the club's own. */
  booking_horizon_days: number | null;
  /** Players may cancel or move their own booking until this many hours before it begins. */
  cancel_deadline_hours: number;
}

/** The club-local day and hour of an instant: the "now" every rule compares with. */
export function clubNow(timeZone: string, instant: Date = new Date()): LocalMoment {
  return localMoment(instant, timeZone);
}

/** The club-local calendar day and time of an instant. */
export function clubWallClock(timeZone: string, instant: Date): WallClock {
  return wallClockOf(instant, timeZone);
}

/** Is `name` an IANA time zone this runtime knows? ("Europe/Berlin" yes, "Mars/Olympus" no.) */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone most clubs use: first in every list of zones. */
const FIRST_ZONE = 'Europe/Berlin';

/**
 * The IANA zones a club may choose, as this runtime knows them, Europe/Berlin first and the rest
 * alphabetical; `current` is kept in the list even if the runtime does not offer it.
 */
export function timeZoneChoices(current?: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  const rest = [...new Set([...known, ...(current ? [current] : [])])]
    .filter((zone) => zone !== FIRST_ZONE)
    .sort((a, b) => a.localeCompare(b, 'en'));
  return [FIRST_ZONE, ...rest];
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
export function clubInstant(timeZone: string, wall: WallClock): Date {
  const target = asUtcMillis(wall);
  const offsetAt = (millis: number) => asUtcMillis(wallClockOf(new Date(millis), timeZone)) - millis;
  // Two rounds settle the offset on either side of a clock change.
  let guess = target - offsetAt(target);
  guess = target - offsetAt(guess);
  const earlier = guess - 3_600_000;
  return new Date(asUtcMillis(wallClockOf(new Date(earlier), timeZone)) === target ? earlier : guess);
}

/** The instant a club-local day begins (not always 00:00 worldwide, but the day's first instant). */
export function clubDayStart(timeZone: string, date: IsoDate): Date {
  return clubInstant(timeZone, { date, time: '00:00:00' });
}

/** The instant the next club-local day begins: an exclusive end that covers 23, 24 or 25 hours. */
export function clubDayEnd(timeZone: string, date: IsoDate): Date {
  return clubDayStart(timeZone, addDays(date, 1));
}

/** The instant a slot begins: `hour` o'clock on `date` on the club's wall. */
export function slotStart(timeZone: string, date: IsoDate, hour: number): Date {
  return clubInstant(timeZone, { date, time: `${String(hour).padStart(2, '0')}:00:00` });
}

/** The last day a player may book, or null when the club sets no horizon. */
export function lastDayWithinHorizon(rules: Pick<ClubTimeRules, 'booking_horizon_days'>, today: IsoDate) {
  return rules.booking_horizon_days === null ? null : addDays(today, rules.booking_horizon_days);
}

/** Is `date` further ahead than the club lets players book? Never, without a horizon. */
export function isBeyondHorizon(
  rules: Pick<ClubTimeRules, 'booking_horizon_days'>,
  date: IsoDate,
  now: LocalMoment,
): boolean {
  const last = lastDayWithinHorizon(rules, now.date);
  return last !== null && date > last;
}

/**
 * The club-local moment from which a player can no longer cancel or move a booking that begins at
 * `hour` on `date`: `cancel_deadline_hours` real hours before its start, so across a clock change
 * the wall shows one hour more or less. With 0 it is the start itself.
 */
export function cancelDeadline(
  rules: Pick<ClubTimeRules, 'time_zone' | 'cancel_deadline_hours'>,
  date: IsoDate,
  hour: number,
): WallClock {
  const start = slotStart(rules.time_zone, date, hour).getTime();
  return wallClockOf(new Date(start - rules.cancel_deadline_hours * 3_600_000), rules.time_zone);
}

/**
 * May a player still cancel or move the booking at `hour` on `date`? Until the hour of the deadline
 * begins: "now" is known to the hour, so a deadline at 16:30 (zones with half-hour shifts) counts
 * from 16:00, and in the autumn hour that occurs twice the first one already counts as the
 * deadline's. Both err on the early side, never letting a cancellation through late.
 */
export function mayStillCancel(
  rules: Pick<ClubTimeRules, 'time_zone' | 'cancel_deadline_hours'>,
  date: IsoDate,
  hour: number,
  now: LocalMoment,
): boolean {
  // Without a deadline of its own the start is the deadline; no zone arithmetic is needed.
  if (rules.cancel_deadline_hours === 0)
    return !isPastSlot(date, hour, now) && !(date === now.date && hour === now.hour);
  const deadline = cancelDeadline(rules, date, hour);
  const deadlineHour = Number(deadline.time.slice(0, 2));
  return now.date < deadline.date || (now.date === deadline.date && now.hour < deadlineHour);
}

/** "Mo., 23.11.2026, 14:03 Uhr" for an ISO instant on the club's wall (with seconds when asked). */
export function formatInstantDe(timeZone: string, iso: string, withSeconds = false): string {
  const wall = wallClockOf(new Date(iso), timeZone);
  return `${formatDateDe(wall.date)}, ${withSeconds ? wall.time : wall.time.slice(0, 5)} Uhr`;
}

/** "Di., 24.11.2026, 17:00 Uhr": a club-local moment as the popup and the refusals write it. */
export function formatWallClockDe(wall: WallClock): string {
  return `${formatDateDe(wall.date)}, ${wall.time.slice(0, 5)} Uhr`;
}
