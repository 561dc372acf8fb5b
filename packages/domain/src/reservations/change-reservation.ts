/**
 * Changing a booking: another court, day or hours (docs/architecture.md, "Where each rule lives").
 * A changed booking answers to the same rules as a new one (./make-reservation), checked against
 * the club's other bookings as they would be without it. Nothing that has begun is rewritten: a
 * series is split where the change starts, so its past stays as it was.
 *
 * - a single booking: `ReservationChanged`.
 * - a series, `once`: the occurrence is cancelled and a single booking made in its place.
 * - a series, `once_and_future`: the series ends before the occurrence, a new series starts.
 * - a series, `all`: every occurrence moves by the same days and hours as the chosen one; in place
 *   while none has begun, else split at the first one still to come.
 */
import { firstRefusal, type AskedBooking } from '../booking-rules/rule';
import { addDays, daysBetween, type LocalMoment } from '../dates';
import type { IsoDate, Reservation } from '../types';
import { accept, reject, type Decision, type Refusal } from '../decider';
import { hasBegun, tooLateError } from './delete-reservation';
import type { ReservationEvent } from './events';
import { evolve } from './evolve';
import type { BookingFacts, MakeReservation, MakeReservationContext } from './make-reservation';
import { normalizeLabel } from './labels';
import { nextOccurrence, occursOn } from '../recurrence';
import { activeReservation, type ReservationState } from './state';
import * as reservationTexts from './texts';
import { playerRefs, type CoPlayer, type RequestedPlayer } from '../players/who-plays';
import * as playerTexts from '../players/texts';
import { fullName } from '../names';
import type { PlayRules } from '../schemas';
import type { PlayerRef } from './events';

export type ChangeScope = 'once' | 'once_and_future' | 'all';

/** The new slot as a booking asks for it; `date` is the new day of the chosen occurrence of a series. */
export interface ChangeReservation extends Pick<
  MakeReservation,
  'actor' | 'court_num' | 'start_time' | 'end_time' | 'date' | 'label'
> {
  type: 'ChangeReservation';
  reservation_id: string;
  /** A fresh id for the booking split off a series (unused for a single booking). */
  new_reservation_id: string;
  /** Series only: which occurrences change, starting at `occurrence_date`. */
  scope?: ChangeScope;
  occurrence_date?: IsoDate;
  /** The co-players from now on; absent: unchanged (docs/who-plays.md). */
  players?: readonly RequestedPlayer[];
}

/** As for a new booking: the club and its bookings that may be in the way or count to the limit. */
export type ChangeReservationContext<Context extends BookingFacts> = MakeReservationContext<Context>;

type Slot = Pick<ChangeReservation, 'court_num' | 'start_time' | 'end_time' | 'date' | 'label'>;

function slotData(slot: Slot) {
  const label = normalizeLabel(slot.label);
  return {
    court_num: slot.court_num,
    start_time: slot.start_time,
    end_time: slot.end_time,
    date: slot.date,
    ...(label === undefined ? {} : { label }),
  };
}

/** The co-players a change records: those asked for, absent when the request leaves them as they are. */
function playersData(command: ChangeReservation, rules: PlayRules): { players?: PlayerRef[] } {
  return command.players === undefined ? {} : { players: playerRefs(command.players, rules) };
}

/** The co-players the rules judge: those asked for, else those the booking names. */
const playersAfter = (command: ChangeReservation, reservation: Reservation): readonly CoPlayer[] =>
  command.players ?? reservation.co_players ?? [];

/**
 * A member the change names who took themselves off this booking: only they may come back
 * (./rejoin-as-co-player), never be named again by the booker or an admin (docs/who-plays.md).
 */
function namedAfterLeaving(
  players: readonly RequestedPlayer[] | undefined,
  left: readonly string[],
): string | undefined {
  return (players ?? []).flatMap((p) => ('user_id' in p ? [p.user_id] : [])).find((id) => left.includes(id));
}

/** The club's other bookings as they would be once `events` happened to `reservation`. */
function othersAfter(
  existing: readonly Reservation[],
  reservation: Reservation,
  events: readonly ReservationEvent[],
) {
  const others = existing.filter((r) => r._id !== reservation._id);
  const remaining = events.reduce<Reservation | null>(evolve, reservation);
  return remaining ? [...others, remaining] : others;
}

/**
 * The context's booking rules for the booking as the change leaves it, against
 * the club's other bookings as they would be without it.
 */
function refusal<Context extends BookingFacts>(
  booking: AskedBooking,
  context: ChangeReservationContext<Context>,
  others: readonly Reservation[],
  now: LocalMoment,
): Refusal | null {
  return firstRefusal(booking, { ...context, existing: others }, now);
}

function changeSingle<Context extends BookingFacts>(
  command: ChangeReservation,
  reservation: Reservation,
  context: ChangeReservationContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  if (hasBegun(reservation.date, reservation.start_time, now)) {
    return reject('past', reservationTexts.changeAlreadyBegun);
  }
  // Moving a booking gives its slot back as cancelling does, so the club's deadline binds it too.
  const late = tooLateError(command.actor, reservation.date, reservation, context.club, now);
  if (late) return { ok: false, error: late };
  const event: ReservationEvent = {
    type: 'ReservationChanged',
    reservation_id: reservation._id,
    data: { ...slotData(command), ...playersData(command, context.play.rules) },
  };
  const changed = evolve(reservation, event)!;
  const others = context.existing.filter((r) => r._id !== reservation._id);
  const booking = {
    ...changed,
    actor: command.actor,
    label: command.label,
    players: playersAfter(command, reservation),
    booker: reservation.user_id,
  };
  const error = refusal(booking, context, others, now);
  return error ? { ok: false, error } : accept(event);
}

