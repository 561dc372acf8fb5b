/**
 * The reservations read model: the API's Reservation rows, one per live reservation, folded from
 * the reservation streams with the domain's `evolve`. Applied in the appending transaction, and
 * rebuilt or verified from the whole log on demand.
 */
import type { Knex } from 'knex';
import { eventTypes, streamTypeOf, type EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Projection, ProjectionDifference, RowsToInsert, VersionedEvent } from './projection';
import { connectionOf, copyLinesIn, exportSnapshot } from './copy-text';
import {
  COLUMNS,
  LISTED,
  idRanges,
  replayRange,
  type IdRange,
  type RangeReplay,
  type ReplayTask,
} from './reservations-replay';
import { runWorker } from './run-worker';
import { RESERVATION_COLUMNS, toReservation, toRow, type ReservationRow } from './reservation-rows';

/**
 * The row an event applies to. A made booking starts its stream (evolve takes nothing from before
 * it), so the busiest write, a new booking, needs no read.
 */
async function rowBefore(trx: Knex.Transaction, event: EventEnvelope<ReservationEvent>) {
  if (event.type === 'ReservationMade') return null;
  const row: ReservationRow | undefined = await trx('reservations')
    .where({ id: event.reservation_id })
    .first([...RESERVATION_COLUMNS, 'version']);
  return row ? toReservation(row) : null;
}

