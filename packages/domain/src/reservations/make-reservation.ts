/**
 * Making a reservation: DESIGN section 3 and SPEC section 5. The client already hides what a player
 * may not do; the server refuses it anyway, because requests need not come from our client.
 */
import { isIsoDate, isPastSlot, type LocalMoment } from '../dates';
import { texts } from '../texts';
import type { Club, IsoDate, Reservation } from '../types';
import { findConflict } from './conflicts';
import { accept, type Actor, type Decision, type ReservationError } from './decision';
import type { ReservationMade } from './events';
import { countsTowardLimit } from './recurrence';
import { reservationTexts } from './texts';

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
}

export interface MakeReservationContext {
  club: Club;
  /** The club's current reservations (read model). */
  existing: readonly Reservation[];
}

export const MAX_DURATION_HOURS = 10;
export const LABEL_MAX_LENGTH = 40;

type Check = (
  command: MakeReservation,
  context: MakeReservationContext,
  now: LocalMoment,
) => ReservationError | null;

/** Canonical digits only: "01" and "1" would otherwise be two courts to the conflict check. */
const COURT_NUMBER = /^[1-9]\d*$/;

const checkCourt: Check = (command, { club }) =>
  COURT_NUMBER.test(command.court_num) && Number(command.court_num) <= club.courts_count
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

/** Blank means no label; the stored label is the trimmed one. */
export function normalizeLabel(label: string | null | undefined): string | undefined {
  const trimmed = label?.trim();
  return trimmed ? trimmed : undefined;
}

function playerError(command: MakeReservation): ReservationError | null {
  if (command.recurring) return { kind: 'forbidden', message: reservationTexts.playerNoRecurrence };
  if (normalizeLabel(command.label) !== undefined) {
    return { kind: 'forbidden', message: reservationTexts.playerNoLabel };
  }
  if (command.end_time - command.start_time !== 1) {
    return { kind: 'forbidden', message: reservationTexts.playerOneHourOnly };
  }
  return null;
}

function adminError(command: MakeReservation): ReservationError | null {
  if (command.end_time - command.start_time > MAX_DURATION_HOURS) {
    return { kind: 'invalid', message: reservationTexts.invalidDuration };
  }
  // Counted in code points, as PostgreSQL counts varchar length.
  if ([...(normalizeLabel(command.label) ?? '')].length > LABEL_MAX_LENGTH) {
    return { kind: 'invalid', message: reservationTexts.labelTooLong(LABEL_MAX_LENGTH) };
  }
  return null;
}

const checkRole: Check = (command) =>
  command.actor.role === 'admin' ? adminError(command) : playerError(command);

/** Admins too: SPEC section 5 says the past-slot alert applies to them. */
const checkNotPast: Check = (command, _context, now) =>
  isPastSlot(command.date, command.start_time, now) ? { kind: 'past', message: texts.pastReservation } : null;

const checkLimit: Check = ({ actor }, { club, existing }, now) => {
  if (actor.role === 'admin') return null;
  // SPEC section 5: a missing limit counts as 0.
  const limit = club.reservations_limit ?? 0;
  const upcoming = existing.filter(
    (r) => r.club_id === club._id && r.user_id === actor.user_id && countsTowardLimit(r, now.date),
  ).length;
  return upcoming >= limit ? { kind: 'limit', message: texts.limitReached(limit) } : null;
};

/** In this order: a malformed request is answered as such before any rule about who may do what. */
const checks: readonly Check[] = [checkCourt, checkHours, checkDate, checkRole, checkNotPast, checkLimit];

function reservationMade(command: MakeReservation, club: Club): ReservationMade {
  const label = normalizeLabel(command.label);
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
    },
  };
}

export function makeReservation(
  command: MakeReservation,
  context: MakeReservationContext,
  now: LocalMoment,
): Decision {
  for (const check of checks) {
    const error = check(command, context, now);
    if (error) return { ok: false, error };
  }
  const event = reservationMade(command, context.club);
  const conflict = findConflict({ ...event.data, deleted_dates: [] }, context.existing, now.date);
  if (conflict) {
    const message = reservationTexts.conflict(command.court_num, conflict.date, conflict.hour);
    return { ok: false, error: { kind: 'conflict', message } };
  }
  return accept(event);
}
