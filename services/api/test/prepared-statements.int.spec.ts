import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { Club } from '@platzbuchung/domain/types';
import { findClub, findSessionWithUser } from '../src/accounts/users-store';
import { connectDb, type Db } from '../src/db/connect';
import { makeReservationCommand } from '../src/commands/reservations';
import { listReservationsJson } from '../src/reservations/window-list';
import { lastClubSeq } from '../src/events/store';
import { createTestDatabase } from './support/test-api';

const NOW = new Date('2026-11-23T09:30:00Z');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** One connection, so every statement below is prepared on the session the check reads. */
let db: Db;
let club: Club;
/** A second club, with no bookings: several clubs' contexts are read in one statement. */
let otherClub: Club;
let memberIds: string[];

/** A club of four courts, written straight into the table. */
async function insertClub(name: string): Promise<Club> {
  const [{ id }] = await database
    .db('clubs')
    .insert({
      name,
      courts_count: 4,
      start_hour: 8,
      end_hour: 22,
      reservations_limit: 3,
      time_zone: 'Europe/Berlin',
    })
    .returning('id');
  return (await findClub(database.db, id))!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDb(database.url, { max: 1 });
  club = await insertClub('Vorbereitet');
  otherClub = await insertClub('Nebenan');
  const members: { id: string }[] = await database
    .db('users')
    .insert(
      ['a', 'b', 'c'].map((name) => ({
        club_id: club._id,
        first_name: name,
        last_name: 'Mitglied',
        email: `${name}@prepared.invalid`,
        password_hash: 'x',
        role: 'player',
      })),
    )
    .returning('id');
  memberIds = members.map((member) => member.id);
});

afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

/** The statements prepared on the one connection, by name. */
async function preparedNames(): Promise<string[]> {
  const { rows } = await db.raw(`SELECT name FROM pg_prepared_statements ORDER BY name`);
  return rows.map((row: { name: string }) => row.name);
}

const named = (names: readonly string[], prefix: string) =>
  names.filter((name) => name.startsWith(`${prefix}-`));

const booking = (court: string, userId: string) => ({
  type: 'MakeReservation' as const,
  reservation_id: crypto.randomUUID(),
  court_num: court,
  actor: { user_id: userId, role: 'player' as const },
  start_time: 10,
  end_time: 11,
  date: '2026-11-24',
  label: null,
  recurring: false,
  players: [],
});

describe('statements every request makes', () => {
  it('are prepared once per connection, whatever their values', async () => {
    for (const sessionId of ['eins', 'zwei']) await findSessionWithUser(db, sessionId, NOW);
    for (let i = 0; i < 2; i++) await lastClubSeq(db, club._id);
    for (const from of ['2026-11-23', '2026-11-30']) {
      await listReservationsJson(db, club._id, { from, to: from });
    }
    const names = await preparedNames();
    expect(named(names, 'session-users')).toHaveLength(1);
    expect(named(names, 'last-club-seq')).toHaveLength(1);
    expect(named(names, 'reservation-list')).toHaveLength(1);
  });

  it("keep a booking context's text the same for any number of courts, members and clubs", async () => {
    const now = clubNow(club.time_zone, NOW);
    const batch = makeReservationCommand.batch!;
    await batch.loadContexts(db, [{ club, commands: [booking('1', memberIds[0]!)], now }]);
    const many = [booking('1', memberIds[0]!), booking('2', memberIds[1]!), booking('3', memberIds[2]!)];
    await batch.loadContexts(db, [{ club, commands: many, now }]);
    await batch.loadContexts(db, [
      { club, commands: many, now },
      { club: otherClub, commands: [booking('1', memberIds[0]!)], now },
    ]);
    expect(named(await preparedNames(), 'booking-contexts')).toHaveLength(1);
  });

  it('find what they look for', async () => {
    await database.db('reservations').insert({
      id: crypto.randomUUID(),
      club_id: club._id,
      user_id: memberIds[1]!,
      court_num: '2',
      start_time: 9,
      end_time: 10,
      date: '2026-11-24',
      recurring: false,
      version: 1,
    });
    const now = clubNow(club.time_zone, NOW);
    const onOtherCourt = await makeReservationCommand.loadContext(db, club, booking('3', memberIds[0]!), now);
    expect(onOtherCourt.existing).toEqual([]);
    const sameCourt = await makeReservationCommand.loadContext(db, club, booking('2', memberIds[0]!), now);
    const ownBooking = await makeReservationCommand.loadContext(db, club, booking('4', memberIds[1]!), now);
    expect(sameCourt.existing.map((r) => r.court_num)).toEqual(['2']);
    expect(ownBooking.existing.map((r) => r.user_id)).toEqual([memberIds[1]]);
    // Several clubs' contexts in one go: each club's own, in the order asked.
    const [theirs, ours] = await makeReservationCommand.batch!.loadContexts(db, [
      { club: otherClub, commands: [booking('2', memberIds[0]!)], now },
      { club, commands: [booking('2', memberIds[0]!)], now },
    ]);
    expect(theirs!.existing).toEqual([]);
    expect(theirs!.club).toBe(otherClub);
    expect(ours!.existing.map((r) => r.court_num)).toEqual(['2']);
    const [day] = await listReservationsJson(db, club._id, { from: '2026-11-24', to: '2026-11-24' });
    expect(JSON.parse(day!.json)).toMatchObject({ court_num: '2', start_time: 9 });
  });
});
