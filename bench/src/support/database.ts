import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDb, type Db } from '@platzbuchung/api/db/connect';
import { migrateLatest } from '@platzbuchung/api/db/migrate';

/** Benchmarks create a throwaway database on BENCH_DATABASE_URL (default: the local PostgreSQL). */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `pb_bench_${randomBytes(4).toString('hex')}`;
  await onAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = connectDb(url.toString(), { max: 4 });
  await migrateLatest(db);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      await onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
