import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import { LIVE_EVENT_TYPES, liveTexts, type LiveChange } from '@platzbuchung/domain/live/changes';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { startApiProcess } from './support/api-process';
import { TestClient } from './support/client';
import { waitUntil } from './support/event-log';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { listen, type LiveListener } from './support/live-stream';
import { startTestApi, type TestApi } from './support/test-api';
import { connectDb } from '../src/db/connect';
import { LiveHub } from '../src/live/hub';
import { createLogger } from '../src/logger';
import { capturedSink, holdQueries, parseSse, sessionIdOf } from './support/live-stream';
import { resetMailsIn } from './support/outbox-mails';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../src/http/session';

/**
 * The live stream of a club (docs/architecture/live-stream.md), over two API processes: this
 * test's own and one started with main.ts, both on one database, so changes made on one reach
 * listeners on the other only through the database's notifications and the gap-free reader.
 */
let api: TestApi;
let second: Awaited<ReturnType<typeof startApiProcess>>;
let secondStopped = false;
const open: LiveListener[] = [];

/** Both processes: a member's streams over both are bounded by this many; heartbeats are quick. */
const STREAMS_PER_MEMBER = 4;
const HEARTBEAT_MS = 300;
const secondProcessEnv = {
  LIVE_STREAMS_PER_MEMBER: String(STREAMS_PER_MEMBER),
  LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
};

beforeAll(async () => {
  api = await startTestApi({
    live: { timing: { heartbeatMs: HEARTBEAT_MS }, limits: { streamsPerMember: STREAMS_PER_MEMBER } },
  });
  second = await startApiProcess(api.databaseUrl!, secondProcessEnv);
}, 60_000);
afterAll(async () => {
  for (const listener of open) listener.close();
  if (!secondStopped) await second.stop();
  await api.close();
});

const today = new Date().toISOString().slice(0, 10);
const DAY = addDays(today, 3);

/** Room for the bookings one player makes here. */
const ROOMY = { reservations_limit: 10 };
type ListAnswer = { data: Reservation[]; error?: string };

async function track(listener: Promise<LiveListener>): Promise<LiveListener> {
  const opened = await listener;
  open.push(opened);
  return opened;
}

const book = (client: TestClient, members: Members, court: string, hour: number, date = DAY) =>
  client.post<ListAnswer>('/api/reservations', {
    club_id: members.club._id,
    court_num: court,
    start_time: hour,
    end_time: hour + 1,
    date,
  });

const idOf = (answer: { body: ListAnswer }, court: string, hour: number, date = DAY) =>
  answer.body.data.find((r) => r.court_num === court && r.start_time === hour && r.date === date)!._id;

/** The club's events a grid shows, in the club's order: what every listener must receive. */
async function expectedChanges(clubId: string, afterSeq = 0) {
  const rows: { club_seq: number; type: string }[] = await api
    .db('events')
    .where('club_id', clubId)
    .andWhere('club_seq', '>', afterSeq)
    .whereIn('type', [...LIVE_EVENT_TYPES])
    .orderBy('club_seq')
    .select('club_seq', 'type');
  return rows.map((row) => ({ club_seq: Number(row.club_seq), type: row.type }));
}

/**
 * Queries a resume may run: the stream's lease (one transaction, six statements with BEGIN and
 * COMMIT), the missed events, and their bookings' earlier history.
 */
const RESUME_QUERIES = 8;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const leasesOf = async (userId: string) =>
  Number((await api.db('live_stream_leases').where('user_id', userId).count({ n: '*' }))[0]!.n);

const seqAndType = (changes: LiveChange[]) => changes.map(({ club_seq, type }) => ({ club_seq, type }));

async function playerOn(url: string, members: Members) {
  return loggedIn(url, (await signUp(api.url, members.club._id)).email);
}

