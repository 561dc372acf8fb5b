/**
 * The primary's death under load (docs/operations.md, "The failover test"): a pg_auto_failover
 * formation of the test's own (`scripts/ha.mjs up --fast`), the API on its multi-host URL, two
 * players racing for the same hours, and `kill -9` of the primary's keeper and postmaster (its
 * machine dying). Every booking answered 201 is on the new primary, no hour is held twice, no answer
 * is a 500, bookings succeed again within 30 s, the event log verifies, and a grid's live stream
 * opened before the kill passes on the bookings made after it. Prints the figures.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, wallClockOf } from '@platzbuchung/domain/dates';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { Reservation } from '@platzbuchung/domain/types';
import { connectDb, type Db } from '../src/db/connect';
import { migrateLatest } from '../src/db/migrate';
import type { TestClient } from './support/client';
import { waitUntil } from './support/event-log';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { listen, type LiveListener } from './support/live-stream';
import { startTestApi, type TestApi } from './support/test-api';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Formation {
  databaseUrl: string;
  nodes: { name: string; port: number; process: { pid: number } }[];
}

function node(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, env, timeout: 180_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${path.basename(script)} ${args.join(' ')}: ${stderr || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

let dir: string;
let formation: Formation;
let db: Db;
let api: TestApi;
let members: Members;
const PLAYERS_PER_STREAM = 12;
const players: TestClient[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pb-failover-'));
  const out = await node('scripts/ha.mjs', ['up', '--fast', '--json', '--dir', dir]);
  formation = JSON.parse(out.trim().split('\n').pop()!) as Formation;
  const migrating = connectDb(formation.databaseUrl, { max: 1 });
  try {
    await migrateLatest(migrating);
  } finally {
    await migrating.destroy();
  }
  db = connectDb(formation.databaseUrl);
  api = await startTestApi({ db, databaseUrl: formation.databaseUrl });
  members = await clubWithMembers(api.url, { courts_count: 6, reservations_limit: 10 });
  // A player holds at most 10 upcoming hours: each stream books with players of its own in turn.
  for (let i = 0; i < 2 * PLAYERS_PER_STREAM; i++) {
    players.push((await loggedIn(api.url, (await signUp(api.url, members.club._id)).email)).client);
  }
}, 180_000);

afterAll(async () => {
  await api?.close();
  await db?.destroy();
  if (dir)
    await node('scripts/ha.mjs', ['down', '--dir', dir]).catch(() =>
      rm(dir, { recursive: true, force: true }),
    );
}, 60_000);

interface Answer {
  status: number;
  at: number;
  id?: string;
  error?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A grid's live stream as a browser's EventSource keeps it: when the stream ends or cannot be
 * opened (503 while no primary answers), it opens it again after the server's retry pause (3 s),
 * resuming after the last id it received (`Last-Event-ID`).
 */
function followLive(client: TestClient, clubId: string) {
  const connections: LiveListener[] = [];
  let lastId: string | undefined;
  let stopped = false;
  let attempts = 0;
  const loop = (async () => {
    while (!stopped) {
      attempts++;
      const listener = await listen(
        client,
        `club_id=${clubId}`,
        lastId ? { 'Last-Event-ID': lastId } : {},
      ).catch(() => undefined);
      if (listener?.status === 200) {
        connections.push(listener);
        await listener.ended;
        lastId = listener.messages.findLast((m) => m.id !== undefined)?.id ?? lastId;
      }
      if (!stopped) await sleep(3_000);
    }
  })();
  return {
    changes: (): LiveChange[] => connections.flatMap((c) => c.changes()),
    /** Connections opened after the first one. */
    reconnects: () => attempts - 1,
    stop: async () => {
      stopped = true;
      for (const connection of connections) connection.close();
      await loop;
    },
  };
}

