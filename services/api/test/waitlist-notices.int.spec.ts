/**
 * The Warteliste's notice (docs/adding-a-change.md): when a taken hour frees, every member on its
 * list gets one mail — also when the subscription runs over the same events a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeText, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import type { Reservation } from '@platzbuchung/domain/types';
import { namerForMail } from '@platzbuchung/outbox/names';
import type { OutboxRow } from '@platzbuchung/outbox/outbox';
import { readCheckpoint, startSubscriptions } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { NOTIFICATIONS_SUBSCRIPTION, notificationsSubscription } from '../src/notifications/notices';
import type { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  )!._id;
}

const join = async (client: TestClient, clubId: string, body: Record<string, unknown>) =>
  expect((await client.post(`/api/waitlist?club_id=${clubId}`, body)).status).toBe(201);

const waitlistMailsOf = (userId: string): Promise<OutboxRow[]> =>
  database.db('mail_outbox').where({ user_id: userId, kind: 'waitlist-freed' }).select();

/** Runs the notifications subscription until it has passed everything appended so far. */
async function runSubscriptionOnce(): Promise<void> {
  const runner = startSubscriptions({
    db: database.db,
    databaseUrl: database.url,
    logger: createLogger('waitlist-notices-test', 'silent'),
    subscriptions: [notificationsSubscription({ publicUrl: 'http://localhost:3000' })],
    timing: { pollMs: 100 },
  });
  try {
    await expect.poll(() => readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION)).toBeDefined();
    const { rows } = await database.db.raw('SELECT max(position) AS position FROM events');
    await expect
      // Long: the gap-free reader waits for every older transaction of the server, and a shared
      // test server may run a long one in another database meanwhile.
      .poll(async () => (await readCheckpoint(database.db, NOTIFICATIONS_SUBSCRIPTION))?.position ?? 0, {
        timeout: 120_000,
      })
      .toBeGreaterThanOrEqual(Number(rows[0].position));
  } finally {
    await runner.stop();
  }
}

describe('when a taken hour frees', { timeout: 400_000 }, () => {
  it('every member on its list gets one mail, once, also when the subscription runs twice', async () => {
    // The subscription starts at the log's end: open its checkpoint before anything happens.
    await runSubscriptionOnce();
    const before = await database
      .db('event_subscriptions')
      .where({ name: NOTIFICATIONS_SUBSCRIPTION })
      .first();

    const members = await clubWithMembers(api.url, {
      name: `TC Warteliste ${Date.now()}`,
      reservations_limit: 10,
    });
    const second = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
    const clubId = members.club._id;
    const booking = await book(members.admin.client, members, {
      court_num: '1',
      date: TUESDAY,
      start_time: 18,
      end_time: 20,
    });
    await join(members.player.client, clubId, { court_num: '1', date: TUESDAY, start_time: 18 });
    // One member waits for both hours of the booking: still one mail about the one change.
    await join(second.client, clubId, { court_num: '1', date: TUESDAY, start_time: 18 });
    await join(second.client, clubId, { court_num: '1', date: TUESDAY, start_time: 19 });
    const cancelled = await members.admin.client.post(`/api/reservations?reservation_id=${booking}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    expect(cancelled.status).toBe(200);

    await runSubscriptionOnce();
    // Handed over again from where it stood before: the same events, no second mail.
    await database
      .db('event_subscriptions')
      .where({ name: NOTIFICATIONS_SUBSCRIPTION })
      .update({ position: before.position, transaction_id: before.transaction_id });
    await runSubscriptionOnce();

    const [first] = await waitlistMailsOf(members.player.user._id);
    expect(await waitlistMailsOf(members.player.user._id)).toHaveLength(1);
    expect(await waitlistMailsOf(second.user._id)).toHaveLength(1);
    expect(await waitlistMailsOf(members.admin.user._id)).toHaveLength(0);
    const words = noticeText(
      first!.payload.facts as NoticeFacts,
      await namerForMail(database.db, first!.payload),
    );
    expect(words.subject).toBe(`Platz frei bei ${members.club.name}: Platz 1, Di., 24.11.2026, 18-19 Uhr`);
    const [both] = await waitlistMailsOf(second.user._id);
    expect((both!.payload.facts as Extract<NoticeFacts, { kind: 'waitlist-freed' }>).slots).toHaveLength(2);
  });

  it('a lifted block frees the hours it held', async () => {
    await runSubscriptionOnce();
    const members = await clubWithMembers(api.url, {
      name: `TC Sperre ${Date.now()}`,
      reservations_limit: 10,
    });
    const clubId = members.club._id;
    const blocked = await members.admin.client.post<{ data: { _id: string } }>(
      `/api/admin/blocks?club_id=${clubId}`,
      { court_nums: ['2'], from: `${TUESDAY}T14:00`, until: `${TUESDAY}T16:00`, reason: 'Turnier' },
    );
    expect(blocked.status).toBe(201);
    await join(members.player.client, clubId, { court_num: '2', date: TUESDAY, start_time: 14 });
    const lifted = await members.admin.client.request(
      'DELETE',
      `/api/admin/blocks/${blocked.body.data._id}?club_id=${clubId}`,
      {},
    );
    expect(lifted.status).toBe(200);
    await runSubscriptionOnce();
    expect(await waitlistMailsOf(members.player.user._id)).toHaveLength(1);
  });
});
