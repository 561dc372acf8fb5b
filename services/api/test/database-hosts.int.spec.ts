import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../src/db/connect';
import { createTestDatabase } from './support/test-api';

/**
 * Several hosts in DATABASE_URL against a real server (docs/operations.md): a host that takes no
 * connection is passed over, and a pooled connection that stops being usable for writes is dropped
 * rather than handed out again. The failover itself is tested with a formation of its own.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

/** The test database's URL with a dead host before it: port 1 refuses every connection. */
function withDeadHostFirst(url: string): string {
  const parsed = new URL(url);
  return url.replace(`@${parsed.host}/`, `@127.0.0.1:1,${parsed.host}/`) + '?target_session_attrs=read-write';
}

const backend = async () =>
  (await db.raw<{ rows: { pid: number }[] }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

beforeAll(async () => {
  database = await createTestDatabase();
  const url = withDeadHostFirst(database.url);
  expect(url).toContain(',');
  db = connectDb(url, { max: 1 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('several hosts in DATABASE_URL', () => {
  it('connects to the host that is writable, passing over the one that is down', async () => {
    const { rows } = await db.raw<{ rows: { port: number; recovery: boolean }[] }>(
      'SELECT inet_server_port() AS port, pg_is_in_recovery() AS recovery',
    );
    expect(rows[0]).toEqual({ port: Number(new URL(database.url).port || 5432), recovery: false });
  });

  it('drops a connection that answers as read-only, as a demoted primary does, and takes a new one', async () => {
    const first = await backend();
    await db.raw('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
    await expect(db.raw('CREATE TEMP TABLE t (x int)')).rejects.toMatchObject({ code: '25006' });
    const second = await backend();
    expect(second).not.toBe(first);
    await db.raw('CREATE TEMP TABLE t (x int)');
  });

  it('finds the server again after its connection was ended', async () => {
    const first = await backend();
    await database.db.raw('SELECT pg_terminate_backend(?)', [first]);
    // The ended connection fails a statement or two (as it learns of its end) before knex drops it.
    let next: number | undefined;
    for (let attempt = 0; attempt < 5 && (next === undefined || next === first); attempt++) {
      next = await backend().catch(() => undefined);
    }
    expect(next).toBeGreaterThan(0);
    expect(next).not.toBe(first);
  });
});