describe('who may listen', () => {
  it('members of the club; anonymous 401, a member of another club 403, a bad Last-Event-ID 400', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const query = `club_id=${members.club._id}`;

    const anonymous = await listen(new TestClient(api.url), query);
    expect(anonymous.status).toBe(401);
    const stranger = await listen(other.player.client, query);
    expect(stranger.status).toBe(403);
    const otherAdmin = await listen(other.admin.client, query);
    expect(otherAdmin.status).toBe(403);
    const badId = await listen(members.player.client, query, { 'Last-Event-ID': 'drei' });
    expect(badId.status).toBe(400);
    expect(badId.error).toEqual({ error: '„Last-Event-ID“ muss eine Ereignisnummer (Zahl) sein.' });

    const member = await track(listen(members.player.client, query));
    expect(member.status).toBe(200);
    expect(member.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(member.headers.get('X-Accel-Buffering')).toBe('no');
    expect(member.headers.get('Cache-Control')).toBe('no-cache, no-transform');
    expect(member.ready()).toEqual({ club_seq: expect.any(Number), resumed: false });
    // Without club_id: the session's own club, like GET /api/reservations.
    const ownClub = await track(listen(members.admin.client, ''));
    expect(ownClub.status).toBe(200);
  });

  it('closes a member’s streams when the member changes (here: the role), so the next request is asked again', async () => {
    const members = await clubWithMembers(api.url);
    const query = `club_id=${members.club._id}`;
    const player = await track(listen(members.player.client, query));
    const admin = await track(listen(members.admin.client, query));
    const changed = await members.admin.client.request(
      'PUT',
      `/api/admin/members/${members.player.user._id}/role?${query}`,
      { role: 'admin' },
    );
    expect(changed.status).toBe(200);
    await player.ended;
    const again = await track(listen(members.player.client, query));
    expect(again.status).toBe(200);
    // Nobody else's stream was closed.
    let adminEnded = false;
    void admin.ended.then(() => (adminEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(adminEnded).toBe(false);
  });

  it('a member set inactive while listening: the stream ends and a new one is refused', async () => {
    const members = await clubWithMembers(api.url);
    const query = `club_id=${members.club._id}`;
    const player = await track(listen(members.player.client, query));
    const deactivated = await members.admin.client.request(
      'PUT',
      `/api/admin/members/${members.player.user._id}/status?${query}`,
      { status: 'inactive' },
    );
    expect(deactivated.status).toBe(200);
    await player.ended;
    const refused = await listen(members.player.client, query);
    expect(refused.status).toBe(403);
    expect(refused.error).toEqual({ error: memberTexts.inactiveRefused });
  });
});

describe('one message per committed change', () => {
  it('member A receives B booking, cancelling and moving and an admin closing a court: each once, in order', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    // B and the admin act on the second process; A listens on this one and on the second.
    const playerB = await playerOn(second.url, members);
    const admin = await loggedIn(second.url, members.admin.user.email);
    const before = (await expectedChanges(members.club._id)).at(-1)?.club_seq ?? 0;
    const listenerHere = await track(listen(members.player.client, `club_id=${members.club._id}`));
    const playerAOnSecond = await loggedIn(second.url, members.player.user.email);
    const listenerThere = await track(listen(playerAOnSecond.client, `club_id=${members.club._id}`));
    const otherClub = await track(listen(other.player.client, `club_id=${other.club._id}`));

    const made = await book(playerB.client, members, '3', 18);
    expect(made.status).toBe(201);
    const first = idOf(made, '3', 18);
    expect(
      (
        await playerB.client.post(`/api/reservations?reservation_id=${first}`, {
          form_method: 'delete',
          club_id: members.club._id,
          date: DAY,
          delete_type: 'all',
        })
      ).status,
    ).toBe(200);
    const again = await book(playerB.client, members, '3', 18);
    const second_ = idOf(again, '3', 18);
    const moved = await playerB.client.request<ListAnswer>(
      'PUT',
      `/api/reservations/${second_}?club_id=${members.club._id}`,
      { court_num: '4', date: DAY, start_time: 19, end_time: 20 },
    );
    expect(moved.status).toBe(200);
    const blocked = await admin.client.post<{ data: { _id: string }; cancelled: number }>(
      `/api/admin/blocks?club_id=${members.club._id}`,
      { court_nums: ['4'], from: `${DAY}T19:00`, until: `${DAY}T20:00`, reason: 'Netz kaputt' },
    );
    expect(blocked.status).toBe(201);
    expect(blocked.body.cancelled).toBe(1);
    const lifted = await admin.client.request(
      'DELETE',
      `/api/admin/blocks/${blocked.body.data._id}?club_id=${members.club._id}`,
      {},
    );
    expect(lifted.status).toBe(200);

    const expected = await expectedChanges(members.club._id, before);
    expect(expected.map((e) => e.type)).toEqual([
      'ReservationMade',
      'ReservationCancelled',
      'ReservationMade',
      'ReservationChanged',
      'CourtsBlocked',
      'ReservationCancelled',
      'BlockLifted',
    ]);
    for (const listener of [listenerHere, listenerThere]) {
      await listener.waitForChanges(expected.length);
      // A little longer: nothing more may come.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seqAndType(listener.changes())).toEqual(expected);
      expect(listener.messages.filter((m) => m.event === 'change').map((m) => Number(m.id))).toEqual(
        expected.map((e) => e.club_seq),
      );
    }

    // Enough to update the grid without asking: each booking as it stands after the change.
    const changes = listenerHere.changes();
    expect(changes[0]).toMatchObject({
      reservation_id: first,
      reservation: { _id: first, court_num: '3', start_time: 18, end_time: 19, date: DAY },
    });
    expect(changes[1]).toMatchObject({ reservation_id: first, reservation: null });
    expect(changes[3]).toMatchObject({
      reservation_id: second_,
      reservation: {
        _id: second_,
        court_num: '4',
        start_time: 19,
        user_id: playerB.user._id,
        deleted_dates: [],
      },
    });
    expect(changes[5]).toMatchObject({ reservation_id: second_, reservation: null });
    expect(changes[4]).toMatchObject({
      block_id: blocked.body.data._id,
      block: { court_nums: ['4'], from: `${DAY}T19:00`, until: `${DAY}T20:00`, reason: 'Netz kaputt' },
    });
    expect(changes[6]).toMatchObject({ block_id: blocked.body.data._id, block: null });

    // The other club's member heard nothing of it.
    expect(otherClub.changes()).toEqual([]);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const members = await clubWithMembers(api.url);
    const listener = await track(listen(members.player.client, `club_id=${members.club._id}`));
    await waitUntil('a heartbeat arrived', () => listener.comments >= 2, 10_000);
    expect(listener.changes()).toEqual([]);
  });
});

describe('resuming after a dropped connection', () => {
  it('Last-Event-ID (header, or the query for a fresh EventSource) resumes without gaps or repeats', async () => {
    const members = await clubWithMembers(api.url, ROOMY);
    const playerB = await playerOn(second.url, members);
    const query = `club_id=${members.club._id}`;
    const first = await track(listen(members.player.client, query));
    for (const hour of [8, 9]) expect((await book(playerB.client, members, '1', hour)).status).toBe(201);
    const seen = await first.waitForChanges(2);
    first.close();

    // Booked while nobody listened.
    for (const hour of [10, 11, 12])
      expect((await book(playerB.client, members, '1', hour)).status).toBe(201);
    const lastSeen = String(seen.at(-1)!.club_seq);
    const onSecond = await loggedIn(second.url, members.player.user.email);
    const resumed = await track(listen(onSecond.client, query, { 'Last-Event-ID': lastSeen }));
    expect(resumed.ready()?.resumed).toBe(true);
    expect((await book(playerB.client, members, '1', 13)).status).toBe(201);
    const rest = await resumed.waitForChanges(4);

    const byQuery = await track(listen(members.player.client, `${query}&last_event_id=${lastSeen}`));
    const sameRest = await byQuery.waitForChanges(4);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = [...seen, ...resumed.changes()];
    expect(seqAndType(all)).toEqual(await expectedChanges(members.club._id));
    expect(rest.map((c) => c.club_seq)).toEqual(sameRest.map((c) => c.club_seq));
    expect(byQuery.changes()).toHaveLength(4);
  });

  it('an id from far back or from the future is not resumed: the screen is told to load afresh', async () => {
    const members = await clubWithMembers(api.url);
    const listener = await track(
      listen(members.player.client, `club_id=${members.club._id}`, { 'Last-Event-ID': '999999' }),
    );
    expect(listener.ready()).toEqual({ club_seq: expect.any(Number), resumed: false });
  });
});

describe('a resume costs a bounded amount, whatever was missed', () => {
  /** Moves one booking back and forth between two hours, `count` times: each move is an event. */
  async function moveBackAndForth(members: Members, id: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const hour = i % 2 === 0 ? 19 : 18;
      const moved = await members.player.client.request(
        'PUT',
        `/api/reservations/${id}?club_id=${members.club._id}`,
        { court_num: '1', date: DAY, start_time: hour, end_time: hour + 1 },
      );
      expect(moved.status).toBe(200);
    }
  }

  const lastSeq = async (clubId: string) => (await expectedChanges(clubId)).at(-1)!.club_seq;

  it('runs the same few queries for 10 and for 1,000 missed changes of one booking', async () => {
    const members = await clubWithMembers(api.url);
    const made = await book(members.player.client, members, '1', 18);
    const id = idOf(made, '1', 18);
    const madeSeq = await lastSeq(members.club._id);
    // A hub of its own, on a connection of its own, so its queries can be counted.
    const counted = connectDb(api.databaseUrl!);
    let queries = 0;
    counted.on('query', () => queries++);
    const hub = new LiveHub({
      db: counted,
      databaseUrl: api.databaseUrl!,
      logger: createLogger('live-test', 'silent'),
      // Only notifications feed it; nothing else runs while a resume is counted.
      timing: { pollMs: 600_000 },
    });
    const openOn = (after: number | undefined, sink: ReturnType<typeof capturedSink>['sink']) =>
      hub.open({
        clubId: members.club._id,
        sessionId: sessionIdOf(members.player.client),
        userId: members.player.user._id,
        after,
        sink,
        hangUp: new AbortController().signal,
      });
    try {
      // Someone watches while the booking is moved, so the hub has the booking as it is now.
      const watcher = capturedSink();
      expect((await openOn(undefined, watcher.sink)).ok).toBe(true);
      const EDITS = 1_000;
      await moveBackAndForth(members, id, EDITS);
      await waitUntil('the watcher saw every move', () => watcher.changes().length >= EDITS, 60_000);
      const end = await lastSeq(members.club._id);

      const resume = async (after: number) => {
        const screen = capturedSink();
        queries = 0;
        expect((await openOn(after, screen.sink)).ok).toBe(true);
        return { queries, ready: screen.ready(), changes: screen.changes() };
      };
      const ten = await resume(end - 10);
      const thousand = await resume(madeSeq);
      expect(ten.ready).toEqual({ club_seq: end, resumed: true });
      expect(ten.changes.map((c) => Number(c.id))).toEqual(range(end - 9, end));
      expect(thousand.ready).toEqual({ club_seq: end, resumed: true });
      expect(thousand.changes).toHaveLength(EDITS);
      // Each change is the booking as it stood after that move.
      const last = JSON.parse(thousand.changes.at(-1)!.data) as LiveChange;
      expect(last).toMatchObject({ reservation: { _id: id, start_time: EDITS % 2 === 0 ? 18 : 19 } });
      const firstMove = JSON.parse(thousand.changes[0]!.data) as LiveChange;
      expect(firstMove).toMatchObject({ club_seq: madeSeq + 1, reservation: { start_time: 19 } });
      // A fixed number: the stream's lease, the missed events, the earlier history of their bookings.
      expect(ten.queries).toBeLessThanOrEqual(RESUME_QUERIES);
      expect(thousand.queries).toBe(ten.queries);
    } finally {
      await hub.stop();
      await counted.destroy();
    }
  }, 180_000);

  it('a booking whose earlier history is longer than the bound is not resumed: the screen loads afresh', async () => {
    const members = await clubWithMembers(api.url);
    const id = idOf(await book(members.player.client, members, '1', 18), '1', 18);
    await moveBackAndForth(members, id, 8);
    const end = await lastSeq(members.club._id);
    // A fresh hub knows none of the booking: resuming 2 back needs the 7 events before them.
    const hub = new LiveHub({
      db: api.db,
      databaseUrl: api.databaseUrl!,
      logger: createLogger('live-test', 'silent'),
      limits: { maxCatchUp: 5 },
    });
    try {
      const screen = capturedSink();
      const opened = await hub.open({
        clubId: members.club._id,
        sessionId: sessionIdOf(members.player.client),
        userId: members.player.user._id,
        after: end - 2,
        sink: screen.sink,
        hangUp: new AbortController().signal,
      });
      expect(opened.ok).toBe(true);
      expect(screen.ready()).toEqual({ club_seq: end, resumed: false });
      expect(screen.changes()).toEqual([]);
    } finally {
      await hub.stop();
    }
  });

  /** Holds back the read of what a resuming stream of this club missed (the only bounded-above read). */
  const holdResumeRead = (clubId: string) =>
    holdQueries(api.db, (query) => query.sql.includes('"club_seq" <=') && !!query.bindings?.includes(clubId));

  it('a client that hangs up while its stream joins: the join stops and nothing is left behind', async () => {
    const members = await clubWithMembers(api.url);
    expect((await book(members.player.client, members, '2', 10)).status).toBe(201);
    expect((await book(members.player.client, members, '2', 11)).status).toBe(201);
    const end = await lastSeq(members.club._id);
    const streamsBefore = api.deps.live.streamCount;
    const held = holdResumeRead(members.club._id);
    try {
      const hangUp = new AbortController();
      const request = fetch(`${api.url}/api/reservations/stream?club_id=${members.club._id}`, {
        headers: { Cookie: members.player.client.cookieHeader(), 'Last-Event-ID': String(end - 1) },
        signal: hangUp.signal,
      }).catch(() => undefined);
      await held.reached;
      hangUp.abort();
      await request;
      // The server notices the hang-up before the read comes back: the lease is given back at once.
      await waitUntil(
        'the lease is given back',
        async () => (await leasesOf(members.player.user._id)) === 0,
        5_000,
      );
      let later = 0;
      const count = (query: { bindings?: unknown[] }) => {
        if (query.bindings?.includes(members.club._id)) later++;
      };
      api.db.on('query', count);
      held.release();
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
      api.db.off('query', count);
      // Nothing more was read or written for it, and no stream was added.
      expect(later).toBe(0);
      expect(api.deps.live.streamCount).toBe(streamsBefore);
      expect(await leasesOf(members.player.user._id)).toBe(0);
    } finally {
      held.restore();
    }
  });

  it('a slow join holds up no one: the club’s other streams get their changes meanwhile, the joiner all of them after', async () => {
    const members = await clubWithMembers(api.url, ROOMY);
    const query = `club_id=${members.club._id}`;
    const playerB = await playerOn(second.url, members);
    const watcher = await track(listen(members.admin.client, query));
    expect((await book(members.player.client, members, '3', 10)).status).toBe(201);
    await watcher.waitForChanges(1);
    const end = await lastSeq(members.club._id);
    expect((await book(members.player.client, members, '3', 11)).status).toBe(201);
    await watcher.waitForChanges(2);
    const held = holdResumeRead(members.club._id);
    try {
      const joining = track(listen(members.player.client, query, { 'Last-Event-ID': String(end) }));
      await held.reached;
      // Booked on the other process while the join waits for its read.
      expect((await book(playerB.client, members, '3', 12)).status).toBe(201);
      await watcher.waitForChanges(3, 5_000);
      held.release();
      const joined = await joining;
      expect(joined.ready()).toEqual({ club_seq: end + 1, resumed: true });
      const all = await joined.waitForChanges(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // What it missed, then what came during the join: each once, in order.
      expect(seqAndType(joined.changes())).toEqual(await expectedChanges(members.club._id, end));
      expect(all.map((c) => c.club_seq)).toEqual([end + 1, end + 2]);
    } finally {
      held.restore();
    }
  });
});

describe('bounds', () => {
  it('a member’s streams are bounded over both processes and all their logins; closing one frees a place', async () => {
    const members = await clubWithMembers(api.url);
    const query = `club_id=${members.club._id}`;
    // The same member, logged in once on each process.
    const onSecond = await loggedIn(second.url, members.player.user.email);
    const here = await Promise.all([1, 2].map(() => track(listen(members.player.client, query))));
    const there = await Promise.all([1, 2].map(() => track(listen(onSecond.client, query))));
    expect([...here, ...there].map((l) => l.status)).toEqual([200, 200, 200, 200]);

    for (const client of [members.player.client, onSecond.client]) {
      const refused = await listen(client, query);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('30');
      expect(refused.error).toEqual({ error: liveTexts.tooManyStreams });
    }
    // A fresh login of the same member is the same member.
    const thirdLogin = await loggedIn(api.url, members.player.user.email);
    expect((await listen(thirdLogin.client, query)).status).toBe(429);
    // Another member of the club has places of their own.
    expect((await track(listen(members.admin.client, query))).status).toBe(200);

    there[0]!.close();
    let reopened: LiveListener | undefined;
    await waitUntil(
      'the closed stream freed its place',
      async () => {
        reopened = await listen(thirdLogin.client, query);
        return reopened.status === 200;
      },
      10_000,
    );
    open.push(reopened!);
  });

  it('a process that dies does not lock the member out: its streams stop counting once their leases expire', async () => {
    const members = await clubWithMembers(api.url);
    const query = `club_id=${members.club._id}`;
    const doomed = await startApiProcess(api.databaseUrl!, secondProcessEnv);
    const onDoomed = await loggedIn(doomed.url, members.player.user.email);
    const streams = await Promise.all(
      Array.from({ length: STREAMS_PER_MEMBER }, () => track(listen(onDoomed.client, query))),
    );
    expect(streams.map((l) => l.status)).toEqual(Array(STREAMS_PER_MEMBER).fill(200));
    await doomed.crash();
    // Its leases still count until they expire: a few heartbeats after the last renewal.
    expect((await listen(members.player.client, query)).status).toBe(429);
    let reopened: LiveListener | undefined;
    await waitUntil(
      'the dead process’s leases expired',
      async () => {
        reopened = await listen(members.player.client, query);
        return reopened.status === 200;
      },
      20_000,
    );
    open.push(reopened!);
  });

  it('a process refuses streams beyond its own bound with 503 and a German text', async () => {
    const small = await startTestApi({ db: api.db, live: { limits: { streamsPerProcess: 1 } } });
    try {
      const members = await clubWithMembers(small.url);
      const query = `club_id=${members.club._id}`;
      const first = await listen(members.player.client, query);
      expect(first.status).toBe(200);
      const refused = await listen(members.admin.client, query);
      expect(refused.status).toBe(503);
      expect(refused.error).toEqual({ error: liveTexts.serverBusy });
      first.close();
    } finally {
      await small.close();
    }
  });
});

/** Resolves true when the server ends the stream within `ms`, false when it is still open then. */
async function endsWithin(listener: LiveListener, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const ended = await Promise.race([listener.ended.then(() => true as const), late]);
  clearTimeout(timer);
  return ended;
}

/** Within a few heartbeats: each heartbeat asks whether the stream's login still holds. */
const WITHIN_HEARTBEATS = HEARTBEAT_MS * 10;

describe('a stream ends with its login (checked at each heartbeat)', () => {
  const query = (members: Members) => `club_id=${members.club._id}`;

  it('logout', async () => {
    const members = await clubWithMembers(api.url);
    const login = await loggedIn(api.url, members.player.user.email);
    const listener = await track(listen(login.client, query(members)));
    const other = await track(listen(members.player.client, query(members)));
    expect((await login.client.post('/api/logout', {})).status).toBe(200);
    expect(await endsWithin(listener, WITHIN_HEARTBEATS)).toBe(true);
    // The member's other login keeps its stream.
    expect(await endsWithin(other, HEARTBEAT_MS * 3)).toBe(false);
  });

  it('a password reset, which ends every login of the member', async () => {
    const members = await clubWithMembers(api.url);
    const onSecond = await loggedIn(second.url, members.player.user.email);
    const listeners = [
      await track(listen(members.player.client, query(members))),
      await track(listen(onSecond.client, query(members))),
    ];
    const anonymous = new TestClient(api.url);
    const before = (await resetMailsIn(api.db)).length;
    expect((await anonymous.post('/api/forgot-password', { email: members.player.user.email })).status).toBe(
      200,
    );
    await waitUntil(
      'the reset mail is queued',
      async () => (await resetMailsIn(api.db)).length > before,
      10_000,
    );
    const token = new URL((await resetMailsIn(api.db)).at(-1)!.resetUrl).searchParams.get('token');
    const reset = await anonymous.post('/api/reset-password', {
      password: 'Neues-Passwort1!',
      resetToken: token,
    });
    expect(reset.status).toBe(200);
    for (const listener of listeners) expect(await endsWithin(listener, WITHIN_HEARTBEATS)).toBe(true);
  });

  it('the login’s absolute lifetime', async () => {
    const members = await clubWithMembers(api.url);
    const listener = await track(listen(members.player.client, query(members)));
    // The login began longer ago than a login may last.
    await api
      .db('sessions')
      .where('id', sessionIdOf(members.player.client))
      .update({
        data: api.db.raw(`jsonb_set(data, '{started_at}', to_jsonb(?::bigint))`, [
          Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 60_000,
        ]),
      });
    expect(await endsWithin(listener, WITHIN_HEARTBEATS)).toBe(true);
  });

  it('the member no longer active, however the status changed (here in the table, without an event)', async () => {
    const members = await clubWithMembers(api.url);
    const listener = await track(listen(members.player.client, query(members)));
    await api.db('users').where('id', members.player.user._id).update({ status: 'inactive' });
    expect(await endsWithin(listener, WITHIN_HEARTBEATS)).toBe(true);
  });

  it('the member no longer in the club', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const listener = await track(listen(members.player.client, query(members)));
    await api.db('users').where('id', members.player.user._id).update({ club_id: other.club._id });
    expect(await endsWithin(listener, WITHIN_HEARTBEATS)).toBe(true);
  });
});

