/**
 * The Warteliste's read model (docs/adding-a-change.md): one row per entry still waiting. Besides
 * its own stream's events it reads new bookings, since an entry ends when its member books the hour
 * themself; a later hour than now is the readers' filter, so a passed entry needs no event.
 */
import type { Knex } from 'knex';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { ReservationMade } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { WaitlistEvent } from '@platzbuchung/domain/waitlist/events';
import { occupies, type WaitingRegion, type WaitlistEntry } from '@platzbuchung/domain/waitlist/waitlist';
import type { Projection, ProjectionDifference } from './projection';

const TABLE = 'waitlist_entries';
const COLUMNS = ['id', 'club_id', 'user_id', 'court_num', 'date', 'start_time', 'version'] as const;

interface EntryRow {
  id: string;
  club_id: string;
  user_id: string;
  court_num: string;
  date: string;
  start_time: number;
  version: number;
}

export const toEntry = ({ id, version: _version, ...row }: EntryRow): WaitlistEntry => ({ _id: id, ...row });

/** Entries whose hour has not begun at `now`, for one club and optionally one member. */
export async function entriesToCome(
  db: Knex,
  clubId: string,
  now: LocalMoment,
  userId?: string,
): Promise<WaitlistEntry[]> {
  const query = db(TABLE)
    .where('club_id', clubId)
    .andWhere((q) =>
      q
        .where('date', '>', now.date)
        .orWhere((today) => today.where('date', now.date).andWhere('start_time', '>=', now.hour)),
    )
    .orderBy(['date', 'start_time', 'court_num'])
    .select(...COLUMNS);
  if (userId) query.andWhere('user_id', userId);
  return ((await query) as EntryRow[]).map(toEntry);
}

/**
 * Entries whose hour has not begun at `now` inside a region (`regionOfBooking`, `regionOfBlock`):
 * what a change may free is read by court, days and hours through the hour index, never every
 * entry of the club.
 */
export async function entriesWithin(
  db: Knex,
  clubId: string,
  now: LocalMoment,
  region: WaitingRegion,
): Promise<WaitlistEntry[]> {
  const from = region.from > now.date ? region.from : now.date;
  if (region.until !== null && region.until < from) return [];
  const query = db(TABLE)
    .where('club_id', clubId)
    .whereIn('court_num', [...region.court_nums])
    .where('date', '>=', from)
    .where('start_time', '>=', region.start_time)
    .where('start_time', '<', region.end_time)
    .whereNot((today) => today.where('date', now.date).andWhere('start_time', '<', now.hour))
    .orderBy(['date', 'start_time', 'court_num'])
    .select(...COLUMNS);
  if (region.until !== null) query.where('date', '<=', region.until);
  if (region.weekday !== null) query.whereRaw('extract(dow from date) = ?', [region.weekday]);
  return ((await query) as EntryRow[]).map(toEntry);
}

/** What a stored event does to the rows, folded in memory (rebuild) or applied to the table. */
type Entries = Map<string, EntryRow>;

const rowOf = (event: EventEnvelope<WaitlistEvent> & { type: 'WaitlistJoined' }): EntryRow => ({
  id: event.entry_id,
  club_id: event.club_id,
  ...event.data,
  version: event.version,
});

function fold(entries: Entries, event: EventEnvelope<WaitlistEvent | ReservationMade>): void {
  switch (event.type) {
    case 'WaitlistJoined':
      entries.set(event.entry_id, rowOf(event));
      return;
    case 'WaitlistLeft':
      entries.delete(event.entry_id);
      return;
    case 'ReservationMade':
      for (const id of endedBy(event, entries.values())) entries.delete(id);
  }
}

/** The entries of the booking's member that the new booking takes place in: they have it now. */
function endedBy(event: EventEnvelope<ReservationMade>, entries: Iterable<EntryRow>): string[] {
  const booking = evolve(null, event);
  if (!booking) return [];
  return [...entries]
    .filter((row) => row.user_id === booking.user_id && row.club_id === booking.club_id)
    .filter((row) => occupies(booking, row))
    .map((row) => row.id);
}

