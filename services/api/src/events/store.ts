/**
 * The event store (docs/architecture/event-log.md): one append-only table for every stream
 * type. Appending checks each event against its catalogue schema and numbers it twice: its stream's
 * version (optimistic concurrency) and its club's sequence (gap-free, since every append of a club
 * runs under the club's lock, see ../commands/club-lock).
 */
import type { Knex } from 'knex';
import {
  eventCatalogue,
  streamIdOf,
  streamTypeOf,
  type DomainEvent,
  type EventEnvelope,
  type EventType,
  type StreamType,
} from '@platzbuchung/domain/events/catalogue';
import { eventDataError } from '@platzbuchung/domain/events/validate';
import type { Db } from '../db/connect';
import { preparedRows, statementName } from '../db/prepared';
import type { RowsToInsert, VersionedEvent } from '../projections/registry';
import { connectionOf } from '../projections/copy-text';

import { EVENT_COLUMNS, toEnvelope, type EventRow } from './rows';
/** A programming error, never a user's: the decider made an event its catalogue entry does not allow. */
function assertValid(event: DomainEvent): void {
  const error = eventDataError(event);
  if (error !== null) throw new Error(`Event ${event.type} does not match its schema: ${error}`);
}

export interface AppendMeta {
  club_id: string;
  actor_id: string;
  occurred_at: Date;
}

/** A versioned event with who caused it and when: the commands appended together may differ in both. */
export interface StampedEvent extends VersionedEvent {
  actor_id: string;
  occurred_at: Date;
}

/**
 * The SQL of a club's newest event number, NULL before its first: `clubId` is an SQL expression
 * (a parameter, a column). One index lookup on (club_id, club_seq).
 */
export const newestClubSeq = (clubId: string) =>
  `(SELECT club_seq FROM events WHERE club_id = ${clubId} ORDER BY club_seq DESC LIMIT 1)`;

/**
 * The club's newest event number. Commits of one club are serialised by its lock, so it only
 * grows: under the lock it numbers the next append; outside it, it versions cached answers.
 */
export async function lastClubSeq(trx: Db | Knex.Transaction, clubId: string): Promise<number> {
  const [last] = await preparedRows<{ club_seq: string | null }>(
    trx,
    'last-club-seq',
    trx.raw(`SELECT ${newestClubSeq('?')} AS club_seq`, [clubId]),
  );
  return Number(last?.club_seq ?? 0);
}

/**
 * The versions of the streams a command did not fold: a club's or member's stream (whose state is
 * its row), a group of bookings, those a court block cancels. Read here, in one query, only when
 * there is something to append; consistent because the club's lock is held.
 */
async function addCurrentVersions(
  trx: Knex.Transaction,
  events: readonly DomainEvent[],
  versions: Map<string, number>,
): Promise<void> {
  const unknown = [...new Set(events.map(streamKeyOf))].filter((key) => !versions.has(key));
  if (!unknown.length) return;
  const streams = unknown.map((key) => key.split('/') as [StreamType, string]);
  const { rows } = await trx.raw(
    `SELECT stream_type, stream_id, max(version) AS version FROM events
     WHERE (stream_type, stream_id) IN (SELECT * FROM unnest(?::text[], ?::uuid[]))
     GROUP BY stream_type, stream_id`,
    [streams.map(([type]) => type), streams.map(([, id]) => id)],
  );
  for (const key of unknown) versions.set(key, 0);
  for (const row of rows as { stream_type: StreamType; stream_id: string; version: number }[])
    versions.set(streamKey(row.stream_type, row.stream_id), row.version);
}

/**
 * A stream's key among the versions of an append: its type and id, since streams of two types may
 * share an id (a member's own stream and their account are both named by the member's id).
 */
export const streamKey = (type: StreamType, id: string): string => `${type}/${id}`;

const streamKeyOf = (event: DomainEvent): string => streamKey(streamTypeOf(event.type), streamIdOf(event));

