import type { TestProject } from 'vitest/node';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from './databases';
import { connectDb } from '../../src/db/connect';
import { migrateLatest } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * Migrates one template database per run; every test file then copies it (CREATE DATABASE …
 * TEMPLATE), which is far quicker than migrating a fresh database per file.
 */
export default async function setup(project: TestProject) {
  const template = uniqueDatabaseName('pb_tpl');
  await createDatabase(template);
  const db = connectDb(withDatabase(adminDatabaseUrl(), template), { max: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('templateDatabase', template);
  return async () => {
    await dropDatabase(template);
  };
}
