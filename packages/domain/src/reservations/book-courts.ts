/**
 * An admin books several courts at once — a training on courts 1 to 3 — as one booking per court,
 * linked by a `group_id`: all of them or none. A group is the club's own booking and names nobody:
 * nobody plays on all of its courts (docs/who-plays.md). Deleting or changing a group takes each booking the
 * same way (./delete-reservation, ./change-reservation), again all or none.
 */
import type { LocalMoment } from '../dates';
import type { Club, DeleteType, IsoDate, Reservation } from '../types';
import { accept, reject, type Actor, type Decision } from '../decider';
import { deleteReservation } from './delete-reservation';
import type { ReservationEvent } from './events';
import {
  contextAfter,
  makeReservation,
  type BookingFacts,
  type MakeReservation,
  type MakeReservationContext,
} from './make-reservation';
import {
  changeReservation,
  type ChangeReservation,
  type ChangeReservationContext,
} from './change-reservation';
import { evolve } from './evolve';
import { initialReservationState } from './state';
import * as reservationTexts from './texts';
import type { RequestedPlayer } from '../players/who-plays';

export interface BookCourts {
  type: 'BookCourts';
  group_id: string;
  /** One fresh id per court, in the order of `court_nums`. */
  reservation_ids: string[];
  court_nums: string[];
  actor: Actor;
  start_time: number;
  end_time: number;
  date: IsoDate;
  label?: string | null;
  recurring: boolean;
  /** Whom the request names: refused unless none, since nobody plays on every court of a group. */
  players: readonly RequestedPlayer[];
}

export function bookCourts<Context extends BookingFacts>(
  command: BookCourts,
  context: MakeReservationContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  if (command.actor.role !== 'admin') return reject('forbidden', reservationTexts.playerOneCourtOnly);
  const courts = new Set(command.court_nums);
  if (courts.size !== command.court_nums.length || courts.size < 1) {
    return reject('invalid', reservationTexts.courtsTwice);
  }
  if (command.players.length) return reject('invalid', reservationTexts.groupNamesNobody);
  const events: ReservationEvent[] = [];
  for (const [index, court_num] of command.court_nums.entries()) {
    const single: MakeReservation = {
      ...command,
      type: 'MakeReservation',
      reservation_id: command.reservation_ids[index]!,
      court_num,
    };
    // Each court against the club's bookings and the group's courts booked before it.
    const decision = makeReservation(single, initialReservationState, contextAfter(context, events), now);
    if (!decision.ok) return decision;
    for (const event of decision.events) {
      events.push(
        event.type === 'ReservationMade'
          ? { ...event, data: { ...event.data, group_id: command.group_id } }
          : event,
      );
    }
  }
  return accept(...events);
}

export interface DeleteGroup {
  type: 'DeleteGroup';
  /** The booking the admin chose; its whole group goes. */
  reservation_id: string;
  actor: Actor;
  date: IsoDate;
  delete_type: DeleteType;
}

export interface DeleteGroupContext {
  club: Club;
  /** The chosen booking's group: its live bookings (read model), the chosen one among them. */
  members: readonly Reservation[];
}

export function deleteGroup(
  command: DeleteGroup,
  { club, members }: DeleteGroupContext,
  now: LocalMoment,
): Decision<ReservationEvent> {
  if (!members.some((m) => m._id === command.reservation_id)) {
    return reject('not_found', reservationTexts.reservationNotFound);
  }
  const events: ReservationEvent[] = [];
  for (const member of members) {
    const decision = deleteReservation(
      { ...command, type: 'DeleteReservation', reservation_id: member._id },
      // Cancelling asks nothing of who left a booking.
      { status: 'active', reservation: member, left: [] },
      { club },
      now,
    );
    if (!decision.ok) return decision;
    events.push(...decision.events);
  }
  return accept(...events);
}

export interface ChangeGroup extends Omit<ChangeReservation, 'type' | 'new_reservation_id'> {
  type: 'ChangeGroup';
  /** Fresh ids for bookings split off the group's series, one per member at most. */
  new_reservation_ids: string[];
  /** Links the bookings split off, so they stay one group. */
  new_group_id: string;
}

export type ChangeGroupContext<Context extends BookingFacts> = ChangeReservationContext<Context> & {
  /** The chosen booking's group (read model), the chosen one among them. */
  members: readonly Reservation[];
};

/**
 * The same change for every court of a group: the chosen booking takes the court asked for, the
 * others keep theirs; day, hours, label and the dates of a series change alike. All or none.
 */
export function changeGroup<Context extends BookingFacts>(
  command: ChangeGroup,
  context: ChangeGroupContext<Context>,
  now: LocalMoment,
): Decision<ReservationEvent> {
  const chosen = context.members.find((m) => m._id === command.reservation_id);
  if (!chosen) return reject('not_found', reservationTexts.reservationNotFound);
  // The same players on every court would put one guest or member on several courts at once, and
  // one guest id under several bookings; a court of the group names its players in a change of its own.
  if (command.players?.length) return reject('invalid', reservationTexts.groupNamesNobody);
  const members = [chosen, ...context.members.filter((m) => m !== chosen)];
  const rows = new Map(context.existing.map((r) => [r._id, r]));
  for (const member of members) rows.set(member._id, member);
  const events: ReservationEvent[] = [];
  for (const [index, member] of members.entries()) {
    const single: ChangeReservation = {
      ...command,
      type: 'ChangeReservation',
      reservation_id: member._id,
      new_reservation_id: command.new_reservation_ids[index]!,
      court_num: member === chosen ? command.court_num : member.court_num,
    };
    const existing = [...rows.values()];
    const decision = changeReservation(
      single,
      // A group's change names nobody (refused above), so who left a booking is never asked.
      { status: 'active', reservation: member, left: [] },
      { ...context, existing },
      now,
    );
    if (!decision.ok) return decision;
    for (const event of decision.events) {
      const linked =
        event.type === 'ReservationMade'
          ? { ...event, data: { ...event.data, group_id: command.new_group_id } }
          : event;
      events.push(linked);
      const next = evolve(rows.get(linked.reservation_id) ?? null, linked);
      if (next) rows.set(linked.reservation_id, next);
      else rows.delete(linked.reservation_id);
    }
  }
  return accept(...events);
}
