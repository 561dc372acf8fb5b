import knex, { type Knex } from 'knex';
import pg from 'pg';

// `date` columns are calendar days: keep them as 'YYYY-MM-DD' strings instead of JS Dates at
// local midnight, which would shift a day in any process not running in UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint positions fit comfortably in a JS number for any club's lifetime.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Knex;

export function connectDb(databaseUrl: string, pool: { min?: number; max?: number } = {}): Db {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}