describe('the primary dies while bookings stream in', () => {
  it('loses no booking answered 201, holds no hour twice, answers no 500 and books again within 30 s', async () => {
    const today = wallClockOf(new Date(), 'Europe/Berlin').date;
    // The same hours in the same order for both players: each hour is raced for.
    const slots: { date: string; court: string; hour: number }[] = [];
    for (let day = 1; day <= 8; day++) {
      for (let hour = 8; hour < 20; hour++) {
        for (let court = 1; court <= 6; court++)
          slots.push({ date: addDays(today, day), court: String(court), hour });
      }
    }
    const answers: Answer[] = [];
    /** When the primary was killed; 0 before. */
    let killedAt = 0;
    let stop = false;
    const stream = async (own: TestClient[]) => {
      let booked = 0;
      let index = 0;
      for (const slot of slots) {
        if (stop) return;
        const client = own[index];
        if (!client) return;
        const answer = await client
          .post<{ data?: Reservation[] }>('/api/reservations', {
            club_id: members.club._id,
            court_num: slot.court,
            start_time: slot.hour,
            end_time: slot.hour + 1,
            date: slot.date,
          })
          .catch(() => ({ status: 0, body: {} as { data?: Reservation[] } }));
        const made = answer.body.data?.find(
          (r) => r.date === slot.date && r.court_num === slot.court && r.start_time === slot.hour,
        );
        answers.push({
          status: answer.status,
          at: Date.now(),
          id: answer.status === 201 ? made?._id : undefined,
          error: answer.status === 201 ? undefined : JSON.stringify(answer.body).slice(0, 160),
        });
        // A player at the club's limit of upcoming hours hands over to the next.
        if (answer.status === 201) booked++;
        if (booked >= 10 || /maximal/.test(JSON.stringify(answer.body))) {
          index++;
          booked = 0;
        }
        const successesAfterKill = answers.filter(
          (a) => killedAt > 0 && a.at > killedAt && a.status === 201,
        ).length;
        if (successesAfterKill >= 10) stop = true;
        await sleep(40);
      }
    };
    const live = followLive(members.admin.client, members.club._id);
    const streams = [stream(players.slice(0, PLAYERS_PER_STREAM)), stream(players.slice(PLAYERS_PER_STREAM))];
    await sleep(2_000);

    // The primary's machine dies: its keeper and its PostgreSQL, at once.
    const port = Number(
      (await db.raw<{ rows: { port: number }[] }>('SELECT inet_server_port() AS port')).rows[0]!.port,
    );
    const primary = formation.nodes.find((n) => n.port === port)!;
    const postmaster = Number(
      (await readFile(path.join(dir, primary.name, 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    killedAt = Date.now();
    process.kill(-primary.process.pid, 'SIGKILL');
    try {
      process.kill(postmaster, 'SIGKILL');
    } catch {
      // gone with its group
    }
    const deadline = setTimeout(() => (stop = true), 45_000);
    await Promise.all(streams);
    clearTimeout(deadline);

    const firstAfter = answers.find((a) => a.at > killedAt && a.status === 201);
    // The grid opened before the kill hears of every booking made on the new primary.
    const bookedAfterKill = answers.filter((a) => a.at > killedAt && a.status === 201).map((a) => a.id!);
    const heard = () =>
      new Set(live.changes().flatMap((c) => ('reservation_id' in c ? [c.reservation_id] : [])));
    await waitUntil(
      'the live stream passes on the bookings made after the failover',
      () => bookedAfterKill.length > 0 && bookedAfterKill.every((id) => heard().has(id)),
      20_000,
    ).catch(() => undefined);
    const liveHeardAfterKill = bookedAfterKill.filter((id) => heard().has(id)).length;
    await live.stop();
    const booked = answers.filter((a) => a.status === 201).map((a) => a.id!);
    const found = await db('reservations').whereIn('id', booked).pluck('id');
    const newPort = Number(
      (await db.raw<{ rows: { port: number }[] }>('SELECT inet_server_port() AS port')).rows[0]!.port,
    );
    const twice = await db.raw<{ rows: unknown[] }>(
      `SELECT a.id FROM reservations a JOIN reservations b ON a.club_id = b.club_id AND a.court_num = b.court_num
        AND a.date = b.date AND a.id < b.id AND a.start_time < b.end_time AND b.start_time < a.end_time`,
    );
    const figures = {
      answers: answers.length,
      booked: booked.length,
      lost: booked.length - found.length,
      status5xx: answers.filter((a) => a.status >= 500).length,
      status500: answers.filter((a) => a.status === 500).length,
      noAnswer: answers.filter((a) => a.status === 0).length,
      secondsToFirstBookingAfterKill: firstAfter ? (firstAfter.at - killedAt) / 1000 : undefined,
      statuses: Object.fromEntries(
        [...new Set(answers.map((a) => a.status))].map((status) => [
          status,
          {
            count: answers.filter((a) => a.status === status).length,
            sample: answers.find((a) => a.status === status)?.error,
          },
        ]),
      ),
      bookedAfterKill: bookedAfterKill.length,
      liveHeardAfterKill,
      liveReconnects: live.reconnects(),
      oldPrimaryPort: port,
      newPrimaryPort: newPort,
    };
    console.log(`failover figures: ${JSON.stringify(figures)}`);

    expect(newPort).not.toBe(port);
    expect(figures.lost).toBe(0);
    expect(twice.rows).toEqual([]);
    expect(figures.status500).toBe(0);
    expect(figures.noAnswer).toBe(0);
    expect(figures.secondsToFirstBookingAfterKill).toBeLessThan(30);
    expect(answers.every((a) => [201, 409, 503].includes(a.status))).toBe(true);
    expect(bookedAfterKill.length).toBeGreaterThan(0);
    expect(liveHeardAfterKill).toBe(bookedAfterKill.length);

    const verify = await node(
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      ['services/api/src/events-cli.ts', 'verify'],
      {
        ...process.env,
        DATABASE_URL: formation.databaseUrl,
      },
    );
    expect(verify).toMatch(/no difference/);
    expect(verify).not.toMatch(/difference(s)?:/i);
  }, 120_000);
});
