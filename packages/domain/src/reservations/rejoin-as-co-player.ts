/**
 * A member who took themselves off a booking comes back to it (`PUT
 * /api/reservations/:id/players/me`): the one way back, since nobody else may name them there again
 * (docs/who-plays.md). Coming back names them as the booker would, so every booking rule about
 * people holds (the context's booking rules, ../booking-rules/rule): the list's shape, one court at a time, their limit and
 * the week's quotas.
 */
import type { LocalMoment } from '../dates';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { PlayerRef, ReservationEvent } from './events';
import { firstRefusal } from '../booking-rules/rule';
import type { BookingFacts, MakeReservationContext } from './make-reservation';
import { activeReservation, type ReservationState } from './state';
import { begunRefusal } from './leave-as-co-player';
import * as playerTexts from '../players/texts';
import { MAX_CO_PLAYERS } from '../players/players';

export interface RejoinAsCoPlayer {
  type: 'RejoinAsCoPlayer';
  reservation_id: string;
  actor: Actor;
}

/** As for a change: the club's bookings without this one, the blocks, the play rules and members. */
export type RejoinAsCoPlayerContext<Context extends BookingFacts> = MakeReservationContext<Context>;

export function rejoinAsCoPlayer<Context extends BookingFacts>(
  command: RejoinAsCoPlayer,
  state: ReservationState,
  context: RejoinAsCoPlayerContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const reservation = activeReservation(state);
  const { user_id } = command.actor;
  const hasLeft = state.status === 'active' && state.left.includes(user_id);
  if (reservation === null || reservation.club_id !== context.club._id || !hasLeft) {
    return reject('not_found', playerTexts.notLeft);
  }
  const begun = begunRefusal(reservation, now);
  if (begun) return begun;
  const before = reservation.co_players ?? [];
  if (before.length >= MAX_CO_PLAYERS) return reject('conflict', playerTexts.noRoomLeft);
  const players: PlayerRef[] = [...before, { user_id }];
  const booking = { ...reservation, actor: command.actor, booker: reservation.user_id, players };
  const others = { ...context, existing: context.existing.filter((r) => r._id !== reservation._id) };
  // Only the rules about people: the slot is the booker's, as it was booked.
  const error = firstRefusal(booking, others, now, 'people');
  if (error) return { ok: false, error };
  const { court_num, date, start_time, end_time, label } = reservation;
  return accept({
    type: 'ReservationChanged',
    reservation_id: reservation._id,
    data: { court_num, date, start_time, end_time, ...(label ? { label } : {}), players },
  });
}
