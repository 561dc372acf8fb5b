/**
 * The club's push messages for its admins (docs/architecture/push.md, "For the club's admins"):
 * beside the mails, each with its status, attempts, last error, times and title, the member's name
 * and the push service's host; never the endpoint or the keys, and never another club's.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushList } from '@platzbuchung/domain/push/outbox-list';
import { PUSH_ATTEMPTS, sendDuePushes } from '@platzbuchung/outbox/push-outbox';
import { deliverNotices, lastPosition } from './support/notices';
import { clubWithMembers, type Members } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';
const SUBJECT = 'mailto:betrieb@example.org';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
/** A push service of the test's own: 500 for /send/broken, 201 for anything else. */
let pushService: Server;
let pushHost: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  pushService = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = request.url === '/send/broken' ? 500 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushHost = `127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await api.close();
  await database.drop();
});

/** A device of the member, subscribed through the API, as a browser hands it over. */
async function subscribe(members: Members, endpoint: string): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const made = await members.player.client.post('/api/account/push-subscriptions', {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  expect(made.status).toBe(201);
}

/** The player books and the admin cancels: a booking-cancelled notice for each of the player's devices. */
async function cancelledBooking(members: Members, court: string): Promise<void> {
  const booked = await members.player.client.post<{ data: { _id: string; court_num: string }[] }>(
    '/api/reservations',
    { club_id: members.club._id, court_num: court, date: TUESDAY, start_time: 10, end_time: 11 },
  );
  expect(booked.status).toBe(201);
  const id = booked.body.data.find((r) => r.court_num === court)!._id;
  const before = await lastPosition(database.db);
  const cancelled = await members.admin.client.post(`/api/reservations?reservation_id=${id}`, {
    form_method: 'delete',
    date: TUESDAY,
    delete_type: 'all',
  });
  expect(cancelled.status).toBe(200);
  await deliverNotices(database.db, before);
}

/** Sends until nothing is due any more, each pause cut short, so a broken device's message fails. */
async function sendUntilSettled(): Promise<void> {
  for (let pass = 0; pass < PUSH_ATTEMPTS + 1; pass++) {
    await database
      .db('push_outbox')
      .where({ status: 'waiting' })
      .update({ next_attempt_at: new Date(0) });
    await sendDuePushes(database.db, { subject: SUBJECT });
  }
}

describe("the club's push messages for its admins", { timeout: 60_000 }, () => {
  it('lists each with status, attempts, last error, times, title, member and push service host, only of the own club', async () => {
    const green = await clubWithMembers(api.url, { name: 'TC Grün', reservations_limit: 10 });
    const red = await clubWithMembers(api.url, { name: 'TC Rot', reservations_limit: 10 });
    const secretPath = '/fcm/send/geheimes-geraet';
    await subscribe(green, `http://${pushHost}/send/phone`);
    await subscribe(green, `http://${pushHost}/send/broken`);
    await subscribe(red, `http://${pushHost}/send/red`);
    await cancelledBooking(green, '2');
    await cancelledBooking(red, '1');
    await sendUntilSettled();
    // Written after the sending: still waiting, on a push service of the real world.
    await subscribe(green, `https://fcm.googleapis.com${secretPath}`);
    await cancelledBooking(green, '3');

    const list = await green.admin.client.get<PushList>(`/api/admin/push-notices?club_id=${green.club._id}`);
    expect(list.status).toBe(200);
    // The third booking went to each of the three devices and waits.
    expect(list.body.counts).toEqual({ waiting: 3, sent: 1, failed: 1 });
    const byService = (status: string) => list.body.data.find((row) => row.status === status);
    expect(list.body.data).toHaveLength(5);
    for (const row of list.body.data) {
      expect(row.title).toBe('Buchung abgesagt – TC Grün');
      expect(row.recipientName).not.toBe('');
      expect(Date.parse(row.createdAt)).not.toBeNaN();
    }
    expect(byService('sent')).toMatchObject({
      pushService: pushHost,
      attempts: 0,
      lastError: null,
      failedAt: null,
    });
    expect(Date.parse(byService('sent')!.sentAt!)).not.toBeNaN();
    expect(byService('failed')).toMatchObject({
      pushService: pushHost,
      attempts: PUSH_ATTEMPTS,
      lastError: 'HTTP 500',
      sentAt: null,
    });
    expect(Date.parse(byService('failed')!.failedAt!)).not.toBeNaN();
    const waiting = list.body.data.filter((row) => row.status === 'waiting');
    expect(waiting.map((row) => row.pushService).sort()).toEqual([pushHost, pushHost, 'fcm.googleapis.com']);
    expect(waiting.find((row) => row.pushService === 'fcm.googleapis.com')).toMatchObject({
      pushService: 'fcm.googleapis.com',
      sentAt: null,
      failedAt: null,
    });
    // Newest first.
    expect(list.body.data.slice(0, 3).map((row) => row.status)).toEqual(['waiting', 'waiting', 'waiting']);
    // The endpoint and the keys are the member's: none of them leaves the server.
    const answer = JSON.stringify(list.body);
    expect(answer).not.toContain(secretPath);
    expect(answer).not.toContain('/send/');
    expect(answer).not.toMatch(/p256dh|auth|endpoint/);

    // The other club's admin sees only his club's one message, and nothing of the first club.
    const redList = await red.admin.client.get<PushList>(`/api/admin/push-notices?club_id=${red.club._id}`);
    expect(redList.body.counts).toEqual({ waiting: 0, sent: 1, failed: 0 });
    expect(redList.body.data.map((row) => row.title)).toEqual(['Buchung abgesagt – TC Rot']);
    const foreign = await red.admin.client.get<PushList>(`/api/admin/push-notices?club_id=${green.club._id}`);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('TC Grün');
  });

  it('is for admins only, and only for the club they name', async () => {
    const members = await clubWithMembers(api.url, { name: 'TC Blau' });
    const asPlayer = await members.player.client.get(`/api/admin/push-notices?club_id=${members.club._id}`);
    expect(asPlayer.status).toBe(403);
    const noClub = await members.admin.client.get('/api/admin/push-notices');
    expect(noClub.status).toBe(403);
  });
});
