import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import { logEnd } from '../src/events/reader';
import {
  readCheckpoint,
  startSubscriptions,
  type Subscription,
  type SubscriptionsRunner,
  type SubscriptionTiming,
} from '../src/events/subscriptions';
import { bookSlots, eventsInReadOrder, NOW, settledEnd, waitUntil } from './support/event-log';
import { clubWithMembers } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let admin: Awaited<ReturnType<typeof clubWithMembers>>['admin'];
let clubId: string;
let day = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  const members = await clubWithMembers(api.url);
  admin = members.admin;
  clubId = members.club._id;
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

/** Books `count` slots on a day no earlier test used. */
const book = async (count: number) => {
  const statuses = await bookSlots(admin.client, clubId, { day: day++, count });
  expect(statuses.every((status) => status === 201)).toBe(true);
};

/** A logger whose entries the test can read. */
function recordingLogger() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      entries.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), entries };
}

/**
 * Polls once a minute, so an event handled sooner was delivered because of a notification. After
 * one, it looks again every 50 ms for two minutes: as long as another write transaction on the
 * server may keep the new events from settling.
 */
const NOTIFIED_ONLY: Partial<SubscriptionTiming> = {
  pollMs: 60_000,
  settleWindowMs: 120_000,
  retryFirstMs: 20,
  retryMaxMs: 100,
  reconnectMs: 100,
};

let runner: SubscriptionsRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

function start(subscriptions: Subscription[], timing = NOTIFIED_ONLY) {
  const { logger, entries } = recordingLogger();
  runner = startSubscriptions({ db: api.db, databaseUrl: database.url, subscriptions, logger, timing });
  return entries;
}

/** A subscription that records the positions it is handed. */
function recorder(name: string, extra: Partial<Subscription> = {}) {
  const seen: number[] = [];
  const subscription: Subscription = {
    name,
    handle: async (event: EventEnvelope) => {
      seen.push(event.position);
    },
    ...extra,
  };
  return { subscription, seen };
}

