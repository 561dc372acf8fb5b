import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connectDb, type Db } from '../src/db/connect';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from './support/databases';

describe('dates on a server set to another DateStyle', () => {
  const name = uniqueDatabaseName('datestyle');
  const url = withDatabase(adminDatabaseUrl(), name);
  let db: Db;

  beforeAll(async () => {
    await createDatabase(name);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`ALTER DATABASE "${name}" SET DateStyle = 'German, DMY'`);
    await admin.end();
    db = connectDb(url);
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(name);
  });

  it('still reads calendar days as ISO text', async () => {
    const plain = new pg.Client({ connectionString: url });
    await plain.connect();
    const { rows: unpinned } = await plain.query(`SELECT '2026-11-24'::date AS day`);
    await plain.end();
    // What the database's setting does to a session that does not pin its own.
    expect(unpinned[0].day).toBe('24.11.2026');

    const { rows } = await db.raw(
      `SELECT '2026-11-24'::date AS day, ARRAY['2026-12-08'::date, '2026-12-15'] AS days`,
    );
    expect(rows[0]).toEqual({ day: '2026-11-24', days: ['2026-12-08', '2026-12-15'] });
  });
});
