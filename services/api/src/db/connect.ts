import knex, { type Knex } from 'knex';
import pg from 'pg';
import { knexClientOptions } from '@platzbuchung/outbox/database-hosts';

// `date` columns are calendar days: keep them as 'YYYY-MM-DD' strings instead of JS Dates at
// local midnight, which would shift a day in any process not running in UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// pg-types names no constant for date[]; 1182 is its fixed OID in every PostgreSQL.
const DATE_ARRAY_OID = 1182 as unknown as typeof pg.types.builtins.DATE;
// date[] likewise: '{2026-12-07,2026-12-14}' → ['2026-12-07', '2026-12-14'] (dates hold no commas or quotes).
pg.types.setTypeParser(DATE_ARRAY_OID, (value) => {
  const inner = value.slice(1, -1);
  return inner ? inner.split(',') : [];
});
// bigint positions fit comfortably in a JS number for any club's lifetime.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Knex;

/**
 * Every session writes dates as ISO text, whatever the server, database or role sets: the readers
 * above keep a date's text as it comes, and a German or SQL `DateStyle` would turn '2026-11-24' into
 * '24.11.2026' in the typed reads while lists written by PostgreSQL as JSON stay ISO.
 */
const SESSION_OPTIONS = '-c DateStyle=ISO';

export function connectDb(databaseUrl: string, pool: { min?: number; max?: number } = {}): Db {
  return knex({
    ...knexClientOptions(databaseUrl, { options: SESSION_OPTIONS }),
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}

/** A replica may be away: a connection that cannot be made fails within seconds, not knex's minute. */
const REPLICA_CONNECT_TIMEOUT_MS = 3_000;

/** The read replica's pool (docs/scaling.md): as the primary's, but quick to give up on connecting. */
export function connectReplica(databaseUrl: string): Db {
  return knex({
    ...knexClientOptions(databaseUrl, {
      options: SESSION_OPTIONS,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    }),
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: REPLICA_CONNECT_TIMEOUT_MS * 2,
    // knex would print each failed connection to the console, every few seconds while the replica
    // is away; the replica check logs each change of state once instead (db/lagging-reads.ts).
    log: { warn: () => undefined },
  });
}