/** The series' part before `from` stays; everything from it on becomes `replacement`. */
function splitAt(series: Reservation, from: IsoDate): ReservationEvent {
  const first = nextOccurrence(series, series.date);
  return first === from
    ? { type: 'ReservationCancelled', reservation_id: series._id, data: { delete_type: 'once_and_future' } }
    : { type: 'SeriesEnded', reservation_id: series._id, data: { end_date: from } };
}

function madeFrom(
  command: ChangeReservation,
  series: Reservation,
  slot: Slot,
  recurring: boolean,
  movedFrom: IsoDate,
  rules: PlayRules,
): ReservationEvent {
  const players =
    command.players === undefined ? (series.co_players ?? []) : playerRefs(command.players, rules);
  return {
    type: 'ReservationMade',
    reservation_id: command.new_reservation_id,
    data: {
      club_id: series.club_id,
      user_id: series.user_id,
      ...slotData(slot),
      recurring,
      moved_from: { reservation_id: series._id, date: movedFrom },
      ...(players.length ? { players } : {}),
    },
  };
}

function seriesEvents(
  command: ChangeReservation,
  series: Reservation,
  now: LocalMoment,
  rules: PlayRules,
): ReservationEvent[] {
  const occurrence = command.occurrence_date!;
  if (command.scope === 'once') {
    const only =
      nextOccurrence(series, series.date) === occurrence && !nextOccurrence(series, addDays(occurrence, 1));
    const cancel: ReservationEvent = only
      ? { type: 'ReservationCancelled', reservation_id: series._id, data: { delete_type: 'once' } }
      : { type: 'OccurrenceCancelled', reservation_id: series._id, data: { date: occurrence } };
    return [cancel, madeFrom(command, series, command, false, occurrence, rules)];
  }
  if (command.scope === 'once_and_future') {
    return [splitAt(series, occurrence), madeFrom(command, series, command, true, occurrence, rules)];
  }
  // `all`: every occurrence moves by as many days as the chosen one.
  const shift = daysBetween(occurrence, command.date);
  const first = nextOccurrence(series, series.date)!;
  if (!hasBegun(first, series.start_time, now)) {
    const data = {
      ...slotData({ ...command, date: addDays(series.date, shift) }),
      ...playersData(command, rules),
    };
    return [{ type: 'ReservationChanged', reservation_id: series._id, data }];
  }
  const from = upcomingOccurrence(series, now)!;
  return [
    splitAt(series, from),
    madeFrom(command, series, { ...command, date: addDays(from, shift) }, true, from, rules),
  ];
}

/** The first occurrence that has not begun. */
function upcomingOccurrence(series: Reservation, now: LocalMoment): IsoDate | null {
  let day = nextOccurrence(series, now.date);
  while (day !== null && hasBegun(day, series.start_time, now)) day = nextOccurrence(series, addDays(day, 1));
  return day;
}

function changeSeries<Context extends BookingFacts>(
  command: ChangeReservation,
  series: Reservation,
  context: ChangeReservationContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const { scope, occurrence_date: occurrence } = command;
  if (!scope || !occurrence) return reject('invalid', reservationTexts.changeScopeMissing);
  if (!occursOn(series, occurrence)) return reject('invalid', reservationTexts.notAnOccurrence(occurrence));
  if (hasBegun(occurrence, series.start_time, now))
    return reject('past', reservationTexts.changeAlreadyBegun);
  if (scope === 'all' && upcomingOccurrence(series, now) === null) {
    return reject('past', reservationTexts.changeAlreadyBegun);
  }
  const events = seriesEvents(command, series, now, context.play.rules);
  // The last event is what the change leads to: a booking split off, or the series changed in place.
  const result = events.at(-1)!;
  const splitOff = result.type === 'ReservationMade';
  const booked = evolve(splitOff ? null : series, result)!;
  const others = splitOff
    ? othersAfter(context.existing, series, events.slice(0, -1))
    : context.existing.filter((r) => r._id !== series._id);
  const booking = {
    ...booked,
    actor: command.actor,
    players: booked.co_players ?? [],
    booker: series.user_id,
  };
  const error = refusal(booking, context, others, now);
  return error ? { ok: false, error } : accept(...events);
}

export function changeReservation<Context extends BookingFacts>(
  command: ChangeReservation,
  state: ReservationState,
  context: ChangeReservationContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const reservation = activeReservation(state);
  // Another club's reservation is reported as missing: its existence is none of this club's business.
  if (reservation === null || reservation.club_id !== context.club._id) {
    return reject('not_found', reservationTexts.reservationNotFound);
  }
  if (command.actor.role !== 'admin') {
    if (reservation.user_id !== command.actor.user_id)
      return reject('forbidden', reservationTexts.notOwnToChange);
    if (reservation.recurring) return reject('forbidden', reservationTexts.playerNoSeriesChange);
  }
  const again = state.status === 'active' ? namedAfterLeaving(command.players, state.left) : undefined;
  if (again !== undefined) {
    return reject('forbidden', playerTexts.leftBooking(fullName(context.play.members.get(again))));
  }
  return reservation.recurring
    ? changeSeries(command, reservation, context, now)
    : changeSingle(command, reservation, context, now);
}
