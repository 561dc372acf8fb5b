import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventCatalogue,
  eventTypes,
  streamIdOf,
  streamTypeOf,
  type DomainEvent,
} from '@platzbuchung/domain/events/catalogue';
import { exampleEvents } from '@platzbuchung/domain/events/examples';
import { connectDb, type Db } from '../src/db/connect';
import { migrateDownThrough, migrateLatest, migrateUpTo } from '../src/db/migrate';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from './support/databases';
import { runEventsCli } from './support/events-cli';
import { projections } from '../src/projections/registry';

/**
 * The move to one event log: reservation events and the former `club_changes` rows end up as
 * events of their streams with the club's own sequence; rolling back gives both tables back.
 * The database's list of event types is the domain's catalogue.
 */
const ONE_EVENT_LOG = '20261123000100_one_event_log.ts';
const BEFORE = '20261122000400_club_changes.ts';

let db: Db;
let name: string;
let url: string;

beforeAll(async () => {
  name = uniqueDatabaseName('pb_eventlog');
  await createDatabase(name);
  url = withDatabase(adminDatabaseUrl(), name);
  db = connectDb(url, { max: 2 });
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(name);
});

const settings = (courts: number) => ({
  name: 'TC Alt',
  courts_count: courts,
  start_hour: 8,
  end_hour: 20,
  reservations_limit: 3,
});

