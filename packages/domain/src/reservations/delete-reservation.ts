/**
 * Deleting a reservation or part of a series.
 * A series that would be left without any occurrence is cancelled outright, so no empty recurring
 * row lingers in the read model and keeps counting toward its owner's limit.
 */
import { cancelDeadline, formatWallClockDe, mayStillCancel } from '../club-time';
import { addDays, isIsoDate, type LocalMoment } from '../dates';
import type { Club, DeleteType, IsoDate, Reservation } from '../types';
import { accept, reject, type Actor, type Decision, type Refusal } from '../decider';
import type { ReservationEvent } from './events';
import { nextOccurrence, occursOn } from '../recurrence';
import { activeReservation, type ReservationState } from './state';
import * as reservationTexts from './texts';

export interface DeleteReservation {
  type: 'DeleteReservation';
  reservation_id: string;
  actor: Actor;
  /** The occurrence the user picked; ignored when the whole reservation goes. */
  date: IsoDate;
  delete_type: DeleteType;
  /**
   * The actor's child whose booking it is (docs/who-plays.md, "Families"): a parent cancels it as
   * their own. The API has checked that the child is the actor's.
   */
  on_behalf_of?: string;
}

export interface DeleteReservationContext {
  club: Club;
}

/** Unlike making (where the current hour may still be booked), an hour that has begun is not upcoming. */
export function hasBegun(date: IsoDate, hour: number, now: LocalMoment): boolean {
  return date < now.date || (date === now.date && hour <= now.hour);
}

function cancelAll(command: DeleteReservation, deleteType: DeleteType): Decision<ReservationEvent> {
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

/**
 * Why a player may no longer take back (or move) the occurrence on `date`: it has begun, or the
 * club's cancellation deadline before it has passed. Admins may tidy up the past as well.
 */
export function tooLateError(
  actor: Actor,
  date: IsoDate | null,
  reservation: Reservation,
  club: Club,
  now: LocalMoment,
  begun: string = reservationTexts.alreadyBegun,
): Refusal | null {
  if (actor.role === 'admin' || date === null) return null;
  if (hasBegun(date, reservation.start_time, now)) return { kind: 'past', message: begun };
  if (mayStillCancel(club, date, reservation.start_time, now)) return null;
  const deadline = formatWallClockDe(cancelDeadline(club, date, reservation.start_time));
  return {
    kind: 'forbidden',
    message: reservationTexts.pastCancelDeadline(club.cancel_deadline_hours, deadline),
  };
}

const refused = (error: Refusal): Decision<ReservationEvent> => reject(error.kind, error.message);

/** Judged by the first remaining occurrence: a player must not erase weeks that already took place. */
function deleteWhole(
  command: DeleteReservation,
  reservation: Reservation,
  club: Club,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const first = nextOccurrence(reservation, reservation.date);
  const late = tooLateError(command.actor, first, reservation, club, now);
  if (late) return refused(late);
  // A single reservation is always deleted as a whole, whatever the client chose.
  return cancelAll(command, reservation.recurring ? command.delete_type : 'all');
}

function deleteFrom(
  command: DeleteReservation,
  reservation: Reservation,
  club: Club,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const { date } = command;
  if (!isIsoDate(date)) return reject('invalid', reservationTexts.invalidDate);
  if (!occursOn(reservation, date)) return reject('invalid', reservationTexts.notAnOccurrence(date));
  const late = tooLateError(command.actor, date, reservation, club, now);
  if (late) return refused(late);
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
): Decision<ReservationEvent> {
  const reservation = activeReservation(state);
  // Another club's reservation is reported as missing: its existence is none of this club's business.
  if (
    reservation === null ||
    reservation._id !== command.reservation_id ||
    reservation.club_id !== club._id
  ) {
    return reject('not_found', reservationTexts.reservationNotFound);
  }
  const holder = command.on_behalf_of ?? command.actor.user_id;
  if (command.actor.role !== 'admin' && reservation.user_id !== holder) {
    return reject('forbidden', reservationTexts.notOwnReservation);
  }
  if (!reservation.recurring || command.delete_type === 'all') {
    return deleteWhole(command, reservation, club, now);
  }
  return deleteFrom(command, reservation, club, now);
}
