/**
 * The national database is kept between runs: generating ten million events takes minutes, reading
 * them milliseconds. It has a fixed name and carries a marker (the database's comment) naming the
 * generator's version, the schema's newest migration and the shape; a run regenerates it only when
 * it is missing or its marker differs. Runs add a few thousand bookings to it, in the future, where
 * the generated history never reaches; the measurements pick their slots after those.
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { connectDb, type Db } from '@platzbuchung/api/db/connect';
import { MIGRATIONS_DIR, migrateLatest } from '@platzbuchung/api/db/migrate';
import { rebuildProjections } from '@platzbuchung/api/projections/registry';
import { generateNational, type Generated } from './generate';
import type { NationalShape } from './shape';
import { seedBusyClub } from '../support/seed';

/** Raise it whenever what the generator writes changes: kept databases are then made anew. */
const GENERATOR_VERSION = 'national-3';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Marker {
  generator: string;
  migration: string;
  shape: NationalShape;
  /** The day of generation: the busy club's weeks are read around it. */
  today: string;
  busyClub: { clubId: string; adminEmail: string; events: number };
  generated: Generated;
  seconds: number;
}

export interface NationalDatabase {
  name: string;
  url: string;
  db: Db;
  marker: Marker;
  /** Whether this run generated it (else it was reused). */
  fresh: boolean;
  close(): Promise<void>;
}

function newestMigration(): string {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{14}_[\w-]+\.(ts|mjs)$/.test(file))
    .map((file) => file.replace(/\.(ts|mjs)$/, ''))
    .sort()
    .at(-1)!;
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>, admin = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string, admin: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function readMarker(name: string, admin: string): Promise<Marker | null> {
  const { rows } = await onAdmin(
    (client) =>
      client.query<{ comment: string | null }>(
        "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
        [name],
      ),
    admin,
  );
  const comment = rows[0]?.comment;
  if (!comment) return null;
  try {
    return JSON.parse(comment) as Marker;
  } catch {
    return null;
  }
}

function upToDate(marker: Marker | null, shape: NationalShape): marker is Marker {
  return (
    marker !== null &&
    marker.generator === GENERATOR_VERSION &&
    marker.migration === newestMigration() &&
    JSON.stringify(marker.shape) === JSON.stringify(shape)
  );
}

/**
 * The database `name` with `shape` generated into it: the kept one when its marker is current,
 * else made anew (dropped, created, migrated, the busy club seeded, the national clubs generated,
 * vacuumed and analysed as autovacuum would have by then). `admin` names the server (its
 * `postgres` database): BENCH_DATABASE_URL's unless a part brings a server of its own.
 */
export async function nationalDatabase(
  name: string,
  shape: NationalShape,
  today: string,
  log: (line: string) => void,
  admin = ADMIN_URL,
): Promise<NationalDatabase> {
  const url = urlOf(name, admin);
  let marker = await readMarker(name, admin);
  const fresh = !upToDate(marker, shape);
  if (fresh) {
    log(marker ? `${name} is outdated; generating it anew` : `${name} is missing; generating it`);
    const started = performance.now();
    await onAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
    }, admin);
    const db = connectDb(url, { max: 2 });
    try {
      await migrateLatest(db);
      log('the busy club (two years of history)…');
      const busy = await seedBusyClub(db, { name: 'Bench Lesen', historyFactor: 1, today });
      const generated = await generateNational(url, shape, today, log);
      // COPY writes the reservations read model; the club's numbers are folded from the log.
      // The fold pages through the events by stream: with the table's statistics known the planner
      // walks the stream index for each page instead of sorting the table.
      await db.raw('ANALYZE events');
      log('the club numbers (stats) from the log…');
      await rebuildProjections(db, ['stats']);
      log('VACUUM ANALYZE…');
      await db.raw('VACUUM ANALYZE');
      marker = {
        generator: GENERATOR_VERSION,
        migration: newestMigration(),
        shape,
        today,
        busyClub: { clubId: busy.clubId, adminEmail: busy.adminEmail, events: busy.events },
        generated,
        seconds: Math.round((performance.now() - started) / 1000),
      };
    } finally {
      await db.destroy();
    }
    // Written last: a generation that broke off leaves no marker, so the next run starts again.
    const comment = JSON.stringify(marker).replace(/'/g, "''");
    await onAdmin((client) => client.query(`COMMENT ON DATABASE "${name}" IS '${comment}'`), admin);
  }
  const db = connectDb(url, { max: 4 });
  return { name, url, db, marker: marker!, fresh, close: () => db.destroy() };
}

/** Drops a national database (the test's small one; the bench keeps its own). */
export async function dropNationalDatabase(name: string): Promise<void> {
  await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
