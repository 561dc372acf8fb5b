/**
 * The stats projection (docs/architecture/club-numbers.md): the facts of every booking
 * (packages/domain/src/stats/facts) in `stats_bookings`, and each day called off in
 * `stats_cancellations`. Live updates and the replay fold with the same `statsFacts`, so a rebuild
 * writes what the live updates wrote.
 */
import type { Knex } from 'knex';
import { eventTypes, streamTypeOf, type EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { statsFacts, type StatsBooking, type StatsCancellation } from '@platzbuchung/domain/stats/facts';
import type { Projection, ProjectionDifference, RowsToInsert, VersionedEvent } from './projection';
import { connectionOf, copyField, copyLinesIn, copyLinesOut, unescapeField } from './copy-text';

export const BOOKING_COLUMNS = [
  'reservation_id',
  'club_id',
  'user_id',
  'court_num',
  'date',
  'start_time',
  'end_time',
  'recurring',
  'end_date',
  'kind',
  'co_player_ids',
  'guests',
  'guest_fee_cents',
  'cancelled_at',
  'version',
] as const;

export const CANCELLATION_COLUMNS = [
  'reservation_id',
  'date',
  'club_id',
  'cancelled_at',
  'by_block',
  'moved',
  'released',
] as const;

/** A row as pg returns it: dates stay strings (db/connect), instants come as Date. */
type BookingRow = Omit<StatsBooking, 'cancelled_at'> & { cancelled_at: Date | null };

export const fromBookingRow = (row: BookingRow): StatsBooking => ({
  ...row,
  cancelled_at: row.cancelled_at?.toISOString() ?? null,
});

export const fromCancellationRow = (
  row: Omit<StatsCancellation, 'cancelled_at'> & { cancelled_at: Date },
): StatsCancellation => ({ ...row, cancelled_at: row.cancelled_at.toISOString() });

async function applyOne(trx: Knex.Transaction, event: EventEnvelope<ReservationEvent>): Promise<void> {
  const row: BookingRow | undefined =
    event.type === 'ReservationMade'
      ? undefined
      : await trx('stats_bookings').where({ reservation_id: event.reservation_id }).first(BOOKING_COLUMNS);
  const change = statsFacts(row ? fromBookingRow(row) : null, event);
  if (change.booking) {
    await trx('stats_bookings').insert(change.booking).onConflict('reservation_id').merge();
  }
  // The first call-off of a day is the one that counted; a repeat changes nothing (as in evolve).
  if (change.cancellation) {
    await trx('stats_cancellations')
      .insert(change.cancellation)
      .onConflict(['reservation_id', 'date'])
      .ignore();
  }
  if (change.moved) {
    await trx('stats_cancellations')
      .where({ reservation_id: change.moved.reservation_id, date: change.moved.date })
      .update({ moved: true });
  }
}

const bookingLine = (b: StatsBooking) =>
  [
    b.reservation_id,
    b.club_id,
    b.user_id,
    copyField(b.court_num),
    b.date,
    b.start_time,
    b.end_time,
    copyField(b.recurring),
    copyField(b.end_date),
    b.kind,
    copyField(b.co_player_ids),
    b.guests,
    b.guest_fee_cents,
    copyField(b.cancelled_at),
    b.version,
  ].join('\t');

const cancellationLine = (c: StatsCancellation) =>
  [
    c.reservation_id,
    c.date,
    c.club_id,
    c.cancelled_at,
    copyField(c.by_block),
    copyField(c.moved),
    copyField(c.released),
  ].join('\t');

/** About this many events a page: each page's rows are written before the next is read. */
const EVENTS_PER_PAGE = 50_000;

/** The last stream of the page that follows `after`: whole streams, about `eventsPerPage` events. */
async function pageEnd(
  trx: Knex.Transaction,
  after: string | null,
  eventsPerPage: number,
): Promise<string | null> {
  const { rows } = await trx.raw(
    `SELECT stream_id FROM events
     WHERE stream_type = 'reservation' ${after ? 'AND stream_id > ?' : ''}
     ORDER BY stream_id OFFSET ? LIMIT 1`,
    after ? [after, eventsPerPage] : [eventsPerPage],
  );
  return (rows[0]?.stream_id as string | undefined) ?? null;
}

/**
 * Folds every reservation stream in stream order, a page of whole streams at a time (PostgreSQL
 * streams each page through COPY, so the log is never held as objects), and writes each page's
 * rows before reading the next: memory stays that of a page however long the log (a national
 * log of 10 million events once took 8 GB held whole). A move names another stream's day, perhaps
 * of another page: the moves are marked once every call-off is written.
 */
export async function fillStatsTables(
  trx: Knex.Transaction,
  suffix: string,
  eventsPerPage: number,
): Promise<number> {
  const moves: { reservation_id: string; date: string }[] = [];
  const connection = await connectionOf(trx);
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const end = await pageEnd(trx, after, eventsPerPage);
    const bookings: string[] = [];
    // A stream's events are all in its page: the first call-off of a day is found within it.
    const cancellations = new Map<string, StatsCancellation>();
    let current: StatsBooking | null = null;
    let streamId = '';
    // A COPY takes no parameters: the bounds go in as literals, quoted by the driver.
    const range = [
      after && `stream_id > ${connection.escapeLiteral(after)}::uuid`,
      end && `stream_id <= ${connection.escapeLiteral(end)}::uuid`,
    ];
    await copyLinesOut(
      connection,
      `SELECT stream_id, version, type, club_id,
              to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), data
       FROM events WHERE ${["stream_type = 'reservation'", ...range.filter(Boolean)].join(' AND ')}
       ORDER BY stream_id, version`,
      (line) => {
        const [id, version, type, club_id, occurred_at, data] = line.split('\t') as [
          string,
          string,
          ReservationEvent['type'],
          string,
          string,
          string,
        ];
        if (id !== streamId) {
          if (current) bookings.push(`${bookingLine(current)}\n`);
          current = null;
          streamId = id;
        }
        const event = {
          type,
          reservation_id: id,
          data: JSON.parse(unescapeField(data)),
          version: Number(version),
          club_id,
          occurred_at,
        } as EventEnvelope<ReservationEvent>;
        const change = statsFacts(current, event);
        current = change.booking;
        const day = change.cancellation;
        if (day && !cancellations.has(`${day.reservation_id}:${day.date}`)) {
          cancellations.set(`${day.reservation_id}:${day.date}`, day);
        }
        if (change.moved) moves.push(change.moved);
      },
    );
    if (current) bookings.push(`${bookingLine(current)}\n`);
    await copyLinesIn(trx, `stats_bookings${suffix}`, BOOKING_COLUMNS, bookings);
    await copyLinesIn(
      trx,
      `stats_cancellations${suffix}`,
      CANCELLATION_COLUMNS,
      [...cancellations.values()].map((c) => `${cancellationLine(c)}\n`),
    );
    written += bookings.length + cancellations.size;
    if (!end) break;
    after = end;
  }
  if (moves.length) {
    await trx.raw(
      `UPDATE stats_cancellations${suffix} c SET moved = true
       FROM unnest(?::uuid[], ?::date[]) AS m(reservation_id, date)
       WHERE c.reservation_id = m.reservation_id AND c.date = m.date`,
      [moves.map((m) => m.reservation_id), moves.map((m) => m.date)],
    );
  }
  return written;
}