async function applyAll(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void> {
  const bookings = events.filter((e): e is EventEnvelope<ReservationMade> => e.type === 'ReservationMade');
  // Most bookings are made by members who wait for nothing: one indexed read tells.
  const users = [...new Set(bookings.map((e) => e.data.user_id))];

  const waiting: EntryRow[] = users.length
    ? await trx(TABLE)
        .whereIn('user_id', users)
        .select(...COLUMNS)
    : [];
  for (const event of events as EventEnvelope<WaitlistEvent | ReservationMade>[]) {
    if (event.type === 'WaitlistJoined') {
      await trx(TABLE).insert(rowOf(event));
    } else if (event.type === 'WaitlistLeft') {
      await trx(TABLE).where('id', event.entry_id).delete();
    } else if (waiting.length) {
      const ended = endedBy(event, waiting);
      if (ended.length) await trx(TABLE).whereIn('id', ended).delete();
    }
  }
}

/** Every entry the log leaves waiting, of members that still exist (erasure removed the others). */
async function foldAll(trx: Knex.Transaction): Promise<EntryRow[]> {
  const { rows } = await trx.raw(`
    SELECT position, stream_id, version, type, data, club_id FROM events
    WHERE stream_type = 'waitlist'
       OR (type = 'ReservationMade' AND data->>'user_id' IN
             (SELECT data->>'user_id' FROM events WHERE type = 'WaitlistJoined'))
    ORDER BY position`);
  const entries: Entries = new Map();
  for (const raw of rows as {
    stream_id: string;
    version: number;
    type: string;
    data: never;
    club_id: string;
  }[]) {
    const key = raw.type === 'ReservationMade' ? 'reservation_id' : 'entry_id';
    fold(entries, { ...raw, [key]: raw.stream_id } as unknown as EventEnvelope<
      WaitlistEvent | ReservationMade
    >);
  }
  const existing = new Set<string>(
    await trx('users')
      .whereIn('id', [...new Set([...entries.values()].map((row) => row.user_id))])
      .pluck('id'),
  );
  return [...entries.values()].filter((row) => existing.has(row.user_id));
}

async function insertAll(trx: Knex.Transaction, table: string, rows: readonly EntryRow[]): Promise<void> {
  if (rows.length) await trx.batchInsert(table, rows as EntryRow[], 1000).transacting(trx);
}

export const waitlistProjection: Projection = {
  name: 'waitlist',
  handles: ['WaitlistJoined', 'WaitlistLeft', 'ReservationMade'],
  tables: [TABLE],
  apply: applyAll,
  async rebuild(trx) {
    const rows = await foldAll(trx);
    await trx(TABLE).delete();
    await insertAll(trx, TABLE, rows);
    return rows.length;
  },
  async verify(trx) {
    await trx.raw(`CREATE TEMP TABLE ${TABLE}_rebuilt (LIKE ${TABLE} INCLUDING DEFAULTS) ON COMMIT DROP`);
    const rows = await foldAll(trx);
    await insertAll(trx, `${TABLE}_rebuilt`, rows);
    const { rows: differing } = await trx.raw(`
      WITH live_only AS (SELECT * FROM ${TABLE} EXCEPT SELECT * FROM ${TABLE}_rebuilt),
           rebuilt_only AS (SELECT * FROM ${TABLE}_rebuilt EXCEPT SELECT * FROM ${TABLE})
      SELECT coalesce(l.id, r.id) AS id, to_jsonb(l) AS live, to_jsonb(r) AS rebuilt
      FROM live_only l FULL JOIN rebuilt_only r ON l.id = r.id ORDER BY 1`);
    return { rows: rows.length, differences: differing as ProjectionDifference[] };
  },
};