/**
 * One statement appends every event of a command, or of several clubs' commands, and numbers each
 * club's after its newest event, so appending is a single round trip (the caller holds each club's
 * lock, so nobody else numbers in between). The events come as one JSON array; `n` is each
 * event's place among its club's. Rows that projections insert without a read (registry
 * `insertsWithAppend`) go with it, one CTE per table.
 */
function appendStatement(inserts: readonly { table: string; columns: readonly string[] }[]): string {
  const withs = inserts.map(({ table, columns }, i) => {
    const listed = columns.map((column) => `"${column}"`).join(', ');
    return `, insert_${i} AS (
      INSERT INTO "${table}" (${listed})
      SELECT ${listed} FROM jsonb_populate_recordset(NULL::"${table}", $${2 + i}::jsonb))`;
  });
  return `
    WITH given AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb)
        AS e(n int, club_id uuid, stream_type text, stream_id uuid, version int, type text,
             data jsonb, actor_id uuid, occurred_at timestamptz)
    ), last AS (
      SELECT c.club_id, coalesce(${newestClubSeq('c.club_id')}, 0) AS seq
      FROM (SELECT DISTINCT club_id FROM given) c
    ), appended AS (
      INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at)
      SELECT e.stream_type, e.stream_id, e.version, e.club_id, last.seq + e.n, e.type, e.data, e.actor_id,
             e.occurred_at
      FROM given e JOIN last USING (club_id)
      ORDER BY e.club_id, e.n
      RETURNING ${EVENT_COLUMNS.join(', ')})${withs.join('')}
    SELECT * FROM appended ORDER BY club_seq`;
}

/**
 * Each event checked against its schema and given its stream's next version. `expectedVersions`
 * maps streams the events touch (by `streamKey`) to their version before them; the unique (stream, version) key
 * turns any lost race into an error instead of a fork. The caller holds the club's lock.
 */
export async function versionEvents(
  trx: Knex.Transaction,
  events: readonly DomainEvent[],
  expectedVersions: ReadonlyMap<string, number>,
): Promise<VersionedEvent[]> {
  const versions = new Map(expectedVersions);
  await addCurrentVersions(trx, events, versions);
  return events.map((event) => {
    assertValid(event);
    const key = streamKeyOf(event);
    const version = (versions.get(key) ?? 0) + 1;
    versions.set(key, version);
    return { event, version };
  });
}

/** Appends one command's events (see `versionEvents`); the caller holds the club's lock. */
export async function appendEvents(
  trx: Knex.Transaction,
  events: readonly DomainEvent[],
  expectedVersions: ReadonlyMap<string, number>,
  meta: AppendMeta,
): Promise<EventEnvelope[]> {
  const versioned = await versionEvents(trx, events, expectedVersions);
  const { club_id: clubId, ...stamp } = meta;
  return appendVersioned(
    trx,
    clubId,
    versioned.map((event) => ({ ...event, ...stamp })),
  );
}

/**
 * Appends one club's versioned events, and the rows given to insert with them, in one round trip;
 * the events may come from several commands (../commands/handle appends a batch at once).
 */
export async function appendVersioned(
  trx: Knex.Transaction,
  clubId: string,
  events: readonly StampedEvent[],
  given: readonly RowsToInsert[] = [],
): Promise<EventEnvelope[]> {
  const [stored = []] = await appendForClubs(trx, [{ clubId, events }], given);
  return stored;
}

/**
 * Appends several clubs' versioned events, and the rows given to insert with them, in one round
 * trip (../commands/handle commits clubs' batches together); the caller holds every club's lock.
 * Each club's stored events come back in the order given.
 */
