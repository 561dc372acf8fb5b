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
    expect(await tables()).toEqual(expect.arrayContaining(['clubs', 'users', 'sessions', 'rate_limits']));

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

  it('down: removes every table again', async () => {
    await migrateRollbackAll(db);
    expect(await tables()).toEqual([]);
  });

  it('up again after down', async () => {
    await migrateLatest(db);
    expect(await tables()).toEqual(expect.arrayContaining(['clubs', 'users', 'sessions']));
  });
});
