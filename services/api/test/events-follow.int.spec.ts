import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/client';
import { bookSlots, eventsInReadOrder, NOW, settledEnd, waitUntil } from './support/event-log';
import { loggedIn, registerClub } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLUBS = 40;
const BOOKINGS_PER_CLUB = 25;
const RUNS = 5;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let admins: { client: TestClient; clubId: string }[];

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  admins = [];
  // A few at a time: registering and logging in hash passwords.
  for (let i = 0; i < CLUBS; i += 8) {
    admins.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, CLUBS - i) }, async () => {
          const { club, email } = await registerClub(api.url);
          return { client: (await loggedIn(api.url, email)).client, clubId: club._id };
        }),
      )),
    );
  }
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

interface Printed {
  position: number;
  club_id: string;
  club_seq: number;
}

/** `npm run events -- follow --json --after <position>` as an operator runs it, polling quickly. */
function follow(afterPosition: number) {
  const child = spawn(
    `${REPO_ROOT}node_modules/.bin/tsx`,
    [`${REPO_ROOT}services/api/src/events-cli.ts`, 'follow', '--json', '--after', String(afterPosition)],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: database.url, EVENTS_FOLLOW_POLL_MS: '50' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const printed: Printed[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => printed.push(JSON.parse(line) as Printed));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    printed,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * For comparison only: how a reader that remembers "the last position seen" fares in the same run.
 * What it misses shows the run really had events commit out of position order.
 */
function naiveFollower(afterPosition: number) {
  const seen = new Set<number>();
  let last = afterPosition;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const positions: number[] = await database
        .db('events')
        .where('position', '>', last)
        .orderBy('position')
        .pluck('position');
      for (const position of positions) seen.add(Number(position));
      last = Math.max(last, ...positions.map(Number));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return seen;
    },
  };
}

describe('events follow', { timeout: 600_000 }, () => {
  it(`prints every committed event exactly once while ${CLUBS} clubs book ${BOOKINGS_PER_CLUB} times each in parallel, ${RUNS} times over`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const before = (await settledEnd(database.db)).position;
      const follower = follow(before);
      const naive = naiveFollower(before);
      const statuses = (
        await Promise.all(
          admins.map(({ client, clubId }) =>
            bookSlots(client, clubId, { day: run, count: BOOKINGS_PER_CLUB }),
          ),
        )
      ).flat();
      expect(statuses.filter((status) => status !== 201)).toEqual([]);

      await settledEnd(database.db);
      const naivelySeen = await naive.stop();
      const committed = await eventsInReadOrder(database.db, before);
      expect(committed).toHaveLength(CLUBS * BOOKINGS_PER_CLUB);
      await waitUntil(`the follower has printed run ${run + 1}'s events`, () => {
        return follower.printed.length >= committed.length;
      });
      // A few more polls: anything printed twice would show up now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await follower.stop()).toBe(0);

      // Exactly once, in the order the settled log grows: by transaction, then position.
      expect(follower.printed.map((e) => e.position)).toEqual(committed.map((e) => e.position));
      // Each club's events in the club's own order, without a gap.
      for (const { clubId } of admins) {
        const sequence = follower.printed.filter((e) => e.club_id === clubId).map((e) => e.club_seq);
        expect(sequence).toHaveLength(BOOKINGS_PER_CLUB);
        expect(sequence).toEqual(sequence.map((_, i) => sequence[0]! + i));
      }
      let highest = 0;
      const belowAnEarlierOne = follower.printed.filter(
        (e) => (highest = Math.max(highest, e.position)) > e.position,
      );
      console.info(
        `follow run ${run + 1}: ${follower.printed.length} events printed, ${committed.length} committed, ` +
          `${belowAnEarlierOne.length} printed after a higher position; a last-position reader missed ` +
          `${committed.filter((e) => !naivelySeen.has(e.position)).length}`,
      );
    }
  });
});
