import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server tests create their databases on: TEST_DATABASE_URL, else the local PostgreSQL. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function onAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(name: string, template?: string): Promise<void> {
  await onAdmin((client) =>
    client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`),
  );
}

export async function dropDatabase(name: string): Promise<void> {
  await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}
