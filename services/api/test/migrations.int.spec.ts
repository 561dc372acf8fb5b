import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../src/db/connect';
import { migrateLatest, migrateRollbackAll } from '../src/db/migrate';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from './support/databases';

/** Migrations run up, hold data with their constraints, and roll back to an empty schema. */
let db: Db;
let name: string;

beforeAll(async () => {
  name = uniqueDatabaseName('pb_migrate');
  await createDatabase(name);
  db = connectDb(withDatabase(adminDatabaseUrl(), name), { max: 2 });
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(name);
});

const tables = async () =>
  (await db('pg_tables').where({ schemaname: 'public' }).pluck('tablename')).filter(
    (t: string) => !t.startsWith('knex_'),
  );

describe('migrations', () => {
  it('up: creates the tables and their rules hold', async () => {
    await migrateLatest(db);
    expect(await tables()).toEqual(
      expect.arrayContaining(['clubs', 'users', 'sessions', 'rate_limits', 'password_resets']),
    );

    const [club] = await db('clubs')
      .insert({ name: 'TC Test', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 })
      .returning('id');
    const user = { club_id: club.id, first_name: 'A', last_name: 'B', password_hash: 'x', role: 'player' };
    await db('users').insert({ ...user, email: 'Anna@Example.de' });
    await expect(db('users').insert({ ...user, email: 'anna@example.DE' })).rejects.toThrow(
      /users_email_lower_key/,
    );
    await expect(db('users').insert({ ...user, email: 'c@example.de', role: 'owner' })).rejects.toThrow(
      /users_role_known/,
    );
    await expect(
      db('clubs').insert({ name: 'X', courts_count: 21, start_hour: 8, end_hour: 20, reservations_limit: 3 }),
    ).rejects.toThrow(/clubs_courts_count_range/);
    await expect(
      db('clubs').insert({ name: 'X', courts_count: 2, start_hour: 12, end_hour: 12, reservations_limit: 3 }),
    ).rejects.toThrow(/clubs_end_after_start/);
  });

  it('up: password_resets keeps only well-formed, unique token hashes and follows its user', async () => {
    const [club] = await db('clubs')
      .insert({ name: 'TC Reset', courts_count: 2, start_hour: 8, end_hour: 20, reservations_limit: 3 })
      .returning('id');
    const [user] = await db('users')
      .insert({
        club_id: club.id,
        first_name: 'R',
        last_name: 'S',
        email: 'r@example.de',
        password_hash: 'x',
        role: 'player',
      })
      .returning('id');
    const reset = { user_id: user.id, expires_at: db.raw("now() + interval '1 hour'") };
    await db('password_resets').insert({ ...reset, token_hash: 'a'.repeat(64) });
    await expect(db('password_resets').insert({ ...reset, token_hash: 'a'.repeat(64) })).rejects.toThrow(
      /password_resets_token_hash_key/,
    );
    await expect(db('password_resets').insert({ ...reset, token_hash: 'raw-token' })).rejects.toThrow(
      /password_resets_token_hash_sha256/,
    );
    await db('users').where({ id: user.id }).delete();
    expect(await db('password_resets').where({ user_id: user.id })).toEqual([]);
  });

  it('club name keys: clubs that already clash keep their names, only the oldest holds the key', async () => {
    const migration = (await import('../../../db/migrations/20261123000400_club_name_key')) as {
      up: (knex: Db) => Promise<void>;
      down: (knex: Db) => Promise<void>;
    };
    await migration.down(db);
    const club = (name: string, created_at: string) => ({
      name,
      courts_count: 2,
      start_hour: 8,
      end_hour: 20,
      reservations_limit: 3,
      created_at,
    });
    await db('clubs').insert([
      club('TC Doppelt', '2026-01-02T00:00:00Z'),
      club('TC DOPPELT', '2026-01-01T00:00:00Z'),
      club('ТС Doppelt', '2026-01-03T00:00:00Z'),
    ]);
    await migration.up(db);
    const keys = await db('clubs')
      .whereIn('name', ['TC Doppelt', 'TC DOPPELT', 'ТС Doppelt'])
      .orderBy('created_at')
      .select('name', 'name_key');
    expect(keys).toEqual([
      { name: 'TC DOPPELT', name_key: 'tcdoppeit' },
      { name: 'TC Doppelt', name_key: null },
      { name: 'ТС Doppelt', name_key: null },
    ]);
    await expect(
      db('clubs').insert({ ...club('tc doppelt', '2026-01-04T00:00:00Z'), name_key: 'tcdoppeit' }),
    ).rejects.toThrow(/clubs_name_key_unique/);
  });

  it('co-player notices by id: rows that named people lose the names; those not sent yet are dropped with the reason', async () => {
    const migration = (await import('../../../db/migrations/20261128000300_co_player_notices_by_id')) as {
      up: (knex: Db) => Promise<void>;
    };
    const slot = { court: '2', date: '2026-11-26', start: 18, end: 19 };
    const row = (kind: string, status: string, facts: object) => ({
      kind,
      to_address: `${kind}-${status}@example.de`,
      status,
      payload: JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        link: 'x',
        facts: { kind, clubName: 'TC', slot, ...facts },
      }),
    });
    await db('mail_outbox').insert([
      row('co-player-named', 'waiting', { bookerName: 'Steffi Graf' }),
      row('co-player-left', 'sent', { playerName: 'Anna Alt' }),
      row('co-player-players-changed', 'held', {
        bookerName: 'Steffi Graf',
        players: 'Steffi Graf mit Anna Alt',
      }),
      row('co-player-named', 'sent', { booker: '00000000-0000-4000-8000-000000000001' }),
    ]);
    await migration.up(db);
    const after = await db('mail_outbox').where('kind', 'like', 'co-player-%').orderBy('to_address');
    expect(JSON.stringify(after.map((r) => r.payload))).not.toMatch(/Steffi|Anna/);
    expect(after.map((r) => [r.to_address, r.status])).toEqual([
      ['co-player-left-sent@example.de', 'sent'],
      ['co-player-named-sent@example.de', 'sent'],
      ['co-player-named-waiting@example.de', 'dropped'],
      ['co-player-players-changed-held@example.de', 'dropped'],
    ]);
    expect(after.find((r) => r.status === 'sent' && r.kind === 'co-player-named').payload.facts.booker).toBe(
      '00000000-0000-4000-8000-000000000001',
    );
    await db('mail_outbox').where('kind', 'like', 'co-player-%').delete();
  });

  it('member status: existing members become active, existing clubs keep signing up without approval', async () => {
    const migration = (await import('../../../db/migrations/20261123000600_member_status')) as {
      up: (knex: Db) => Promise<void>;
      down: (knex: Db) => Promise<void>;
    };
    await migration.down(db);
    const [club] = await db('clubs')
      .insert({ name: 'TC Bestand', courts_count: 2, start_hour: 8, end_hour: 20, reservations_limit: 3 })
      .returning('id');
    const member = { club_id: club.id, first_name: 'A', last_name: 'B', password_hash: 'x' };
    await db('users').insert([
      { ...member, email: 'alt-admin@example.de', role: 'admin' },
      { ...member, email: 'alt-player@example.de', role: 'player' },
    ]);
    await migration.up(db);
    expect(await db('clubs').where({ id: club.id }).first('member_approval')).toEqual({
      member_approval: false,
    });
    expect(await db('users').where({ club_id: club.id }).pluck('status')).toEqual(['active', 'active']);
    await expect(
      db('users').insert({ ...member, email: 'neu@example.de', role: 'player', status: 'banned' }),
    ).rejects.toThrow(/users_status_known/);
  });

  it('down: removes every table again', async () => {
    await migrateRollbackAll(db);
    expect(await tables()).toEqual([]);
  });

  it('up again after down', async () => {
    await migrateLatest(db);
    expect(await tables()).toEqual(expect.arrayContaining(['clubs', 'users', 'sessions']));
  });
});