describe('subscriptions', { timeout: 180_000 }, () => {
  it('hand every event over once, in the readers’ order, and the checkpoint follows to the end', async () => {
    await book(5);
    const { subscription, seen } = recorder('catch-up');
    // Polls often: events committed before it listened may settle later, unannounced.
    start([subscription], { ...NOTIFIED_ONLY, pollMs: 200 });
    const history = await eventsInReadOrder(api.db);
    await waitUntil('the history is handled', () => seen.length >= history.length);

    await book(12);
    const all = await eventsInReadOrder(api.db);
    await waitUntil('the new events are handled', () => seen.length >= all.length);
    expect(seen).toEqual(all.map((e) => e.position));
    await waitUntil('the checkpoint reaches the end', async () => {
      const [checkpoint, end] = [await readCheckpoint(api.db, 'catch-up'), await logEnd(api.db)];
      return checkpoint?.position === end.position && checkpoint.transaction_id === end.transaction_id;
    });
  });

  it('a new subscription may start at the end and see only what comes next', async () => {
    await book(3);
    const before = (await settledEnd(api.db)).position;
    const { subscription, seen } = recorder('from-now', { startAt: 'end' });
    start([subscription]);
    await waitUntil(
      'the checkpoint exists',
      async () => (await readCheckpoint(api.db, 'from-now')) !== undefined,
    );
    await book(4);
    const fresh = (await eventsInReadOrder(api.db, before)).map((e) => e.position);
    await waitUntil('the new events are handled', () => seen.length >= fresh.length);
    expect(seen).toEqual(fresh);
  });

  it('a failing handler is logged and retried on the same event, never skipped', async () => {
    const seen: number[] = [];
    let failures = 0;
    const entries = start([
      {
        name: 'flaky',
        startAt: 'end',
        handle: async (event) => {
          if (seen.length === 1 && failures < 3) {
            failures++;
            throw new Error('SMTP is down');
          }
          seen.push(event.position);
        },
      },
    ]);
    await waitUntil(
      'the checkpoint exists',
      async () => (await readCheckpoint(api.db, 'flaky')) !== undefined,
    );
    const from = (await settledEnd(api.db)).position;
    await book(4);
    const positions = (await eventsInReadOrder(api.db, from)).map((e) => e.position);
    await waitUntil('every event is handled', () => seen.length >= positions.length);
    expect(seen).toEqual(positions);
    const logged = entries.filter(
      (entry) => entry.msg === 'subscription handler failed; the event will be handed over again',
    );
    expect(
      logged.map((entry) => [entry.subscription, entry.position, entry.attempt, entry.retryInMs]),
    ).toEqual([
      ['flaky', positions[1], 1, 20],
      ['flaky', positions[1], 2, 40],
      ['flaky', positions[1], 3, 80],
    ]);
    expect((logged[0]!.err as { message: string }).message).toBe('SMTP is down');
  });

  it('a subscription to some types moves its checkpoint past the others', async () => {
    const { subscription, seen } = recorder('cancellations', {
      types: ['ReservationCancelled'],
      startAt: 'end',
    });
    start([subscription]);
    await waitUntil(
      'the checkpoint exists',
      async () => (await readCheckpoint(api.db, 'cancellations')) !== undefined,
    );
    await book(3);
    const end = await settledEnd(api.db);
    await waitUntil('the checkpoint passes the bookings', async () => {
      return (await readCheckpoint(api.db, 'cancellations'))?.position === end.position;
    });
    expect(seen).toEqual([]);
  });

  it('stop() lets the running batch finish and saves its checkpoint', async () => {
    const from = (await settledEnd(api.db)).position;
    await book(5);
    // All five readable before it starts, so they come in one batch.
    await settledEnd(api.db);
    const positions = (await eventsInReadOrder(api.db, from)).map((e) => e.position);
    const handled: number[] = [];
    let stopped = false;
    let calledAfterStop = false;
    start(
      [
        {
          name: 'slow',
          handle: async (event) => {
            if (event.position <= from) return;
            if (stopped) calledAfterStop = true;
            await new Promise((resolve) => setTimeout(resolve, 100));
            handled.push(event.position);
          },
        },
      ],
      { ...NOTIFIED_ONLY, pollMs: 200, batchSize: 1_000 },
    );
    await waitUntil('the batch is under way', () => handled.length > 0);
    await runner!.stop();
    stopped = true;
    runner = undefined;
    expect(handled).toEqual(positions);
    expect(calledAfterStop).toBe(false);
    expect((await readCheckpoint(api.db, 'slow'))?.position).toBe(positions.at(-1));
  });

  it('when the listening connection breaks, it reconnects and is woken by notifications again', async () => {
    const { subscription, seen } = recorder('reconnecting', { startAt: 'end' });
    const entries = start([subscription]);
    const listener = async () =>
      (
        await api.db.raw(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'event-subscriptions' AND query = 'LISTEN events'`,
        )
      ).rows as { pid: number }[];
    await waitUntil('it listens', async () => (await listener()).length === 1);
    const [first] = await listener();
    await api.db.raw('SELECT pg_terminate_backend(?)', [first!.pid]);
    await waitUntil('it listens again', async () => {
      const now = await listener();
      return now.length === 1 && now[0]!.pid !== first!.pid;
    });
    expect(
      entries.some(
        (entry) => entry.msg === 'not listening; polling until reconnected' && entry.channel === 'events',
      ),
    ).toBe(true);

    const from = (await settledEnd(api.db)).position;
    await book(2);
    const fresh = (await eventsInReadOrder(api.db, from)).map((e) => e.position);
    // Polling is a minute away: only a notification can deliver these in time.
    await waitUntil('the new events are handled', () => seen.length >= fresh.length, 50_000);
    expect(seen).toEqual(fresh);
  });
});

describe('the events table', () => {
  it('notifies the events channel with the club id at commit, and not for an append rolled back', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (notification) => payloads.push(notification.payload ?? ''));
    await listener.query('LISTEN events');
    try {
      await book(1);
      await waitUntil('the booking is announced', () => payloads.length > 0);
      expect(payloads).toEqual([clubId]);

      const rolledBack = api.db.transaction(async (trx) => {
        await trx.raw(`
          INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at)
          SELECT stream_type, gen_random_uuid(), 1, club_id, club_seq + 1000, type, data, actor_id, occurred_at
          FROM events ORDER BY position DESC LIMIT 1`);
        throw new Error('rolled back');
      });
      await expect(rolledBack).rejects.toThrow('rolled back');
      await book(2);
      // Notifications arrive in commit order: once the next booking's are here, none came between.
      await waitUntil('the next bookings are announced', () => payloads.length >= 3);
      expect(payloads).toEqual([clubId, clubId, clubId]);
    } finally {
      await listener.end();
    }
  });
});