async function seedBeforeTheMove() {
  const [club] = await db('clubs').insert(settings(4)).returning('id');
  const [admin] = await db('users')
    .insert({
      club_id: club.id,
      first_name: 'A',
      last_name: 'Dmin',
      email: 'a@x.de',
      password_hash: 'x',
      role: 'admin',
    })
    .returning('id');
  const [player] = await db('users')
    .insert({
      club_id: club.id,
      first_name: 'P',
      last_name: 'Layer',
      email: 'p@x.de',
      password_hash: 'x',
      role: 'player',
    })
    .returning('id');
  const booking = '00000000-0000-4000-8000-0000000000b1';
  const made = {
    club_id: club.id,
    user_id: player.id,
    court_num: '3',
    start_time: 10,
    end_time: 11,
    date: '2026-11-24',
    recurring: false,
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  await db('reservation_events').insert({
    reservation_id: booking,
    version: 1,
    club_id: club.id,
    type: 'ReservationMade',
    data: made,
    actor_id: player.id,
    occurred_at: at(1),
  });
  await db('club_changes').insert({
    club_id: club.id,
    actor_id: admin.id,
    kind: 'settings_changed',
    data: { before: settings(4), after: settings(6) },
    occurred_at: at(2),
  });
  await db('reservation_events').insert({
    reservation_id: booking,
    version: 2,
    club_id: club.id,
    type: 'ReservationCancelled',
    data: { delete_type: 'all' },
    actor_id: player.id,
    occurred_at: at(3),
  });
  await db('club_changes').insert({
    club_id: club.id,
    actor_id: admin.id,
    kind: 'role_changed',
    data: { user_id: player.id, before: 'player', after: 'admin' },
    occurred_at: at(4),
  });
  return { club: club.id as string, admin: admin.id as string, player: player.id as string, booking };
}

let seeded: Awaited<ReturnType<typeof seedBeforeTheMove>>;

describe('the move to one event log', () => {
  it('up: reservation events and club changes become events of their streams, in the club’s order', async () => {
    await migrateUpTo(db, BEFORE);
    seeded = await seedBeforeTheMove();
    await migrateLatest(db);
    const events = await db('events')
      .orderBy('club_seq')
      .select('club_seq', 'stream_type', 'stream_id', 'version', 'type', 'actor_id');
    expect(events).toEqual([
      {
        club_seq: 1,
        stream_type: 'reservation',
        stream_id: seeded.booking,
        version: 1,
        type: 'ReservationMade',
        actor_id: seeded.player,
      },
      {
        club_seq: 2,
        stream_type: 'club',
        stream_id: seeded.club,
        version: 1,
        type: 'ClubSettingsChanged',
        actor_id: seeded.admin,
      },
      {
        club_seq: 3,
        stream_type: 'reservation',
        stream_id: seeded.booking,
        version: 2,
        type: 'ReservationCancelled',
        actor_id: seeded.player,
      },
      {
        club_seq: 4,
        stream_type: 'member',
        stream_id: seeded.player,
        version: 1,
        type: 'MemberRoleChanged',
        actor_id: seeded.admin,
      },
    ]);
    const tables = await db('pg_tables').where({ schemaname: 'public' }).pluck('tablename');
    expect(tables).not.toContain('club_changes');
    expect(tables).not.toContain('reservation_events');
  });

  it('the log stays append-only and refuses unknown types and a second number in the club’s sequence', async () => {
    await expect(db('events').update({ type: 'SeriesEnded' })).rejects.toThrow(/append-only/);
    await expect(db('events').delete()).rejects.toThrow(/append-only/);
    await expect(db.raw('TRUNCATE events')).rejects.toThrow(/append-only/);
    const row = {
      stream_type: 'reservation',
      stream_id: '00000000-0000-4000-8000-0000000000b2',
      version: 1,
      club_id: seeded.club,
      club_seq: 5,
      data: {},
      actor_id: seeded.admin,
    };
    await expect(db('events').insert({ ...row, type: 'Nope' })).rejects.toThrow(/events_type_known/);
    await expect(db('events').insert({ ...row, type: 'ClubSettingsChanged' })).rejects.toThrow(
      /events_type_known/,
    );
    await expect(db('events').insert({ ...row, club_seq: 4, type: 'SeriesEnded' })).rejects.toThrow(
      /events_club_seq_key/,
    );
  });

  it("the database's event types are exactly the domain's catalogue", async () => {
    const stored = await db('event_types').orderBy('type').select('type', 'stream_type', 'label');
    expect(stored).toEqual(
      [...eventTypes].sort().map((type) => ({
        type,
        stream_type: eventCatalogue[type].streamType,
        label: eventCatalogue[type].label,
      })),
    );
  });

  it('down: gives back reservation_events and club_changes with their rows', async () => {
    await migrateDownThrough(db, ONE_EVENT_LOG);
    const reservations = await db('reservation_events')
      .orderBy('position')
      .select('reservation_id', 'version', 'type');
    expect(reservations).toEqual([
      { reservation_id: seeded.booking, version: 1, type: 'ReservationMade' },
      { reservation_id: seeded.booking, version: 2, type: 'ReservationCancelled' },
    ]);
    const changes = await db('club_changes').orderBy('position').select('kind', 'data', 'actor_id');
    expect(changes).toEqual([
      { kind: 'settings_changed', data: { before: settings(4), after: settings(6) }, actor_id: seeded.admin },
      {
        kind: 'role_changed',
        data: { user_id: seeded.player, before: 'player', after: 'admin' },
        actor_id: seeded.admin,
      },
    ]);
    await expect(db('club_changes').delete()).rejects.toThrow(/append-only/);
    await expect(db('reservation_events').delete()).rejects.toThrow(/append-only/);
  });

  it('up again after down', async () => {
    await migrateLatest(db);
    expect(await db('events').count({ n: '*' })).toEqual([{ n: 4 }]);
  });
});

const runCli = (...args: string[]) => runEventsCli(url, ...args);

/** Appends one event as the next of its stream and of the club, as the store would number it. */
async function appendRow(event: DomainEvent): Promise<void> {
  const stream_type = streamTypeOf(event.type);
  const stream_id = streamIdOf(event);
  const stream = await db('events').where({ stream_type, stream_id }).max({ version: 'version' }).first();
  const club = await db('events').where({ club_id: seeded.club }).max({ seq: 'club_seq' }).first();
  const version = Number(stream?.version ?? 0);
  const seq = Number(club?.seq ?? 0);
  await db('events').insert({
    stream_type,
    stream_id,
    version: version + 1,
    club_id: seeded.club,
    club_seq: seq + 1,
    type: event.type,
    data: event.data,
    actor_id: seeded.admin,
  });
}

describe("the CLI's --type filter", () => {
  it('takes every catalogue type and nothing else, and names the types in its help', async () => {
    const help = await runCli('--help');
    for (const type of eventTypes) expect(help.stdout).toContain(type);
    const all = await runCli('list', '--type', eventTypes.join(','), '--json');
    expect(all.status, all.stderr).toBe(0);
    const stored = await db('events').count({ n: '*' }).first();
    expect(all.stdout.trim().split('\n')).toHaveLength(Number(stored?.n));
    const settingsOnly = await runCli('list', '--type', 'ClubSettingsChanged', '--json');
    expect(JSON.parse(settingsOnly.stdout)).toMatchObject({
      type: 'ClubSettingsChanged',
      stream_type: 'club',
    });
    const unknown = await runCli('list', '--type', 'Nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown --type "Nope"');
  });

  it('rebuild, then verify, is green with every kind of event in the log', async () => {
    // One example of every catalogue type, appended in catalogue order after what the move left.
    const examples = exampleEvents({
      club: seeded.club,
      user: seeded.player,
    });
    for (const type of eventTypes) await appendRow(examples[type]);
    const kinds = await db('events').distinct('type').pluck('type');
    expect(kinds.sort()).toEqual([...eventTypes].sort());
    const rebuilt = await runCli('rebuild');
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/club-settings: rebuilt 1 rows/);
    const verified = await runCli('verify');
    expect(verified.status, verified.stdout).toBe(0);
    expect(verified.stdout.match(/no difference/g)).toHaveLength(projections.length);
    for (const { name } of projections) {
      expect(verified.stdout).toMatch(new RegExp(`^${name}: verified \\d+ rows, no difference$`, 'm'));
    }
  });

  it('lists settings and role changes in German beside the bookings', async () => {
    const table = await runCli('list');
    expect(table.stdout).toMatch(/Einstellungen geändert .*Plätze: 4 → 6/);
    expect(table.stdout).toMatch(/Rolle geändert .*P Layer: Spieler → Administrator/);
  });
});
