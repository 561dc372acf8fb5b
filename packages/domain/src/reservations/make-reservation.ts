/**
 * Making a reservation. The client already hides what a player
 * may not do; the server refuses it anyway, because requests need not come from our client.
 */
import { isBeyondHorizon, lastDayWithinHorizon } from '../club-time';
import { formatDateDe, isIsoDate, isPastSlot, type LocalMoment } from '../dates';
import { isCourtNumber } from '../shapes';
import * as texts from '../texts';
import type { Club, IsoDate, Reservation } from '../types';
import { blockInTheWay, type Block } from '../blocks/blocks';
import { findConflict, type Booking } from './conflicts';
import { accept, reject, type Actor, type Decision, type Refusal } from '../decider';
import type { ReservationEvent, ReservationMade } from './events';
import { replay } from './evolve';
import {
  maxPlayerHours,
  playerRefs,
  playersError,
  playersListError,
  upcomingCount,
  type CoPlayer,
  type PlayContext,
  type PlayRequest,
  type RequestedPlayer,
} from '../players/rules';
import * as playerTexts from '../players/texts';
import type { PlayRules } from '../schemas';
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
}

export interface MakeReservationContext {
  club: Club;
  /** The club's current reservations (read model). */
  existing: readonly Reservation[];
  /**
   * Court blocks that still hold (read model). Required: a caller that forgot them would let a
   * booking into a closed court.
   */
  blocks: readonly Block[];
  /** The club's play rules and the members bookings name. Required like the blocks. */
  play: PlayContext;
}

/**
 * The context with bookings just decided added: bookings decided together (the courts of one
 * group, or a batch under one lock) see the ones accepted before them, exactly as if those had
 * been committed first. The events make new bookings, so they are added, never merged.
 */
export function contextAfter(
  context: MakeReservationContext,
  events: readonly ReservationEvent[],
): MakeReservationContext {
  return { ...context, existing: [...context.existing, ...replay(events).values()] };
}

export const MAX_DURATION_HOURS = 10;
export const LABEL_MAX_LENGTH = 40;

/** What every rule about a booking looks at: who asks, and the slot they ask for. */
export type BookingRequest = Pick<
  MakeReservation,
  'actor' | 'court_num' | 'start_time' | 'end_time' | 'date' | 'label' | 'recurring'
> & {
  /** The co-players asked for, or those a changed booking keeps. */
  players: readonly CoPlayer[];
  /** Whose booking it is when not the actor's (an admin changing a member's booking). */
  booker?: string;
};

type Check = (command: BookingRequest, context: MakeReservationContext, now: LocalMoment) => Refusal | null;

/** Canonical digits only: "01" and "1" would otherwise be two courts to the conflict check. */

const checkCourt: Check = (command, { club }) =>
  isCourtNumber(command.court_num) && Number(command.court_num) <= club.courts_count
    ? null
    : { kind: 'invalid', message: reservationTexts.unknownCourt(club.courts_count) };

function isWithinOpeningHours(start: number, end: number, club: Club): boolean {
  const wholeHours = Number.isInteger(start) && Number.isInteger(end);
  return wholeHours && start >= club.start_hour && end <= club.end_hour && start < end;
}

const checkHours: Check = (command, { club }) =>
  isWithinOpeningHours(command.start_time, command.end_time, club)
    ? null
    : { kind: 'invalid', message: reservationTexts.outsideOpeningHours(club.start_hour, club.end_hour) };

const checkDate: Check = ({ date }) =>
  isIsoDate(date) ? null : { kind: 'invalid', message: reservationTexts.invalidDate };

/** Without a limit of the club's own, nobody books further ahead than this (a typo like 9999 included). */
export const MAX_YEARS_AHEAD = 2;

/** The last day that may be booked: the same calendar day `MAX_YEARS_AHEAD` years after today. */
export function lastBookableDay(today: IsoDate): IsoDate {
  return `${Number(today.slice(0, 4)) + MAX_YEARS_AHEAD}${today.slice(4)}`;
}

const checkNotTooFarAhead: Check = ({ date }, _context, now) => {
  const last = lastBookableDay(now.date);
  return date <= last ? null : { kind: 'invalid', message: reservationTexts.tooFarAhead(formatDateDe(last)) };
};

/** The club's booking horizon binds players; admins plan the season ahead. */
const checkWithinHorizon: Check = ({ actor, date }, { club }, now) => {
  if (actor.role === 'admin' || !isBeyondHorizon(club, date, now)) return null;
  const last = lastDayWithinHorizon(club, now.date)!;
  return {
    kind: 'forbidden',
    message: reservationTexts.beyondHorizon(club.booking_horizon_days!, formatDateDe(last)),
  };
};

/** Blank means no label; the stored label is the trimmed one. */
export function normalizeLabel(label: string | null | undefined): string | undefined {
  const trimmed = label?.trim();
  return trimmed ? trimmed : undefined;
}