describe('without notifications', () => {
  it('the gap-free reader alone still delivers every change, once and in order', async () => {
    const members = await clubWithMembers(api.url, ROOMY);
    // A listening connection that never connects: only the reader's walk is left.
    const hub = new LiveHub({
      db: api.db,
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      logger: createLogger('live-test', 'silent'),
      timing: { pollMs: 200, reconnectMs: 60_000 },
    });
    let text = '';
    const sink = { writableLength: 0, write: (chunk: string) => (text += chunk), end: () => undefined };
    try {
      const opened = await hub.open({
        clubId: members.club._id,
        sessionId: sessionIdOf(members.player.client),
        userId: members.player.user._id,
        after: undefined,
        sink,
        hangUp: new AbortController().signal,
      });
      expect(opened.ok).toBe(true);
      for (const hour of [8, 9, 10])
        expect((await book(members.player.client, members, '2', hour)).status).toBe(201);
      const changes = () => parseSse(text).messages.filter((m) => m.event === 'change');
      await waitUntil('three changes arrived', () => changes().length >= 3, 20_000);
      expect(changes().map((m) => Number(m.id))).toEqual(
        (await expectedChanges(members.club._id)).map((e) => e.club_seq),
      );
    } finally {
      await hub.stop();
    }
  });
});

describe('shutting down', () => {
  it('SIGTERM ends the open streams and the process exits', async () => {
    const members = await clubWithMembers(api.url);
    const onSecond = await loggedIn(second.url, members.player.user.email);
    const listener = await track(listen(onSecond.client, `club_id=${members.club._id}`));
    secondStopped = true;
    await second.stop();
    await listener.ended;
    // The stream ended from the server's side, not by a test's abort.
    expect(listener.ready()).toBeDefined();
  });
});
