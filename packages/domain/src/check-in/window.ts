/**
 * When members may check in, and when an hour nobody checked in for is released (docs/check-in.md):
 * minutes around the hour's start on the club's own wall clock, so a clock change in spring or
 * autumn moves them with the hour (../club-time).
 */
import { slotStart } from '../club-time';
import { addDays } from '../dates';
import { occursOn, type Schedule } from '../recurrence';
import type { CheckInSettings } from '../schemas';
import type { IsoDate } from '../types';

const MINUTE_MS = 60_000;

export interface CheckInWindow {
  opens: Date;
  /** The moment of release: check-in is open before it, not at it. */
  closes: Date;
}

type Window = Pick<CheckInSettings, 'opens_min' | 'release_after_min'>;

/** The window of one date of a booking that starts at `startHour` on the club's wall. */
export function checkInWindow(
  timeZone: string,
  date: IsoDate,
  startHour: number,
  settings: Window,
): CheckInWindow {
  const start = slotStart(timeZone, date, startHour).getTime();
  return {
    opens: new Date(start - settings.opens_min * MINUTE_MS),
    closes: new Date(start + settings.release_after_min * MINUTE_MS),
  };
}

const within = (window: CheckInWindow, at: Date) => at >= window.opens && at < window.closes;

/**
 * The date of the booking whose window holds `at`, or null. The day before and after count too:
 * an hour at midnight opens its window on the evening before.
 */
export function dateToCheckIn(
  booking: Schedule & { start_time: number },
  timeZone: string,
  today: IsoDate,
  settings: Window,
  at: Date,
): IsoDate | null {
  const candidates = [addDays(today, -1), today, addDays(today, 1)];
  return (
    candidates.find(
      (date) =>
        occursOn(booking, date) && within(checkInWindow(timeZone, date, booking.start_time, settings), at),
    ) ?? null
  );
}

/** Has the moment of release of that date come at `at`? */
export function isReleaseDue(
  timeZone: string,
  date: IsoDate,
  startHour: number,
  settings: Window,
  at: Date,
): boolean {
  return at >= checkInWindow(timeZone, date, startHour, settings).closes;
}

/** Has that date of the booking ended at `at`? An hour over is given back to nobody. */
export function hasEnded(timeZone: string, date: IsoDate, endHour: number, at: Date): boolean {
  return at >= slotStart(timeZone, date, endHour);
}