function playerError(command: BookingRequest, { play }: MakeReservationContext): Refusal | null {
  if (command.recurring) return { kind: 'forbidden', message: reservationTexts.playerNoRecurrence };
  if (normalizeLabel(command.label) !== undefined) {
    return { kind: 'forbidden', message: reservationTexts.playerNoLabel };
  }
  const hours = command.end_time - command.start_time;
  if (hours !== 1 && hours > maxPlayerHours(command.players, play.rules)) {
    // A club whose doubles may last longer says so; every other keeps the one-hour sentence.
    const doubles = play.rules.co_players !== 'off' && play.rules.doubles_hours > 1;
    const message = doubles
      ? playerTexts.tooLong(play.rules.doubles_hours)
      : reservationTexts.playerOneHourOnly;
    return { kind: 'forbidden', message };
  }
  return null;
}

function adminError(command: BookingRequest): Refusal | null {
  if (command.end_time - command.start_time > MAX_DURATION_HOURS) {
    return { kind: 'invalid', message: reservationTexts.invalidDuration };
  }
  // Counted in code points, as PostgreSQL counts varchar length.
  if ([...(normalizeLabel(command.label) ?? '')].length > LABEL_MAX_LENGTH) {
    return { kind: 'invalid', message: reservationTexts.labelTooLong(LABEL_MAX_LENGTH) };
  }
  return null;
}

const checkRole: Check = (command, context) =>
  command.actor.role === 'admin' ? adminError(command) : playerError(command, context);

/** The people a booking concerns: the request's co-players, and whose booking it is. */
export function playRequestOf(request: BookingRequest, club: Club): PlayRequest {
  const { actor, players, court_num, date, start_time, end_time, recurring } = request;
  return {
    actor,
    booker: request.booker ?? actor.user_id,
    players,
    slot: { club_id: club._id, court_num, date, start_time, end_time, recurring },
  };
}

const checkPlayers: Check = (command, context) =>
  playersListError(playRequestOf(command, context.club), context);

/** Admins too: the past-slot alert applies to them as well. */
const checkNotPast: Check = (command, _context, now) =>
  isPastSlot(command.date, command.start_time, now) ? { kind: 'past', message: texts.pastReservation } : null;

const checkLimit: Check = ({ actor, booker }, { club, existing, play }, now) => {
  if (actor.role === 'admin') return null;
  // A missing limit counts as 0. Where the club counts co-players, bookings naming them count too.
  const limit = club.reservations_limit ?? 0;
  const own = existing.filter((r) => r.club_id === club._id);
  const upcoming = upcomingCount(own, booker ?? actor.user_id, play.rules, now.date);
  return upcoming >= limit ? { kind: 'limit', message: texts.limitReached(limit) } : null;
};

/** In this order: a malformed request is answered as such before any rule about who may do what. */
const checks: readonly Check[] = [
  checkCourt,
  checkHours,
  checkDate,
  checkRole,
  checkPlayers,
  checkNotPast,
  checkNotTooFarAhead,
  checkWithinHorizon,
  checkLimit,
];

/**
 * The first rule a booking breaks — court, hours, date, role, past, too far ahead, beyond the club's
 * horizon, limit — or null.
 * Making and changing a booking answer to the same rules; a change passes `existing` without the
 * booking it changes, so that it does not count against its own limit.
 */
export function bookingError(
  request: BookingRequest,
  context: MakeReservationContext,
  now: LocalMoment,
): Refusal | null {
  for (const check of checks) {
    const error = check(request, context, now);
    if (error) return error;
  }
  return null;
}

/**
 * What a booking's people would run into (../players/rules): a game elsewhere at the same time,
 * a named member's full limit, a quota used up.
 */
export function peopleError(
  request: BookingRequest,
  context: MakeReservationContext,
  now: LocalMoment,
): Refusal | null {
  return playersError(playRequestOf(request, context.club), context, now);
}

/**
 * What a booking would run into — another booking or a court block — as the German refusal, or
 * null.
 */
export function conflictError(
  candidate: Booking,
  existing: readonly Reservation[],
  today: IsoDate,
  blocks: readonly Block[],
): Refusal | null {
  const conflict = findConflict(candidate, existing, today);
  if (conflict) {
    const message = reservationTexts.conflict(candidate.court_num, conflict.date, conflict.hour);
    return { kind: 'conflict', message };
  }
  const blocked = blockInTheWay(candidate, blocks, today);
  return blocked ? { kind: 'conflict', message: blocked } : null;
}

function reservationMade(command: MakeReservation, club: Club, rules: PlayRules): ReservationMade {
  const label = normalizeLabel(command.label);
  const players = playerRefs(command.players, rules);
  return {
    type: 'ReservationMade',
    reservation_id: command.reservation_id,
    data: {
      club_id: club._id,
      user_id: command.actor.user_id,
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

export function makeReservation(
  command: MakeReservation,
  state: ReservationState,
  context: MakeReservationContext,
  now: LocalMoment,
): Decision<ReservationEvent> {
  // The caller picks a fresh id; a stream that already exists cannot be made again.
  if (state.status !== 'none') return reject('invalid', reservationTexts.reservationExists);
  const error = bookingError(command, context, now);
  if (error) return { ok: false, error };
  const event = reservationMade(command, context.club, context.play.rules);
  const conflict =
    conflictError({ ...event.data, deleted_dates: [] }, context.existing, now.date, context.blocks) ??
    peopleError(command, context, now);
  return conflict ? { ok: false, error: conflict } : accept(event);
}
