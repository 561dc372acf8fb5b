/**
 * Making a reservation: the booking is decided by the booking rules its context hands in
 * (../booking-rules/rule), as every change, group and series date is.
 */
import { firstRefusal, type Ruled } from '../booking-rules/rule';
import type { LocalMoment } from '../dates';
import { accept, reject, type Actor, type Decision } from '../decider';
import { playerRefs, type PlayContext, type RequestedPlayer } from '../players/who-plays';
import type { PlayRules } from '../schemas';
import type { Club, IsoDate, Reservation } from '../types';
import type { ReservationEvent, ReservationMade } from './events';
import { replay } from './evolve';
import { normalizeLabel } from './labels';
import type { ReservationState } from './state';
import * as reservationTexts from './texts';

export interface MakeReservation {
  type: 'MakeReservation';
  /** A new UUID chosen by the caller: the stream id and the read-model `_id`. */
  reservation_id: string;
  actor: Actor;
  court_num: string;
  start_time: number;
  end_time: number;
  date: IsoDate;
  label?: string | null;
  recurring: boolean;
  /** The co-players, without the booker (docs/who-plays.md); none: empty. */
  players: readonly RequestedPlayer[];
  /**
   * A child of the actor whom the booking is for (docs/who-plays.md, "Families"): the booking is in
   * the child's name and their rules apply. The API has checked that the child is the actor's.
   */
  on_behalf_of?: string;
}

/** What the booking deciders read themselves, beside what their rules read. */
export interface BookingFacts {
  club: Club;
  /** The club's bookings the new one may meet (read model). */
  existing: readonly Reservation[];
  play: PlayContext;
}

/**
 * What a booking is decided on: the rules (the API hands in ../booking-rules/pipeline's list) and
 * every part they read — the club, its current bookings, the court blocks that still hold, its
 * play rules and members. A caller that leaves one out does not compile: a forgotten block list
 * once let a booking into a closed court.
 */
export type MakeReservationContext<Context extends BookingFacts> = Ruled<Context>;

/**
 * The context with bookings just decided added: bookings decided together (the courts of one
 * group, or a batch under one lock) see the ones accepted before them, exactly as if those had
 * been committed first. The events make new bookings, so they are added, never merged.
 */
export function contextAfter<Context extends BookingFacts>(
  context: MakeReservationContext<Context>,
  events: readonly ReservationEvent[],
): MakeReservationContext<Context> {
  return { ...context, existing: [...context.existing, ...replay(events).values()] };
}

/** Whose booking it is: the child it is made for, else the one who makes it. */
const holderOf = (command: MakeReservation): string => command.on_behalf_of ?? command.actor.user_id;

function reservationMade(command: MakeReservation, club: Club, rules: PlayRules): ReservationMade {
  const label = normalizeLabel(command.label);
  const players = playerRefs(command.players, rules);
  return {
    type: 'ReservationMade',
    reservation_id: command.reservation_id,
    data: {
      club_id: club._id,
      user_id: holderOf(command),
      court_num: command.court_num,
      start_time: command.start_time,
      end_time: command.end_time,
      date: command.date,
      ...(label === undefined ? {} : { label }),
      recurring: command.recurring,
      ...(players.length ? { players } : {}),
    },
  };
}

export function makeReservation<Context extends BookingFacts>(
  command: MakeReservation,
  state: ReservationState,
  context: MakeReservationContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  // The caller picks a fresh id; a stream that already exists cannot be made again.
  if (state.status !== 'none') return reject('invalid', reservationTexts.reservationExists);
  const event = reservationMade(command, context.club, context.play.rules);
  const booking = {
    ...event.data,
    deleted_dates: [],
    // A child's booking is a member's, not the club's: an admin parent's is ruled as the child's.
    actor: command.on_behalf_of ? { user_id: command.on_behalf_of, role: 'player' as const } : command.actor,
    booker: holderOf(command),
    label: command.label,
    players: command.players,
  };
  const error = firstRefusal(booking, context, now);
  return error ? { ok: false, error } : accept(event);
}
