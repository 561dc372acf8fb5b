/**
 * A named member takes themselves off a booking (`DELETE /api/reservations/:id/players/me`): only
 * from a booking that names them, and only before it begins.
 */
import type { LocalMoment } from '../dates';
import { accept, reject, type Actor, type Decision } from '../decider';
import { hasBegun } from '../reservations/delete-reservation';
import type { ReservationEvent } from '../reservations/events';
import { activeReservation, type ReservationState } from '../reservations/state';
import * as reservationTexts from '../reservations/texts';
import type { Club } from '../types';
import { involves } from './rules';
import * as playerTexts from './texts';

export interface LeaveAsCoPlayer {
  type: 'LeaveAsCoPlayer';
  reservation_id: string;
  actor: Actor;
}

export interface LeaveAsCoPlayerContext {
  club: Club;
}

export function leaveAsCoPlayer(
  command: LeaveAsCoPlayer,
  state: ReservationState,
  { club }: LeaveAsCoPlayerContext,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const reservation = activeReservation(state);
  const { user_id } = command.actor;
  const named = reservation !== null && reservation.user_id !== user_id && involves(reservation, user_id);
  if (reservation === null || reservation.club_id !== club._id || !named) {
    return reject('not_found', playerTexts.notNamed);
  }
  if (!reservation.recurring && hasBegun(reservation.date, reservation.start_time, now)) {
    return reject('past', reservationTexts.changeAlreadyBegun);
  }
  return accept({ type: 'CoPlayerLeft', reservation_id: reservation._id, data: { user_id } });
}
