import type { Knex } from 'knex';
import { localMoment } from '@platzbuchung/domain/dates';
import { decide, type ReservationCommand } from '@platzbuchung/domain/reservations/decide';
import type { Decision, ReservationError } from '@platzbuchung/domain/reservations/decision';
import type { DeleteReservation } from '@platzbuchung/domain/reservations/delete-reservation';
import type { EventEnvelope } from '@platzbuchung/domain/reservations/events';
import type { MakeReservation } from '@platzbuchung/domain/reservations/make-reservation';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { appendEvents } from './event-store';
import { project } from './projection';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from './rows';

export type CommandResult = { ok: true; events: EventEnvelope[] } | { ok: false; error: ReservationError };

/**
 * Serialises a club's reservation commands across every API process. Transaction-scoped, so it is
 * released by commit or rollback whatever happens. Other clubs are not held up.
 */
export async function lockClub(trx: Knex.Transaction, clubId: string): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, [`reservations:${clubId}`]);
}

/**
 * What a new reservation can collide with or count against: the club's reservations that still
 * take place today or later on the same court, and the actor's own upcoming ones for the limit.
 */
async function makeContext(trx: Knex.Transaction, club: Club, command: MakeReservation, today: string) {
  const rows: ReservationRow[] = await trx('reservations')
    .where('club_id', club._id)
    .andWhere((q) => q.where('recurring', true).orWhere('date', '>=', today))
    .andWhere((q) => q.where('court_num', command.court_num).orWhere('user_id', command.actor.user_id))
    .select([...RESERVATION_COLUMNS]);
  return { club, existing: rows.map(toReservation) };
}

/** The stream's state and version from the read model, which the club's lock keeps in step with the log. */
async function deleteContext(trx: Knex.Transaction, club: Club, command: DeleteReservation) {
  const row: ReservationRow | undefined = await trx('reservations')
    .where({ id: command.reservation_id })
    .first([...RESERVATION_COLUMNS, 'version']);
  return { context: { club, reservation: row ? toReservation(row) : null }, version: row?.version ?? 0 };
}

/** The decision, and the version of the one stream a command touches (0 for a new reservation). */
async function decideInLock(
  trx: Knex.Transaction,
  club: Club,
  command: ReservationCommand,
  now: Date,
  timeZone: string,
): Promise<{ decision: Decision; version: number }> {
  const local = localMoment(now, timeZone);
  if (command.type === 'MakeReservation') {
    return {
      decision: decide(command, await makeContext(trx, club, command, local.date), local),
      version: 0,
    };
  }
  const { context, version } = await deleteContext(trx, club, command);
  return { decision: decide(command, context, local), version };
}

/**
 * Lock the club, check against the read model, append, project, commit (DESIGN section 2). A refusal
 * writes nothing.
 */
export async function handleReservationCommand(
  db: Db,
  clubId: string,
  command: ReservationCommand,
  clock: { now: Date; timeZone: string },
): Promise<CommandResult | undefined> {
  return db.transaction(async (trx) => {
    await lockClub(trx, clubId);
    const club = await findClub(trx, clubId);
    if (!club) return undefined;
    const { decision, version } = await decideInLock(trx, club, command, clock.now, clock.timeZone);
    if (!decision.ok) return decision;
    const stored = await appendEvents(trx, decision.events, {
      club_id: club._id,
      actor_id: command.actor.user_id,
      occurred_at: clock.now,
      expectedVersion: version,
    });
    await project(trx, stored);
    return { ok: true, events: stored };
  });
}

/** Reservations of a club that take place in [from, to], or all of them. */
export async function listReservations(
  db: Db,
  clubId: string,
  range?: { from: string; to: string },
): Promise<Reservation[]> {
  const columns = [...RESERVATION_COLUMNS];
  const order = [{ column: 'date' }, { column: 'start_time' }, { column: 'court_num' }];
  if (!range) {
    const rows: ReservationRow[] = await db('reservations')
      .where('club_id', clubId)
      .orderBy(order)
      .select(columns);
    return rows.map(toReservation);
  }
  // Two index-sized halves instead of one OR, so a page view costs the same whatever the club's
  // age: single bookings by (club_id, date), series by the partial index on recurring rows.
  // Coarse in SQL, exact in the domain function the grid uses too.
  const singles = db('reservations')
    .where({ club_id: clubId, recurring: false })
    .whereBetween('date', [range.from, range.to])
    .select(columns);
  const series = db('reservations')
    .where({ club_id: clubId, recurring: true })
    .andWhere('date', '<=', range.to)
    .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>', range.from))
    .select(columns);
  const rows: ReservationRow[] = await db.unionAll([singles, series], true).orderBy(order);
  return rows.map(toReservation);
}
