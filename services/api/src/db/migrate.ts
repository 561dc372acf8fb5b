import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Db } from './connect';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../../db/migrations/', import.meta.url));

type Migration = Knex.Migration;

/**
 * Loads the TypeScript migrations with `import()` so they run as the ES modules they are, the same
 * way under tsx, vitest and the start script.
 */
class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    const files = await readdir(MIGRATIONS_DIR);
    return files.filter((file) => /^\d{14}_[\w-]+\.ts$/.test(file)).sort();
  }

  getMigrationName(migration: string): string {
    return migration;
  }

  async getMigration(migration: string): Promise<Migration> {
    return (await import(pathToFileURL(MIGRATIONS_DIR + migration).href)) as Migration;
  }
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: new DirectoryMigrationSource() })) as [
    number,
    string[],
  ];
  return applied;
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: new DirectoryMigrationSource() }, true);
}