/** Rows of `table` and its rebuilt twin that differ, keyed by `key` (an SQL expression). */
async function differing(trx: Knex.Transaction, table: string, key: string): Promise<ProjectionDifference[]> {
  const { rows } = await trx.raw(`
    WITH live_only AS (SELECT * FROM ${table} EXCEPT SELECT * FROM ${table}_rebuilt),
         rebuilt_only AS (SELECT * FROM ${table}_rebuilt EXCEPT SELECT * FROM ${table})
    SELECT coalesce(l.k, r.k) AS id, l.row AS live, r.row AS rebuilt
    FROM (SELECT ${key} AS k, to_jsonb(t) AS row FROM live_only t) l
    FULL JOIN (SELECT ${key} AS k, to_jsonb(t) AS row FROM rebuilt_only t) r ON l.k = r.k
    ORDER BY 1`);
  return rows as ProjectionDifference[];
}

/**
 * New bookings only, as the bookings projection does: each starts its stream, so its row is known
 * without a read and goes in with the append. A booking moved off a series marks that series' day,
 * which is a write of its own.
 */
function rowsWithoutRead(events: readonly VersionedEvent[]): RowsToInsert | undefined {
  const rows: StatsBooking[] = [];
  for (const { event, version } of events) {
    if (event.type !== 'ReservationMade' || event.data.moved_from) return undefined;
    // A made booking's facts need neither the club's position nor the instant.
    const change = statsFacts(null, { ...event, version } as EventEnvelope<ReservationEvent>);
    if (!change.booking) return undefined;
    rows.push(change.booking);
  }
  return { table: 'stats_bookings', rows };
}

export const statsProjection: Projection = {
  name: 'stats',
  handles: eventTypes.filter((type) => streamTypeOf(type) === 'reservation'),
  tables: ['stats_bookings', 'stats_cancellations'],
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as EventEnvelope<ReservationEvent>);
  },
  rowsWithoutRead,
  async rebuild(trx) {
    await trx.raw('TRUNCATE stats_bookings, stats_cancellations');
    return fillStatsTables(trx, '', EVENTS_PER_PAGE);
  },
  async verify(trx) {
    await trx.raw(`
      CREATE TEMP TABLE stats_bookings_rebuilt (LIKE stats_bookings INCLUDING DEFAULTS) ON COMMIT DROP;
      CREATE TEMP TABLE stats_cancellations_rebuilt (LIKE stats_cancellations INCLUDING DEFAULTS) ON COMMIT DROP`);
    const rows = await fillStatsTables(trx, '_rebuilt', EVENTS_PER_PAGE);
    return {
      rows,
      differences: [
        ...(await differing(trx, 'stats_bookings', 't.reservation_id::text')),
        ...(await differing(trx, 'stats_cancellations', `t.reservation_id || ':' || t.date`)),
      ],
    };
  },
};