async function apply(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void> {
  for (const event of events as readonly EventEnvelope<ReservationEvent>[]) {
    const next = evolve(await rowBefore(trx, event), event);
    if (next === null) {
      await trx('reservations').where({ id: event.reservation_id }).delete();
    } else {
      await trx('reservations').insert(toRow(next, event.version)).onConflict('id').merge();
    }
  }
}

/** New bookings only: each starts its stream, so its row is known without a read. */
function rowsWithoutRead(events: readonly VersionedEvent[]): RowsToInsert | undefined {
  const rows = [];
  for (const { event, version } of events) {
    if (event.type !== 'ReservationMade') return undefined;
    const row = evolve(null, event);
    if (row === null) return undefined;
    rows.push(toRow(row, version));
  }
  return { table: 'reservations', rows };
}

/** A big log is cut into this many ranges of stream ids, each replayed by its own thread. */
const REPLAY_THREADS = 2;
/**
 * Below this many events the log is replayed in this thread: a worker
 * compiles its TypeScript when it starts, which takes longer than replaying a small log.
 */
const THREADED_FROM_EVENTS = 100_000;

/**
 * Replays the log and compares it with the live table (./reservations-replay.ts), and leaves what
 * may differ in two scratch tables: `reservations_rebuilt` (the replayed rows of those streams)
 * and `reservations_suspect` (their ids). A big log is cut by stream id into ranges: this thread
 * folds and compares the first on the transaction's own connection, a worker thread each of the
 * others on a connection that reads this transaction's snapshot, since both the fold and
 * PostgreSQL's printing of a million rows are work for a whole core; a small log is one range,
 * replayed here. Rows that print
 * exactly as replayed are settled there and never written back, so a replay of a healthy table
 * costs only reads; the suspects are compared once more in SQL (DIFFERING), after PostgreSQL's own
 * input rules, so a mere spelling difference (say, an upper-case uuid inside an event) is never
 * reported or rewritten.
 */
async function replayBesideLive(trx: Knex.Transaction, threads?: number): Promise<number> {
  const results = await replayRanges(
    trx,
    threads ?? ((await holdsAtLeast(trx, THREADED_FROM_EVENTS)) ? REPLAY_THREADS : 1),
  );
  await trx.raw(`
    CREATE TEMP TABLE reservations_rebuilt (LIKE reservations INCLUDING DEFAULTS) ON COMMIT DROP;
    CREATE TEMP TABLE reservations_suspect (id uuid) ON COMMIT DROP`);
  await copyLinesIn(
    trx,
    'reservations_suspect',
    ['id'],
    results.flatMap((result) => result.suspects.map((id) => `${id}\n`)),
  );
  await copyLinesIn(
    trx,
    'reservations_rebuilt',
    COLUMNS,
    results.flatMap((result) => result.rebuilt.map((line) => `${line}\n`)),
  );
  return results.reduce((sum, result) => sum + result.rows, 0);
}

/**
 * This thread replays the first range on the transaction's own connection, and a worker each of
 * the others: a worker spends about a quarter of a second loading its code, which this thread
 * spends replaying.
 */
async function replayRanges(trx: Knex.Transaction, threads: number): Promise<RangeReplay[]> {
  const [own, ...others] = idRanges(threads) as [IdRange, ...IdRange[]];
  const snapshot = others.length > 0 ? await exportSnapshot(trx) : '';
  return Promise.all([
    replayRange(await connectionOf(trx), own),
    ...others.map((range) =>
      runWorker<ReplayTask, RangeReplay>(new URL('./reservations-replay-worker.ts', import.meta.url), {
        connection: trx.client.connectionSettings as ReplayTask['connection'],
        snapshot,
        range,
      }),
    ),
  ]);
}

/** Whether the log holds at least `count` events; reads no further than that. */
async function holdsAtLeast(trx: Knex.Transaction, count: number): Promise<boolean> {
  const { rows } = await trx.raw('SELECT count(*)::int AS n FROM (SELECT FROM events LIMIT ?) s', [count]);
  return rows[0].n >= count;
}

const sameRow = `(${COLUMNS.map((c) => `l.${c}`).join(', ')}) IS NOT DISTINCT FROM (${COLUMNS.map((c) => `r.${c}`).join(', ')})`;

/** The suspect rows that really differ: live but not replayed, replayed but not live, or unequal. */
const DIFFERING = `
  SELECT coalesce(l.id, r.id) AS id, l AS live, r AS rebuilt
  FROM (SELECT * FROM reservations WHERE id IN (SELECT id FROM reservations_suspect)) l
  FULL JOIN reservations_rebuilt r ON l.id = r.id
  WHERE NOT ${sameRow}`;

/**
 * Makes the live table equal to the replay by rewriting only the rows that differ: readers are not
 * locked out, untouched rows keep their index entries, and the table does not bloat.
 */
async function rebuild(trx: Knex.Transaction): Promise<number> {
  await trx.raw('LOCK TABLE reservations IN EXCLUSIVE MODE');
  if (await isEmpty(trx)) return fillEmpty(trx);
  const rows = await replayBesideLive(trx);
  await trx.raw(`
    CREATE TEMP TABLE reservations_differing ON COMMIT DROP AS SELECT id FROM (${DIFFERING}) d;
    DELETE FROM reservations WHERE id IN (SELECT id FROM reservations_differing);
    INSERT INTO reservations (${LISTED})
      SELECT ${LISTED} FROM reservations_rebuilt WHERE id IN (SELECT id FROM reservations_differing)`);
  return rows;
}

async function isEmpty(trx: Knex.Transaction): Promise<boolean> {
  const { rows } = await trx.raw('SELECT NOT EXISTS (SELECT FROM reservations) AS empty');
  return rows[0].empty;
}

/**
 * An empty table (a new read model, or one an operator emptied) has nothing to compare with: every
 * replayed row goes straight in with one COPY, without the scratch tables and the comparison.
 * TRUNCATE drops what deleted rows leave behind in the table and its indexes, which would
 * otherwise slow every insert; no reader loses anything, as there is nothing to read.
 */
async function fillEmpty(trx: Knex.Transaction): Promise<number> {
  const results = await replayRanges(
    trx,
    (await holdsAtLeast(trx, THREADED_FROM_EVENTS)) ? REPLAY_THREADS : 1,
  );
  // Only now: the replay's other threads read the table on connections of their own.
  await trx.raw('TRUNCATE reservations');
  await copyLinesIn(
    trx,
    'reservations',
    COLUMNS,
    results.flatMap((result) => result.rebuilt.map((line) => `${line}\n`)),
  );
  return results.reduce((sum, result) => sum + result.rows, 0);
}

/** The same replay and comparison as rebuild, reported instead of written. */
async function verify(trx: Knex.Transaction): Promise<{ rows: number; differences: ProjectionDifference[] }> {
  return verifyWith(trx);
}

/** Verify with a chosen number of replay threads (tests prove both ways give the same answer). */
export async function verifyWith(
  trx: Knex.Transaction,
  threads?: number,
): Promise<{ rows: number; differences: ProjectionDifference[] }> {
  const rows = await replayBesideLive(trx, threads);
  const { rows: differing } = await trx.raw(
    `SELECT id, to_jsonb(live) AS live, to_jsonb(rebuilt) AS rebuilt FROM (${DIFFERING}) d ORDER BY id`,
  );
  return { rows, differences: differing as ProjectionDifference[] };
}

export const reservationsProjection: Projection = {
  name: 'reservations',
  handles: eventTypes.filter((type) => streamTypeOf(type) === 'reservation'),
  tables: ['reservations'],
  apply,
  rowsWithoutRead,
  rebuild,
  verify,
};
