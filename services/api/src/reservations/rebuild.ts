import type { Knex } from 'knex';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope } from './event-store';
import { RESERVATION_COLUMNS, toRow, type ReservationRow } from './rows';

const READ_BATCH = 50_000;
const WRITE_BATCH = 20_000;

/** Folds every event, in position order, into the rows that exist afterwards (with stream versions). */
async function foldAllEvents(trx: Knex.Transaction): Promise<Map<string, ReservationRow>> {
  const rows = new Map<string, { state: Reservation; version: number }>();
  let after = 0;
  for (;;) {
    // Plain SQL: at this volume the query builder's per-row work shows up in the timings.
    const { rows: batch } = await trx.raw(
      `SELECT ${EVENT_COLUMNS.join(', ')} FROM reservation_events WHERE position > ? ORDER BY position LIMIT ?`,
      [after, READ_BATCH],
    );
    for (const raw of batch) {
      const event = toEnvelope(raw);
      const next = evolve(rows.get(event.reservation_id)?.state ?? null, event);
      if (next === null) rows.delete(event.reservation_id);
      else rows.set(event.reservation_id, { state: next, version: event.version });
      after = event.position;
    }
    if (batch.length < READ_BATCH) break;
  }
  return new Map([...rows].map(([id, { state, version }]) => [id, toRow(state, version)]));
}

/**
 * Writes rows with one statement per batch, one array parameter per column unpacked by `unnest`:
 * several times quicker than a statement per row or a JSON document per batch.
 */
async function insertRows(
  trx: Knex.Transaction,
  table: string,
  rows: Iterable<ReservationRow>,
): Promise<void> {
  let batch: ReservationRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const column = <K extends keyof ReservationRow>(key: K) => batch.map((row) => row[key]);
    await trx.raw(
      `INSERT INTO ?? (id, club_id, user_id, court_num, start_time, end_time, date, label, recurring, deleted_dates, end_date, version)
       SELECT id, club_id, user_id, court_num, start_time, end_time, date, label, recurring, deleted_dates::date[], end_date, version
       FROM unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::int[], ?::int[], ?::date[], ?::text[], ?::bool[], ?::text[], ?::date[], ?::int[])
         AS t(id, club_id, user_id, court_num, start_time, end_time, date, label, recurring, deleted_dates, end_date, version)`,
      [
        table,
        column('id'),
        column('club_id'),
        column('user_id'),
        column('court_num'),
        column('start_time'),
        column('end_time'),
        column('date'),
        column('label'),
        column('recurring'),
        // A ragged date[][] cannot be one array parameter; each row's dates travel as an array literal.
        batch.map((row) => `{${row.deleted_dates.join(',')}}`),
        column('end_date'),
        column('version'),
      ] as Knex.RawBinding[],
    );
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
}

/** New events wait while the log is read, so the result is one consistent point in the log. */
async function holdAppends(trx: Knex.Transaction): Promise<void> {
  await trx.raw('LOCK TABLE reservation_events IN SHARE MODE');
}

/** Recreates the read model from the events. Answers the number of rows written. */
export async function rebuildReadModel(db: Db): Promise<number> {
  return db.transaction(async (trx) => {
    await holdAppends(trx);
    await trx.raw('LOCK TABLE reservations IN EXCLUSIVE MODE');
    const rows = await foldAllEvents(trx);
    await trx('reservations').delete();
    await insertRows(trx, 'reservations', rows.values());
    return rows.size;
  });
}

export interface ReadModelDifference {
  id: string;
  live: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
}

const COMPARED = [...RESERVATION_COLUMNS, 'version'].join(', ');

/**
 * Rebuilds into a scratch table and lists every row that differs from the live read model. An empty
 * list proves the live table is exactly what the events say.
 */
export async function verifyReadModel(db: Db): Promise<{ rows: number; differences: ReadModelDifference[] }> {
  return db.transaction(async (trx) => {
    await holdAppends(trx);
    await trx.raw(
      'CREATE TEMP TABLE reservations_rebuilt (LIKE reservations INCLUDING DEFAULTS) ON COMMIT DROP',
    );
    const rows = await foldAllEvents(trx);
    await insertRows(trx, 'reservations_rebuilt', rows.values());
    const { rows: differing } = await trx.raw(`
      WITH live_only AS (SELECT ${COMPARED} FROM reservations EXCEPT SELECT ${COMPARED} FROM reservations_rebuilt),
           rebuilt_only AS (SELECT ${COMPARED} FROM reservations_rebuilt EXCEPT SELECT ${COMPARED} FROM reservations)
      SELECT coalesce(l.id, r.id) AS id, to_jsonb(l) AS live, to_jsonb(r) AS rebuilt
      FROM live_only l FULL JOIN rebuilt_only r ON l.id = r.id
      ORDER BY 1`);
    return { rows: rows.size, differences: differing as ReadModelDifference[] };
  });
}
