import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from '../src/events/subscriptions';
import { bookSlots, eventsInReadOrder, NOW, settledEnd, waitUntil } from './support/event-log';
import type { TestClient } from './support/client';
import { loggedIn, registerClub } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./support/subscription-process.ts', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let admins: { client: TestClient; clubId: string }[];

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  admins = await Promise.all(
    [1, 2, 3, 4].map(async () => {
      const { club, email } = await registerClub(api.url);
      return { client: (await loggedIn(api.url, email)).client, clubId: club._id };
    }),
  );
  await database.db.raw(`
    CREATE TABLE subscription_test_effects (position bigint PRIMARY KEY);
    CREATE TABLE subscription_test_calls (position bigint NOT NULL);
  `);
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

/** The runner as its own OS process: plain node, so a signal reaches the runner itself. */
function startRunner(env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: database.url, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited };
}

const count = async (table: string) => Number((await database.db(table).count('* as n'))[0]!.n);

/** Every admin books slot after slot, a day at a time, with a short pause, until told to stop. */
function appendUntilStopped() {
  let stopped = false;
  const statuses: number[] = [];
  const done = Promise.all(
    admins.map(async ({ client, clubId }) => {
      for (let day = 1; !stopped; day++) {
        for (let i = 0; i < 12 && !stopped; i++) {
          statuses.push(...(await bookSlots(client, clubId, { day, count: 1, first: i })));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  return {
    booked: () => statuses.length,
    /** The statuses of every booking made. */
    stop: async () => {
      stopped = true;
      await done;
      return statuses;
    },
  };
}

describe(
  'a subscription in its own process, killed mid-stream and started again',
  { timeout: 300_000 },
  () => {
    it('misses no event, repeats no effect, and its checkpoint reaches the end of the log', async () => {
      await Promise.all(admins.map(({ client, clubId }) => bookSlots(client, clubId, { day: 0, count: 10 })));
      const appender = appendUntilStopped();

      // 1. Dies by its own hand right after an effect its checkpoint does not cover yet.
      const first = startRunner({ DIE_AT_CALL: '25' });
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await count('subscription_test_effects')).toBe(25);

      // 2. Killed from outside while it works through the stream.
      const second = startRunner();
      const effectsBefore = await count('subscription_test_effects');
      await waitUntil(
        'the second runner has made 40 more effects',
        async () => (await count('subscription_test_effects')) >= effectsBefore + 40,
      );
      second.child.kill('SIGKILL');
      const bookedAtKill = appender.booked();
      expect(await second.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // 3. Started again while appending goes on; appending then stops, and it catches up.
      const third = startRunner();
      await waitUntil('more events are appended', () => appender.booked() >= bookedAtKill + 100);
      expect(new Set(await appender.stop())).toEqual(new Set([201]));
      const end = await settledEnd(database.db);
      const events = await eventsInReadOrder(database.db);
      await waitUntil('the checkpoint reaches the end of the log', async () => {
        const checkpoint = await readCheckpoint(database.db, 'crash-test');
        return checkpoint?.position === end.position && checkpoint.transaction_id === end.transaction_id;
      });
      third.child.kill('SIGTERM');
      expect(await third.exited).toEqual({ code: 0, signal: null });

      const effects: number[] = await database
        .db('subscription_test_effects')
        .orderBy('position')
        .pluck('position')
        .then((rows: unknown[]) => rows.map(Number));
      expect(effects).toEqual(events.map((e) => e.position).sort((a, b) => a - b));
      expect(await readCheckpoint(database.db, 'crash-test')).toEqual(end);
      // The first runner's last batch was handed over again: delivery is at least once, and the
      // handler's idempotence is what kept each effect single.
      const calls = await count('subscription_test_calls');
      expect(calls).toBeGreaterThan(effects.length);
      const repeated = await database.db.raw(
        'SELECT count(*) AS n FROM (SELECT position FROM subscription_test_calls GROUP BY position HAVING count(*) > 1) r',
      );
      console.info(
        `crash test: ${events.length} events, ${effects.length} effects, ${calls} handler calls, ` +
          `${repeated.rows[0].n} events handed over more than once`,
      );
    });
  },
);
