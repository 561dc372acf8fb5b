/**
 * Two reservations never occupy the same court and hour on the same date. A new
 * weekly series is checked against every future occurrence it would overlap, without enumerating days.
 */
import { weekdayOf } from './dates';
import type { IsoDate, Reservation } from './types';
import { nextOccurrenceFinder, type Schedule } from './recurrence';

/** What a conflict check needs to know about a reservation that may not exist yet. */
export type Booking = Pick<
  Reservation,
  'club_id' | 'court_num' | 'start_time' | 'end_time' | 'date' | 'recurring' | 'deleted_dates' | 'end_date'
> & { _id?: string };

export interface Conflict {
  /** The existing reservation that is in the way. */
  reservation: Reservation;
  date: IsoDate;
  /** The first hour both occupy on that date. */
  hour: number;
}

/**
 * The first day on or after `from` on which both take place. Leapfrogs: whichever is behind jumps to
 * its first occurrence on or after the other's. Each jump that does not meet skips a deleted date of
 * one of them (finitely many) or ends a series, so two open weekly series meet or part quickly.
 */
export function firstCommonOccurrence(a: Schedule, b: Schedule, from: IsoDate): IsoDate | null {
  // Two series on different weekdays never meet, and leapfrogging them would never stop.
  if (a.recurring && b.recurring && weekdayOf(a.date) !== weekdayOf(b.date)) return null;
  const nextA = nextOccurrenceFinder(a);
  const nextB = nextOccurrenceFinder(b);
  let dayA = nextA(from);
  let dayB = nextB(from);
  while (dayA !== null && dayB !== null && dayA !== dayB) {
    if (dayA < dayB) dayA = nextA(dayB);
    else dayB = nextB(dayA);
  }
  return dayA !== null && dayA === dayB ? dayA : null;
}

function sharesCourtAndHours(candidate: Booking, other: Reservation): boolean {
  return (
    other._id !== candidate._id &&
    other.club_id === candidate.club_id &&
    other.court_num === candidate.court_num &&
    other.start_time < candidate.end_time &&
    candidate.start_time < other.end_time
  );
}

function isEarlier(conflict: Conflict, than: Conflict | null): boolean {
  if (than === null) return true;
  return conflict.date < than.date || (conflict.date === than.date && conflict.hour < than.hour);
}

/** The earliest occurrence on or after `today` that `candidate` shares with any of `existing`. */
export function findConflict(
  candidate: Booking,
  existing: readonly Reservation[],
  today: IsoDate,
): Conflict | null {
  let earliest: Conflict | null = null;
  for (const other of existing) {
    if (!sharesCourtAndHours(candidate, other)) continue;
    const date = firstCommonOccurrence(candidate, other, today);
    if (date === null) continue;
    const conflict = { reservation: other, date, hour: Math.max(candidate.start_time, other.start_time) };
    if (isEarlier(conflict, earliest)) earliest = conflict;
  }
  return earliest;
}
