/**
 * The check-in decider (docs/check-in.md): a member checks in for one date of a booking, and the
 * system releases a date nobody checked in for. Both run on the reservation's own stream, so the
 * club's lock orders them with every other change of the booking: a date is released once, and
 * never after someone checked in.
 */
import { clubNow } from '../club-time';
import { accept, reject, type Actor, type Decision } from '../decider';
import { involves } from '../players/who-plays';
import type {
  CheckedIn,
  NoShowForgiven,
  ReservationEvent,
  ReservationReleased,
} from '../reservations/events';
import {
  activeReservation,
  evolveReservation,
  initialReservationState,
  type ReservationState,
} from '../reservations/state';
import * as reservationTexts from '../reservations/texts';
import { occursOn } from '../recurrence';
import type { CheckInSettings } from '../schemas';
import type { Club, IsoDate, Reservation } from '../types';
import { checkInTexts } from './texts';
import { checkInWindow, dateToCheckIn, hasEnded, isReleaseDue } from './window';

/** The booking, and the dates someone checked in for. */
export interface CheckInState {
  booking: ReservationState;
  checked_in: readonly IsoDate[];
}

export const initialCheckInState: CheckInState = { booking: initialReservationState, checked_in: [] };

export function evolveCheckIn(state: CheckInState, event: ReservationEvent): CheckInState {
  const booking = evolveReservation(state.booking, event);
  const { checked_in } = state;
  if (event.type !== 'CheckedIn' || checked_in.includes(event.data.date)) return { booking, checked_in };
  return { booking, checked_in: [...checked_in, event.data.date] };
}

/** The club and its check-in setting: what both commands read besides the stream. */
export interface CheckInContext {
  club: Club;
  settings: CheckInSettings;
}

/** `actor` checks in: in the app themselves, at the clubhouse screen the owner of the PIN. */
export interface CheckIn {
  type: 'CheckIn';
  reservation_id: string;
  actor: Actor;
  /** The instant it is asked: the window is minutes, not hours. */
  at: Date;
}

/** The system frees one date nobody checked in for, and records a no-show under `no_show_id`. */
export interface ReleaseOccurrence {
  type: 'ReleaseOccurrence';
  reservation_id: string;
  date: IsoDate;
  no_show_id: string;
  actor: Actor;
  at: Date;
}

/** The booking of the club the command names, or null. */
function clubBooking(state: CheckInState, club: Club): Reservation | null {
  const reservation = activeReservation(state.booking);
  return reservation && reservation.club_id === club._id ? reservation : null;
}

/**
 * Bookings the club labels (training, a match) are the club's own, not a member's: nobody is held
 * to check in for them.
 */
export const isReleasable = (reservation: Pick<Reservation, 'label'>): boolean => !reservation.label;

export function checkIn(
  command: CheckIn,
  state: CheckInState,
  { club, settings }: CheckInContext,
): Decision<ReservationEvent> {
  const reservation = clubBooking(state, club);
  if (reservation === null) return reject('not_found', reservationTexts.reservationNotFound);
  if (!settings.required) return reject('invalid', checkInTexts.notRequired);
  const { user_id } = command.actor;
  if (!involves(reservation, user_id)) return reject('forbidden', checkInTexts.notYours);
  const today = clubNow(club.time_zone, command.at).date;
  const date = dateToCheckIn(reservation, club.time_zone, today, settings, command.at);
  if (date === null) return reject('invalid', checkInTexts.outsideWindow(settings));
  // A second "Ich bin da" for the same hour (the co-player too) changes nothing.
  if (state.checked_in.includes(date)) return accept();
  const event: CheckedIn = { type: 'CheckedIn', reservation_id: reservation._id, data: { date, user_id } };
  return accept(event);
}

/** A release reads besides when the booking was made: one made once check-in had opened is kept. */
export interface ReleaseContext extends CheckInContext {
  booked_at: Date;
}

export function releaseOccurrence(
  command: ReleaseOccurrence,
  state: CheckInState,
  { club, settings, booked_at }: ReleaseContext,
): Decision<ReservationEvent> {
  const reservation = clubBooking(state, club);
  if (reservation === null) return reject('not_found', reservationTexts.reservationNotFound);
  if (!settings.required) return reject('invalid', checkInTexts.notRequired);
  if (!isReleasable(reservation)) return reject('invalid', checkInTexts.labelled);
  if (!occursOn(reservation, command.date)) return reject('not_found', checkInTexts.notOnThatDay);
  if (state.checked_in.includes(command.date)) return reject('conflict', checkInTexts.alreadyCheckedIn);
  // Booked on the spot, a freed hour say: whoever books it then is there.
  const { opens } = checkInWindow(club.time_zone, command.date, reservation.start_time, settings);
  if (booked_at >= opens) return reject('conflict', checkInTexts.bookedOnTheSpot);
  if (!isReleaseDue(club.time_zone, command.date, reservation.start_time, settings, command.at)) {
    return reject('invalid', checkInTexts.notDue);
  }
  if (hasEnded(club.time_zone, command.date, reservation.end_time, command.at)) {
    return reject('past', checkInTexts.over);
  }
  const event: ReservationReleased = {
    type: 'ReservationReleased',
    reservation_id: reservation._id,
    data: { date: command.date, no_show_id: command.no_show_id },
  };
  return accept(event);
}

/** An admin forgives one no-show: it no longer counts, and its row goes. */
export interface ForgiveNoShow {
  type: 'ForgiveNoShow';
  no_show_id: string;
  /** The released booking, whose stream records the forgiving. */
  reservation_id: string;
  actor: Actor;
}

/** `known`: the club still keeps that no-show (it may have been forgiven or have expired). */
export function forgiveNoShow(command: ForgiveNoShow, known: boolean): Decision<ReservationEvent> {
  if (command.actor.role !== 'admin' || !known) return reject('not_found', checkInTexts.noShowNotFound);
  const event: NoShowForgiven = {
    type: 'NoShowForgiven',
    reservation_id: command.reservation_id,
    data: { no_show_id: command.no_show_id },
  };
  return accept(event);
}
