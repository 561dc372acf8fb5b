/**
 * The club's reservations in a window, read from the projection: as rows, or each already as its
 * JSON text for the kept lists (./list-cache). Reads, not commands: no lock, no decider.
 */
import type { Knex } from 'knex';
import type { NamedPlayer, Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { preparedRows } from '../db/prepared';
import {
  RESERVATION_COLUMNS,
  PLAYERS_JSON,
  RESERVATION_JSON,
  toReservation,
  type ReservationRow,
} from '../projections/reservation-rows';
import type { ListedReservation } from './list-cache';

/** Reservations of a club that take place in [from, to] (a series coarsely, see `reservationRows`). */
export async function listReservations(
  db: Db,
  clubId: string,
  range: { from: string; to: string },
  /** Only this member's bookings. */
  userId?: string,
): Promise<Reservation[]> {
  const rows: (ReservationRow & { players: NamedPlayer[] })[] = await reservationRows(
    db,
    clubId,
    range,
    userId,
  ).select([...RESERVATION_COLUMNS.map((column) => `r.${column}`), db.raw(PLAYERS_JSON)]);
  return rows.map(({ players, ...row }) => ({ ...toReservation(row), players }));
}

/**
 * The same reservations as `listReservations`, each already as its JSON text, written by
 * PostgreSQL (projections/reservation-rows `RESERVATION_JSON`), beside the fields a kept list is
 * ordered by (reservations/list-cache): an answer's list is then joined, not parsed into objects
 * and serialised again. Only a series is parsed, for the recurrence rule.
 */
export async function listReservationsJson(
  db: Db,
  clubId: string,
  range: { from: string; to: string },
  userId?: string,
): Promise<(ListedReservation & { recurring: boolean })[]> {
  return preparedRows(
    db,
    'reservation-list',
    reservationRows(db, clubId, range, userId)
      .joinRaw(RESERVATION_JSON.joins)
      .select(
        'r.id',
        'r.date',
        'r.start_time',
        'r.court_num',
        'r.recurring',
        db.raw(`${RESERVATION_JSON.column} AS json`),
      ),
  );
}

/**
 * A club's reservation rows as `r`, in the order every list has (day, hour, court): those in
 * [from, to] coarsely (a series is exact only after the recurrence rule). Always a window: a list
 * of the club's whole history would grow with its age (docs/architecture/read-models.md).
 */
function reservationRows(
  db: Db,
  clubId: string,
  range: { from: string; to: string },
  userId?: string,
): Knex.QueryBuilder {
  // A member's own list holds the bookings that name them too (docs/who-plays.md).
  const own = (q: Knex.QueryBuilder) => {
    if (!userId) return;
    q.where((w) =>
      w
        .where('user_id', userId)
        .orWhereIn(
          'id',
          db('reservation_players').where({ club_id: clubId, user_id: userId }).select('reservation_id'),
        ),
    );
  };
  const order = ['r.date', 'r.start_time', 'r.court_num'];
  // Two index-sized halves instead of one OR, so a page view costs the same whatever the club's
  // age: single bookings by (club_id, date), series by the partial index on recurring rows.
  // Coarse in SQL, exact in the domain function the grid uses too.
  const singles = db('reservations')
    .where({ club_id: clubId, recurring: false })
    .modify(own)
    .whereBetween('date', [range.from, range.to])
    .select('*');
  const series = db('reservations')
    .where({ club_id: clubId, recurring: true })
    .modify(own)
    .andWhere('date', '<=', range.to)
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>', range.from))
    .select('*');
  return db.from(db.unionAll([singles, series], true).as('r')).orderBy(order);
}
