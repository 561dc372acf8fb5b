import { readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { eventCatalogue, eventTypes } from '@platzbuchung/domain/events/catalogue';
import { readMigrationsDir, readTimeZone } from '../config';
import { rebuildProjections } from '../projections/registry';
import type { Db } from './connect';

export const MIGRATIONS_DIR = readMigrationsDir();

/** A migration is recorded under its source name, whether it runs from .ts or from compiled .mjs. */
const MIGRATION_FILE = /^(\d{14}_[\w-]+)\.(ts|mjs)$/;

type Migration = Knex.Migration;

/**
 * Loads the TypeScript migrations with `import()` so they run as the ES modules they are, the same
 * way under tsx, vitest and the start script.
 */
class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  /** Recorded name ("…_clubs.ts") → the file that holds it here. */
  private readonly files = new Map<string, string>();

  async getMigrations(): Promise<string[]> {
    for (const file of await readdir(MIGRATIONS_DIR)) {
      const match = MIGRATION_FILE.exec(file);
      if (match) this.files.set(`${match[1]}.ts`, file);
    }
    return [...this.files.keys()].sort();
  }

  getMigrationName(migration: string): string {
    return migration;
  }

  async getMigration(migration: string): Promise<Migration> {
    const file = this.files.get(migration) ?? migration;
    return (await import(pathToFileURL(MIGRATIONS_DIR + file).href)) as Migration;
  }
}

/** Migrates to the latest schema; clubs without a zone of their own get `defaultTimeZone` (APP_TIMEZONE). */
export async function migrateLatest(db: Db, defaultTimeZone: string = readTimeZone()): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: new DirectoryMigrationSource() })) as [
    number,
    string[],
  ];
  await syncEventCatalogue(db);
  await fillClubTimeZones(db, defaultTimeZone);
  await fillNewReadModels(db, applied);
  return applied;
}

/**
 * Read models a migration adds to a log that already has events: created empty, filled here from
 * the log as a rebuild fills them, so a deployment answers from them at once.
 */
const FILLED_FROM_THE_LOG: Readonly<Record<string, string>> = {
  '20261127000500_stats.ts': 'stats',
};

async function fillNewReadModels(db: Db, applied: readonly string[]): Promise<void> {
  const names = applied.flatMap((migration) => FILLED_FROM_THE_LOG[migration] ?? []);
  if (names.length) await rebuildProjections(db, names);
}

/**
 * Clubs registered before clubs had zones lived by APP_TIMEZONE; the migration that added the
 * column cannot know it (db/migrations/20261123000500_club_local_rules.ts), the runner does.
 */
async function fillClubTimeZones(db: Db, defaultTimeZone: string): Promise<void> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'clubs' AND column_name = 'time_zone'`,
  );
  if (rows.length) await db('clubs').whereNull('time_zone').update({ time_zone: defaultTimeZone });
}

/** Applies migrations one by one up to and including `name` (for tests of one migration's data). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const source = new DirectoryMigrationSource();
  for (const migration of await source.getMigrations()) {
    if (migration > name) break;
    await db.migrate.up({ migrationSource: source, name: migration });
  }
}

/** Rolls back the newest migrations, one by one, until `name` is no longer applied. */
export async function migrateDownThrough(db: Db, name: string): Promise<void> {
  const source = new DirectoryMigrationSource();
  for (;;) {
    const [applied] = (await db.migrate.list({ migrationSource: source })) as [{ name: string }[], unknown];
    if (!applied.some((m) => m.name === name)) return;
    await db.migrate.down({ migrationSource: source });
  }
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: new DirectoryMigrationSource() }, true);
}

/**
 * Writes the domain's event catalogue into `event_types`, which the `events` table's key refers
 * to: the database then knows exactly the types the code knows. A type still used by stored events
 * cannot be dropped from the catalogue; the delete fails and says which.
 */
export async function syncEventCatalogue(db: Db): Promise<void> {
  const rows = eventTypes.map((type) => ({
    type,
    stream_type: eventCatalogue[type].streamType,
    label: eventCatalogue[type].label,
  }));
  await db.transaction(async (trx) => {
    await trx('event_types').insert(rows).onConflict('type').merge();
    await trx('event_types').whereNotIn('type', eventTypes).delete();
  });
}
