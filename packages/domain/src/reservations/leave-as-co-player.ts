/**
 * A named member takes themselves off a booking (`DELETE /api/reservations/:id/players/me`): only
 * from a booking that names them, and only before it begins. A player's doubles that loses a
 * player is no longer a doubles: it keeps only as many hours as the players left may book
 * (docs/who-plays.md).
 */
import type { LocalMoment } from '../dates';
import { accept, reject, type Actor, type Decision } from '../decider';
import { hasBegun } from './delete-reservation';
import type { CoPlayerLeft, ReservationEvent } from './events';
import { evolve } from './evolve';
import { activeReservation, type ReservationState } from './state';
import * as reservationTexts from './texts';
import type { PlayRules } from '../schemas';
import type { Club, Reservation, Role } from '../types';
import { involves, maxPlayerHours } from '../players/who-plays';
import * as playerTexts from '../players/texts';

export interface LeaveAsCoPlayer {
  type: 'LeaveAsCoPlayer';
  reservation_id: string;
  actor: Actor;
}

export interface LeaveAsCoPlayerContext {
  club: Club;
  /** The club's play rules: how long a booking of the players who stay may last. */
  rules: PlayRules;
  /** The booker's role: an admin's booking is held to no player's length, whoever leaves it. */
  bookerRole: Role;
}

/**
 * The booking shortened to what its remaining players may book, when a player's doubles of two
 * hours lost a player; null when it may stay as it is.
 */
function shortened(
  after: Reservation,
  { rules, bookerRole }: LeaveAsCoPlayerContext,
): ReservationEvent | null {
  const hours = after.end_time - after.start_time;
  const allowed = maxPlayerHours(after.co_players ?? [], rules);
  if (bookerRole === 'admin' || hours === 1 || hours <= allowed) return null;
  const { court_num, date, start_time } = after;
  return {
    type: 'ReservationChanged',
    reservation_id: after._id,
    data: { court_num, date, start_time, end_time: start_time + allowed },
  };
}

/**
 * A member's place on a booking changes only before it begins: a single booking that has begun is
 * refused, a series goes on and takes the change from its next date.
 */
export function begunRefusal(reservation: Reservation, now: LocalMoment): Decision<never> | null {
  const begun = !reservation.recurring && hasBegun(reservation.date, reservation.start_time, now);
  return begun ? reject('past', reservationTexts.changeAlreadyBegun) : null;
}

export function leaveAsCoPlayer(
  command: LeaveAsCoPlayer,
  state: ReservationState,
  context: LeaveAsCoPlayerContext,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const reservation = activeReservation(state);
  const { user_id } = command.actor;
  const named = reservation !== null && reservation.user_id !== user_id && involves(reservation, user_id);
  if (reservation === null || reservation.club_id !== context.club._id || !named) {
    return reject('not_found', playerTexts.notNamed);
  }
  const begun = begunRefusal(reservation, now);
  if (begun) return begun;
  const left: CoPlayerLeft = { type: 'CoPlayerLeft', reservation_id: reservation._id, data: { user_id } };
  const shorter = shortened(evolve(reservation, left)!, context);
  return shorter ? accept(left, shorter) : accept(left);
}