export async function appendForClubs(
  trx: Knex.Transaction,
  clubs: readonly { clubId: string; events: readonly StampedEvent[] }[],
  given: readonly RowsToInsert[] = [],
): Promise<EventEnvelope[][]> {
  const rows = clubs.flatMap(({ clubId, events }) =>
    events.map(({ event, version, actor_id, occurred_at }, index) => ({
      n: index + 1,
      club_id: clubId,
      stream_type: eventCatalogue[event.type].streamType,
      stream_id: streamIdOf(event),
      version,
      type: event.type,
      data: event.data,
      actor_id,
      occurred_at,
    })),
  );
  if (rows.length === 0) return clubs.map(() => []);
  const inserts = given.filter((insert) => insert.rows.length > 0);
  // Only the columns the rows name: a column they leave out keeps its default.
  const targets = inserts.map(({ table, rows: inserted }) => ({
    table,
    columns: Object.keys(inserted[0] ?? {}),
  }));
  const text = appendStatement(targets);
  // Straight to the transaction's connection, as a named statement: planned once per connection.
  const connection = await connectionOf(trx);
  const { rows: stored } = await connection.query<EventRow>({
    name: statementName('append-events', text),
    text,
    values: [JSON.stringify(rows), ...inserts.map((insert) => JSON.stringify(insert.rows))],
  });
  // Keyed as PostgreSQL prints a uuid, in lower case, whatever the caller's spelling.
  const byClub = new Map<string, EventEnvelope[]>(clubs.map(({ clubId }) => [clubId.toLowerCase(), []]));
  for (const row of stored) byClub.get(row.club_id)!.push(toEnvelope(row));
  return clubs.map(({ clubId }) => byClub.get(clubId.toLowerCase())!);
}

export async function readStream(
  db: Db | Knex.Transaction,
  streamType: StreamType,
  streamId: string,
): Promise<EventEnvelope[]> {
  const rows: EventRow[] = await db('events')
    .where({ stream_type: streamType, stream_id: streamId })
    .orderBy('version')
    .select([...EVENT_COLUMNS]);
  return rows.map(toEnvelope);
}

export interface EventFilter {
  clubId?: string;
  streamType?: StreamType;
  streamId?: string;
  types?: readonly EventType[];
  actorId?: string;
  since?: Date;
  until?: Date;
  /** Exclusive bounds on the club's sequence (club-scoped views: the admin log, "Stand am"). */
  afterClubSeq?: number;
  beforeClubSeq?: number;
  /** Exclusive bounds on the global position (operators' views). */
  afterPosition?: number;
  beforePosition?: number;
}

export function filteredEvents(db: Db | Knex.Transaction, filter: EventFilter): Knex.QueryBuilder {
  const query = db('events');
  if (filter.clubId) query.where('club_id', filter.clubId);
  if (filter.streamType) query.where('stream_type', filter.streamType);
  if (filter.streamId) query.where('stream_id', filter.streamId);
  if (filter.types?.length) query.whereIn('type', filter.types as string[]);
  if (filter.actorId) query.where('actor_id', filter.actorId);
  if (filter.since) query.where('occurred_at', '>=', filter.since);
  if (filter.until) query.where('occurred_at', '<', filter.until);
  if (filter.afterClubSeq !== undefined) query.where('club_seq', '>', filter.afterClubSeq);
  if (filter.beforeClubSeq !== undefined) query.where('club_seq', '<', filter.beforeClubSeq);
  if (filter.afterPosition !== undefined) query.where('position', '>', filter.afterPosition);
  if (filter.beforePosition !== undefined) query.where('position', '<', filter.beforePosition);
  return query;
}

/** A page of events; club-scoped filters page by the club's sequence, others by position. */
export async function listEvents(
  db: Db,
  filter: EventFilter,
  options: { limit: number; newestFirst: boolean },
): Promise<EventEnvelope[]> {
  const order = filter.clubId ? 'club_seq' : 'position';
  const rows: EventRow[] = await filteredEvents(db, filter)
    .orderBy(order, options.newestFirst ? 'desc' : 'asc')
    .limit(options.limit)
    .select([...EVENT_COLUMNS]);
  return rows.map(toEnvelope);
}

/**
 * An event as a club-scoped view shows it: `position` is the club's own event number. Admins see
 * only their club; a global position would tell them how busy every other club is.
 */
export function inClubOrder<E extends EventEnvelope>(event: E): E {
  return { ...event, position: event.club_seq };
}
