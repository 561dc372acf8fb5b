/**
 * When a reservation takes place. The conflict check, the limit, the day grid, the point-in-time
 * fold, a block's weekly times, the Warteliste and the club's numbers all ask these functions, so
 * every place agrees on one answer: part of the kernel, since every feature reads it.
 */
import { addDays, daysBetween } from './dates';
import type { IsoDate, Reservation } from './types';

/** The fields that decide on which days a reservation takes place. */
export type Schedule = Pick<Reservation, 'date' | 'recurring' | 'deleted_dates' | 'end_date'>;

/** `end_date` is exclusive: a series ended on D no longer takes place on D. */
function hasEndedBy(schedule: Schedule, date: IsoDate): boolean {
  return schedule.end_date != null && date >= schedule.end_date;
}

/** Same weekday and not before the first date; ISO dates compare correctly as strings. */
function isScheduledOn(schedule: Schedule, date: IsoDate): boolean {
  if (date === schedule.date) return true;
  return schedule.recurring && date > schedule.date && daysBetween(schedule.date, date) % 7 === 0;
}

export function occursOn(schedule: Schedule, date: IsoDate): boolean {
  return (
    isScheduledOn(schedule, date) && !hasEndedBy(schedule, date) && !schedule.deleted_dates.includes(date)
  );
}

/**
 * The deleted dates that would otherwise be occurrences, in order: what a calendar lists as the
 * series' exceptions. Dates on another weekday or outside the series say nothing and are left out.
 */
export function cancelledOccurrences(schedule: Schedule): IsoDate[] {
  return [...new Set(schedule.deleted_dates)]
    .filter((date) => isScheduledOn(schedule, date) && !hasEndedBy(schedule, date))
    .sort();
}

/** Whether the reservation takes place at all: an ended series or a cancelled day may leave none. */
export function hasAnyOccurrence(schedule: Schedule): boolean {
  return nextOccurrence(schedule, schedule.date) !== null;
}

/** The first day on or after `from` that has the reservation's weekday (or its only date). */
function firstScheduledFrom(schedule: Schedule, from: IsoDate): IsoDate | null {
  if (from <= schedule.date) return schedule.date;
  if (!schedule.recurring) return null;
  return addDays(schedule.date, Math.ceil(daysBetween(schedule.date, from) / 7) * 7);
}

/**
 * A function giving the first occurrence on or after `from`, or null. It jumps straight to the right
 * week, then skips deleted dates one week at a time; there are finitely many, so it ends even for an
 * open series. Made once per schedule so that repeated lookups (conflict search) share one index.
 */
export function nextOccurrenceFinder(schedule: Schedule): (from: IsoDate) => IsoDate | null {
  const deleted = new Set(schedule.deleted_dates);
  return (from) => {
    let day = firstScheduledFrom(schedule, from);
    while (day !== null && !hasEndedBy(schedule, day)) {
      if (!deleted.has(day)) return day;
      day = schedule.recurring ? addDays(day, 7) : null;
    }
    return null;
  };
}

/** The first occurrence on or after `from`, or null. */
export function nextOccurrence(schedule: Schedule, from: IsoDate): IsoDate | null {
  return nextOccurrenceFinder(schedule)(from);
}

/**
 * What remains of a reservation from `from` on, as a reservation of its own: a series then begins
 * at its first occurrence on or after `from` and keeps only the cancelled days after it, so what is
 * shown of a series that began years ago stays within the window it is shown for. Null when
 * nothing remains; a single booking on or after `from` is returned as it is.
 */
export function scheduleFrom<S extends Schedule>(schedule: S, from: IsoDate): S | null {
  const first = nextOccurrence(schedule, from);
  if (first === null) return null;
  if (first === schedule.date) return schedule;
  return { ...schedule, date: first, deleted_dates: schedule.deleted_dates.filter((day) => day > first) };
}

/** Whether the reservation takes place on any day from `from` to `to`, both inclusive. */
export function occursBetween(schedule: Schedule, from: IsoDate, to: IsoDate): boolean {
  const next = nextOccurrence(schedule, from);
  return next !== null && next <= to;
}

/** Every occurrence from `from` to `to`, both inclusive, in order. */
export function occurrencesBetween(schedule: Schedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const next = nextOccurrenceFinder(schedule);
  const days: IsoDate[] = [];
  for (let day = next(from); day !== null && day <= to; day = next(addDays(day, 1))) days.push(day);
  return days;
}

/**
 * An own reservation counts as upcoming if it is recurring or its date is today or
 * later. Taken literally (an ended series still counts) so that the grid's alert and the API agree.
 */
export function countsTowardLimit(
  reservation: Pick<Reservation, 'date' | 'recurring'>,
  today: IsoDate,
): boolean {
  return reservation.recurring || reservation.date >= today;
}
