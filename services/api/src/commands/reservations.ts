/** Reservation commands for the generic handler (./handle): the stream is one reservation. */
import type { Knex } from 'knex';
import {
  bookCourts,
  changeGroup,
  deleteGroup,
  type BookCourts,
  type ChangeGroup,
  type ChangeGroupContext,
  type DeleteGroup,
  type DeleteGroupContext,
} from '@platzbuchung/domain/reservations/book-courts';
import {
  changeReservation,
  type ChangeReservation,
  type ChangeReservationContext,
} from '@platzbuchung/domain/reservations/change-reservation';
import {
  deleteReservation,
  type DeleteReservation,
  type DeleteReservationContext,
} from '@platzbuchung/domain/reservations/delete-reservation';
import type { Actor } from '@platzbuchung/domain/reservations/decision';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import {
  makeReservation,
  type MakeReservation,
  type MakeReservationContext,
} from '@platzbuchung/domain/reservations/make-reservation';
import {
  evolveReservation,
  initialReservationState,
  type ReservationState,
} from '@platzbuchung/domain/reservations/state';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { blocksFrom } from '../projections/blocks';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';
import { foldStream, type CommandDefinition } from './handle';

const loadReservation = (trx: Knex.Transaction, streamId: string) =>
  foldStream(trx, 'reservation', streamId, initialReservationState, evolveReservation);

/**
 * A booking's stream is new: the server has just chosen its UUID, so there is nothing to read. The
 * unique (stream, version) key would still refuse a clash.
 */
const freshStream = async () => ({ state: initialReservationState, version: 0 });

/** The club's bookings that may still take place on `today` or later: series, or dated ahead. */
function stillToCome(trx: Knex, clubId: string, today: string) {
  return trx('reservations')
    .where('club_id', clubId)
    .andWhere((q) => q.where('recurring', true).orWhere('date', '>=', today))
    .select([...RESERVATION_COLUMNS]);
}

/**
 * What a new reservation can collide with or count against: the club's reservations that still
 * take place today or later on the same courts, the actor's own upcoming ones for the limit, and
 * the blocks that still hold.
 */
async function bookingContext(
  trx: Knex.Transaction,
  club: Club,
  command: { court_nums: readonly string[]; actor: Actor },
  today: string,
): Promise<MakeReservationContext> {
  const rows: ReservationRow[] = await stillToCome(trx, club._id, today).andWhere((q) =>
    q.whereIn('court_num', command.court_nums as string[]).orWhere('user_id', command.actor.user_id),
  );
  const blocks = await blocksFrom(trx, club._id, `${today}T00:00`);
  return { club, existing: rows.map(toReservation), blocks };
}

/** The club's bookings still to come, on the given courts only when named. */
export async function upcomingReservations(
  trx: Knex,
  clubId: string,
  today: string,
  courts?: readonly string[],
): Promise<Reservation[]> {
  const query = stillToCome(trx, clubId, today);
  if (courts) query.whereIn('court_num', courts as string[]);
  const rows: ReservationRow[] = await query;
  return rows.map(toReservation);
}

const onCourt = (command: { court_num: string; actor: Actor }) => ({
  court_nums: [command.court_num],
  actor: command.actor,
});

type ReservationCommandDefinition<C extends { actor: Actor }, Ctx> = CommandDefinition<
  C,
  ReservationState,
  Ctx,
  ReservationEvent
>;

/** Every reservation command works on a reservation stream, the chosen booking's unless it is new. */
function reservationCommand<C extends { actor: Actor; reservation_id: string }, Ctx>(
  parts: Pick<ReservationCommandDefinition<C, Ctx>, 'loadContext' | 'decide'> &
    Partial<Pick<ReservationCommandDefinition<C, Ctx>, 'loadState'>>,
): ReservationCommandDefinition<C, Ctx> {
  return {
    streamType: 'reservation',
    streamId: (command) => command.reservation_id,
    loadState: loadReservation,
    ...parts,
  };
}

