import type { Knex } from 'knex';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { EventEnvelope } from '@platzbuchung/domain/reservations/events';
import type { Reservation } from '@platzbuchung/domain/types';
import { RESERVATION_COLUMNS, toReservation, toRow, type ReservationRow } from './rows';

/**
 * Applies stored events to the read model inside the appending transaction: the same `evolve` as a
 * rebuild, so live table and replay cannot disagree.
 */
export async function project(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void> {
  for (const event of events) {
    const row: ReservationRow | undefined = await trx('reservations')
      .where({ id: event.reservation_id })
      .first([...RESERVATION_COLUMNS, 'version']);
    const current: Reservation | null = row ? toReservation(row) : null;
    const next = evolve(current, event);
    if (next === null) {
      await trx('reservations').where({ id: event.reservation_id }).delete();
    } else {
      await trx('reservations').insert(toRow(next, event.version)).onConflict('id').merge();
    }
  }
}
