/**
 * Two API processes on two ports, sharing nothing but PostgreSQL and Redis, behave as one
 * (docs/scaling.md, "What one API process keeps"): the live feed, kept lists and rate limits.
 * The bound on a member's live streams over both processes is proven in live-stream.int.spec.ts
 * ("a member’s streams are bounded over both processes and all their logins; …").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import { startApiProcess } from './support/api-process';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, PASSWORD, registerClub, signUp, type Members } from './support/fixtures';
import { listen, type LiveListener } from './support/live-stream';
import { createTestDatabase } from './support/test-api';

type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: ApiProcess;
let b: ApiProcess;
let members: Members;
/** The same player, logged in once on each process. */
let playerOnA: TestClient;
let playerOnB: TestClient;
const open: LiveListener[] = [];

const DAY = addDays(new Date().toISOString().slice(0, 10), 3);
let nextHour = 8;

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([startApiProcess(database.url), startApiProcess(database.url)]);
  members = await clubWithMembers(a.url, { reservations_limit: 10 });
  const { email } = await signUp(a.url, members.club._id);
  playerOnA = (await loggedIn(a.url, email)).client;
  playerOnB = (await loggedIn(b.url, email)).client;
}, 120_000);

afterAll(async () => {
  for (const listener of open) listener.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
}, 60_000);

/** A booking made through `client`'s process; answers its id. */
async function book(client: TestClient): Promise<string> {
  const hour = nextHour++;
  const answer = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    court_num: '2',
    start_time: hour,
    end_time: hour + 1,
    date: DAY,
  });
  expect(answer.status).toBe(201);
  return answer.body.data.find((r) => r.start_time === hour && r.date === DAY)!._id;
}

const listPath = () => `/api/reservations?club_id=${members.club._id}&from=${DAY}&to=${DAY}`;

describe('two API processes behave as one', () => {
  it('a booking made through A reaches a live stream on B', async () => {
    const listener = await listen(playerOnB, `club_id=${members.club._id}`);
    open.push(listener);
    const id = await book(playerOnA);
    const changes = await listener.waitForChanges(1, 60_000);
    expect(changes.map((change) => change.type)).toEqual(['ReservationMade']);
    expect(JSON.stringify(changes[0])).toContain(id);
  });

  it('a booking made through A is in B’s next answer, also when B kept the list', async () => {
    const first = await playerOnB.get<Reservation[]>(listPath());
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    // B keeps the list: asked again, unchanged, it answers 304 without a body.
    const kept = await playerOnB.request('GET', listPath(), undefined, { 'If-None-Match': etag });
    expect(kept.status).toBe(304);

    const id = await book(playerOnA);
    const after = await playerOnB.request<Reservation[]>('GET', listPath(), undefined, {
      'If-None-Match': etag,
    });
    expect(after.status).toBe(200);
    expect(after.body.map((r) => r._id)).toContain(id);
    expect(after.headers.get('etag')).not.toBe(etag);
    // And without a validator, as a fresh page asks.
    expect((await playerOnB.get<Reservation[]>(listPath())).body.map((r) => r._id)).toContain(id);
  });

  it('failed logins spread over A and B count together', async () => {
    const { email } = await registerClub(a.url);
    const wrong = (url: string) => new TestClient(url).post('/api/login', { email, password: 'Falsch123!' });
    // Five wrong passwords per address and client are allowed (docs/security/accounts.md); alternately on A and B.
    const statuses: number[] = [];
    for (const url of [a.url, b.url, a.url, b.url, a.url, b.url, a.url])
      statuses.push((await wrong(url)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Neither process alone saw five, yet both refuse now, the right password too.
    expect((await new TestClient(b.url).post('/api/login', { email, password: PASSWORD })).status).toBe(429);
  });
});
