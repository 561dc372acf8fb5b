/**
 * The logged-in user's own reservations: what /bookings lists and what the grid counts for the
 * limit alert. Loaded once per session for the window from today on; every
 * `{data}` answer of a change, wherever it was made, is folded in so both screens stay current.
 */
import { addDays, compareIso, type LocalMoment } from '@platzbuchung/domain/dates';
import { applyToReservations, type LiveChange } from '@platzbuchung/domain/live/changes';
import { countsTowardLimit, nextOccurrence, occursBetween } from '@platzbuchung/domain/recurrence';
import type { DeleteType, IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { DateWindow } from './reservations-api';
import { createSessionCache } from './session-cache';
import { isGuest, namesMember } from '@platzbuchung/domain/players/players';
import { upcomingCount as countedUpcoming } from '@platzbuchung/domain/players/who-plays';
import type { PlayRules } from '@platzbuchung/domain/schemas';

/** The user's bookings: those they made, and those that name them as a co-player. */
const isOwnOrNamed = (reservation: Reservation, userId: string): boolean =>
  reservation.user_id === userId || namesMember(reservation.players, userId);

export const ownReservations = (list: readonly Reservation[], userId: string): Reservation[] =>
  list.filter((r) => isOwnOrNamed(r, userId));

/** What the user just deleted, so a series that left the answered window is not mistaken for gone. */
export interface DeletedPart {
  reservation_id: string;
  date: IsoDate;
  delete_type: DeleteType;
}

/** The part of a series a delete leaves, or null when nothing remains (the API then cancels it). */
function remainderAfter(reservation: Reservation, change: DeletedPart): Reservation | null {
  if (!reservation.recurring || change.delete_type === 'all') return null;
  const rest: Reservation =
    change.delete_type === 'once'
      ? { ...reservation, deleted_dates: [...reservation.deleted_dates, change.date] }
      : { ...reservation, end_date: change.date };
  return nextOccurrence(rest, rest.date) === null ? null : rest;
}

/**
 * Folds an answer for `window` into the cached own reservations: the answer is the truth for the
 * reservations that take place in the window; what takes place only outside it is kept as cached.
 */
export function absorbAnswer(
  cached: readonly Reservation[],
  answer: readonly Reservation[],
  window: DateWindow,
  userId: string,
  change?: DeletedPart,
): Reservation[] {
  const answered = new Map(ownReservations(answer, userId).map((r) => [r._id, r]));
  const next: Reservation[] = [];
  for (const reservation of cached) {
    const fresh = answered.get(reservation._id);
    if (fresh) {
      next.push(fresh);
      answered.delete(reservation._id);
    } else if (!occursBetween(reservation, window.from, window.to)) {
      next.push(reservation);
    } else if (change?.reservation_id === reservation._id) {
      const rest = remainderAfter(reservation, change);
      if (rest) next.push(rest);
    }
    // Otherwise it no longer takes place in the window: someone deleted it.
  }
  return [...next, ...answered.values()];
}

/**
 * The cached own reservations after a change from the live stream: someone else (an admin, a court
 * block) may have changed or cancelled one of them, or booked for the user.
 */
export function applyLiveToOwn(
  own: readonly Reservation[],
  change: LiveChange,
  userId: string,
  window: DateWindow,
): Reservation[] {
  return applyToReservations(own, change, window, (reservation) => isOwnOrNamed(reservation, userId));
}

/**
 * A booking as the rules count it: a list answer names its players (`players`); the rules read
 * the members among them by id (`co_players`). Guests count for neither a limit nor a quota.
 */
export const asCounted = (reservation: Reservation): Reservation => ({
  ...reservation,
  co_players: (reservation.players ?? []).flatMap((player) =>
    isGuest(player) ? [] : [{ user_id: player.user_id }],
  ),
});

/**
 * The user's reservations still to come, as the limit rule counts them (domain who-plays): their
 * own, and where the club counts named co-players, those naming them. `play` null: the club's play
 * rules are not loaded (they come with the popups), so only the user's own are counted and the
 * API's answer says the rest.
 */
export function upcomingCount(
  own: readonly Reservation[],
  today: IsoDate,
  userId: string,
  play: PlayRules | null,
): number {
  if (play === null) return own.filter((r) => r.user_id === userId && countsTowardLimit(r, today)).length;
  return countedUpcoming(own.map(asCounted), userId, play, today);
}

export interface BookingEntry {
  reservation: Reservation;
  /** The occurrence shown and offered for deletion: the next one that has not begun. */
  date: IsoDate;
}

/**
 * The /bookings list: one entry per own reservation that still takes place, on its next
 * occurrence that has not begun (a single one that has begun today is still shown: it still
 * counts toward the limit). Sorted by day, hour and court.
 */
export function bookingEntries(own: readonly Reservation[], now: LocalMoment): BookingEntry[] {
  const entries: BookingEntry[] = [];
  for (const reservation of own) {
    let date = nextOccurrence(reservation, now.date);
    if (date === now.date && reservation.recurring && reservation.start_time <= now.hour) {
      date = nextOccurrence(reservation, addDays(now.date, 1)) ?? date;
    }
    if (date !== null) entries.push({ reservation, date });
  }
  return entries.sort(
    (a, b) =>
      compareIso(a.date, b.date) ||
      a.reservation.start_time - b.reservation.start_time ||
      Number(a.reservation.court_num) - Number(b.reservation.court_num),
  );
}

/** Keyed by club and user: the cache of the one logged-in user. */
export const myReservationsCache = createSessionCache<Reservation[]>('Eigene Reservierungen');

export const cacheKey = (clubId: string, userId: string) => `${clubId}:${userId}`;
