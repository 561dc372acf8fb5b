/**
 * Deleting a reservation or part of a series.
 * A series that would be left without any occurrence is cancelled outright, so no empty recurring
 * row lingers in the read model and keeps counting toward its owner's limit.
 */
import { addDays, isIsoDate, type LocalMoment } from '../dates';
import type { Club, DeleteType, IsoDate, Reservation } from '../types';
import { accept, reject, type Actor, type Decision } from './decision';
import { nextOccurrence, occursOn } from './recurrence';
import { activeReservation, type ReservationState } from './state';
import { reservationTexts } from './texts';

export interface DeleteReservation {
  type: 'DeleteReservation';
  reservation_id: string;
  actor: Actor;
  /** The occurrence the user picked; ignored when the whole reservation goes. */
  date: IsoDate;
  delete_type: DeleteType;
}

export interface DeleteReservationContext {
  club: Club;
}

/** Unlike making (where the current hour may still be booked), an hour that has begun is not upcoming. */
export function hasBegun(date: IsoDate, hour: number, now: LocalMoment): boolean {
  return date < now.date || (date === now.date && hour <= now.hour);
}

function cancelAll(command: DeleteReservation, deleteType: DeleteType): Decision {
  return accept({
    type: 'ReservationCancelled',
    reservation_id: command.reservation_id,
    data: { delete_type: deleteType },
  });
}

function isFirstRemaining(reservation: Reservation, date: IsoDate): boolean {
  return nextOccurrence(reservation, reservation.date) === date;
}

function isOnlyRemaining(reservation: Reservation, date: IsoDate): boolean {
  return isFirstRemaining(reservation, date) && nextOccurrence(reservation, addDays(date, 1)) === null;
}

/** A player may only take back what has not begun yet; admins may tidy up the past as well. */
function isTooLateFor(
  actor: Actor,
  date: IsoDate | null,
  reservation: Reservation,
  now: LocalMoment,
): boolean {
  return actor.role !== 'admin' && date !== null && hasBegun(date, reservation.start_time, now);
}

/** Judged by the first remaining occurrence: a player must not erase weeks that already took place. */
function deleteWhole(command: DeleteReservation, reservation: Reservation, now: LocalMoment): Decision {
  const first = nextOccurrence(reservation, reservation.date);
  if (isTooLateFor(command.actor, first, reservation, now)) {
    return reject('past', reservationTexts.alreadyBegun);
  }
  // A single reservation is always deleted as a whole, whatever the client chose.
  return cancelAll(command, reservation.recurring ? command.delete_type : 'all');
}

function deleteFrom(command: DeleteReservation, reservation: Reservation, now: LocalMoment): Decision {
  const { date } = command;
  if (!isIsoDate(date)) return reject('invalid', reservationTexts.invalidDate);
  if (!occursOn(reservation, date)) return reject('invalid', reservationTexts.notAnOccurrence(date));
  if (isTooLateFor(command.actor, date, reservation, now)) {
    return reject('past', reservationTexts.alreadyBegun);
  }
  const { reservation_id } = command;
  if (command.delete_type === 'once') {
    if (isOnlyRemaining(reservation, date)) return cancelAll(command, 'once');
    return accept({ type: 'OccurrenceCancelled', reservation_id, data: { date } });
  }
  if (isFirstRemaining(reservation, date)) return cancelAll(command, 'once_and_future');
  return accept({ type: 'SeriesEnded', reservation_id, data: { end_date: date } });
}

export function deleteReservation(
  command: DeleteReservation,
  state: ReservationState,
  { club }: DeleteReservationContext,
  now: LocalMoment,
): Decision {
  const reservation = activeReservation(state);
  // Another club's reservation is reported as missing: its existence is none of this club's business.
  if (
    reservation === null ||
    reservation._id !== command.reservation_id ||
    reservation.club_id !== club._id
  ) {
    return reject('not_found', reservationTexts.reservationNotFound);
  }
  if (command.actor.role !== 'admin' && reservation.user_id !== command.actor.user_id) {
    return reject('forbidden', reservationTexts.notOwnReservation);
  }
  if (!reservation.recurring || command.delete_type === 'all') return deleteWhole(command, reservation, now);
  return deleteFrom(command, reservation, now);
}