export const makeReservationCommand = reservationCommand<MakeReservation, MakeReservationContext>({
  loadState: freshStream,
  loadContext: (trx, club, command, now) => bookingContext(trx, club, onCourt(command), now.date),
  decide: makeReservation,
});

export const deleteReservationCommand = reservationCommand<DeleteReservation, DeleteReservationContext>({
  loadContext: async (_trx, club) => ({ club }),
  decide: deleteReservation,
});

export const changeReservationCommand = reservationCommand<ChangeReservation, ChangeReservationContext>({
  loadContext: (trx, club, command, now) => bookingContext(trx, club, onCourt(command), now.date),
  decide: changeReservation,
});

export const bookCourtsCommand: ReservationCommandDefinition<BookCourts, MakeReservationContext> = {
  streamType: 'reservation',
  streamId: (command) => command.reservation_ids[0]!,
  loadState: freshStream,
  loadContext: (trx, club, command, now) => bookingContext(trx, club, command, now.date),
  decide: (command, _state, context, now) => bookCourts(command, context, now),
};

/** The chosen booking's group, as the read model holds it now (the club's lock is held). */
async function groupOf(trx: Knex.Transaction, club: Club, reservationId: string): Promise<Reservation[]> {
  const rows: ReservationRow[] = await trx('reservations as r')
    .where('r.club_id', club._id)
    .whereIn(
      'r.group_id',
      trx('reservations')
        .where({ id: reservationId, club_id: club._id })
        .whereNotNull('group_id')
        .select('group_id'),
    )
    .select(RESERVATION_COLUMNS.map((c) => `r.${c}`));
  return rows.map(toReservation);
}

export const deleteGroupCommand = reservationCommand<DeleteGroup, DeleteGroupContext>({
  loadContext: async (trx, club, command) => ({
    club,
    members: await groupOf(trx, club, command.reservation_id),
  }),
  decide: (command, _state, context, now) => deleteGroup(command, context, now),
});

export const changeGroupCommand = reservationCommand<ChangeGroup, ChangeGroupContext>({
  loadContext: async (trx, club, command, now) => {
    const members = await groupOf(trx, club, command.reservation_id);
    const courts = [...new Set([command.court_num, ...members.map((m) => m.court_num)])];
    const context = await bookingContext(trx, club, { court_nums: courts, actor: command.actor }, now.date);
    return { ...context, members };
  },
  decide: (command, _state, context, now) => changeGroup(command, context, now),
});

/** Reservations of a club that take place in [from, to], or all of them. */
export async function listReservations(
  db: Db,
  clubId: string,
  range?: { from: string; to: string },
  /** Only this member's bookings. */
  userId?: string,
): Promise<Reservation[]> {
  const columns = [...RESERVATION_COLUMNS];
  const own = userId ? { user_id: userId } : {};
  const order = [{ column: 'date' }, { column: 'start_time' }, { column: 'court_num' }];
  if (!range) {
    const rows: ReservationRow[] = await db('reservations')
      .where({ club_id: clubId, ...own })
      .orderBy(order)
      .select(columns);
    return rows.map(toReservation);
  }
  // Two index-sized halves instead of one OR, so a page view costs the same whatever the club's
  // age: single bookings by (club_id, date), series by the partial index on recurring rows.
  // Coarse in SQL, exact in the domain function the grid uses too.
  const singles = db('reservations')
    .where({ club_id: clubId, recurring: false, ...own })
    .whereBetween('date', [range.from, range.to])
    .select(columns);
  const series = db('reservations')
    .where({ club_id: clubId, recurring: true, ...own })
    .andWhere('date', '<=', range.to)
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>', range.from))
    .select(columns);
  const rows: ReservationRow[] = await db.unionAll([singles, series], true).orderBy(order);
  return rows.map(toReservation);
}
