/**
 * Push messages through the outbox (docs/architecture/push.md, "Sending"): a notice a device chose
 * reaches a push service of the test's own on 127.0.0.1, encrypted as RFC 8291 says and signed
 * with VAPID; the test decrypts it with the keys its "browser" made. Exactly once on redelivery,
 * retried on a failure, and a subscription the push service answers 404 or 410 for is removed.
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldPushes, sendDuePushes } from '@platzbuchung/outbox/push-outbox';
import { vapidKeys } from '@platzbuchung/outbox/push-keys';
import { deliverNotices, lastPosition, NOTICES_PUBLIC_URL } from './support/notices';
import { clubWithMembers } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';
const SUBJECT = 'mailto:betrieb@example.org';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;
let pushService: Server;
let pushUrl: string;
/** What the push service answers per path, and what it received. */
const answers = new Map<string, number>();
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(request.url ?? '') ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await api.close();
  await database.drop();
});

/** A browser's side: its own P-256 pair and auth secret. */
interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
}

function newDevice(path: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${pushUrl}${path}`, ecdh, auth: randomBytes(16) };
}

const subscriptionOf = (device: Device) => ({
  endpoint: device.endpoint,
  keys: { p256dh: device.ecdh.getPublicKey('base64url'), auth: device.auth.toString('base64url') },
});

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 with RFC 8188's aes128gcm, as the browser decrypts a message: one record. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(device.auth, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2 and any zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

describe('push messages', { timeout: 60_000 }, () => {
  it('bring a cancelled booking to the device in German with the grid at its day, once, signed and encrypted', async () => {
    const members = await clubWithMembers(api.url, { name: 'TC Push', reservations_limit: 10 });
    const phone = newDevice('/send/phone');
    const quiet = newDevice('/send/quiet');
    for (const device of [phone, quiet]) {
      const made = await members.player.client.post(
        '/api/account/push-subscriptions',
        subscriptionOf(device),
      );
      expect(made.status).toBe(201);
    }
    await members.player.client.request('PUT', '/api/account/push-subscriptions', {
      endpoint: quiet.endpoint,
      booking_cancelled: false,
    });
    const booked = await members.player.client.post<{ data: { _id: string; court_num: string }[] }>(
      '/api/reservations',
      { club_id: members.club._id, court_num: '2', date: TUESDAY, start_time: 18, end_time: 19 },
    );
    expect(booked.status).toBe(201);
    const id = booked.body.data.find((r) => r.court_num === '2')!._id;
    const before = await lastPosition(database.db);
    const cancelled = await members.admin.client.post(`/api/reservations?reservation_id=${id}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    expect(cancelled.status).toBe(200);

    await deliverNotices(database.db, before);
    await deliverNotices(database.db, before); // delivered again, as after a crash: nothing more is written
    expect(await database.db('push_outbox')).toHaveLength(1);

    received.length = 0;
    expect(await sendDuePushes(database.db, { subject: SUBJECT })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
      removed: 0,
    });
    expect(await sendDuePushes(database.db, { subject: SUBJECT })).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.path).toBe('/send/phone');
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    const keys = await vapidKeys(database.db);
    expect(message!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`),
    );
    expect(JSON.parse(decrypt(phone, message!.body))).toEqual({
      title: 'Buchung abgesagt – TC Push',
      body: 'Platz 2, Di., 24.11.2026, 18-19 Uhr',
      url: `${NOTICES_PUBLIC_URL}/reservations?date=${TUESDAY}`,
    });
    expect(await database.db('push_outbox').first('status')).toEqual({ status: 'sent' });
  });

  it('retry a failure with a growing pause, and remove a subscription the push service answers 404 or 410 for', async () => {
    const members = await clubWithMembers(api.url, { name: 'TC Push Fehler', reservations_limit: 10 });
    const flaky = newDevice('/send/flaky');
    const gone = newDevice('/send/gone');
    const unknown = newDevice('/send/unknown');
    answers.set('/send/flaky', 500);
    answers.set('/send/gone', 410);
    answers.set('/send/unknown', 404);
    for (const device of [flaky, gone, unknown]) {
      await members.player.client.post('/api/account/push-subscriptions', subscriptionOf(device));
    }
    const booked = await members.player.client.post<{ data: { _id: string; court_num: string }[] }>(
      '/api/reservations',
      { club_id: members.club._id, court_num: '3', date: TUESDAY, start_time: 10, end_time: 11 },
    );
    const id = booked.body.data.find((r) => r.court_num === '3')!._id;
    const before = await lastPosition(database.db);
    await members.admin.client.post(`/api/reservations?reservation_id=${id}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    await deliverNotices(database.db, before);

    expect(await sendDuePushes(database.db, { subject: SUBJECT })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
      removed: 2,
    });
    const endpoints = await database
      .db('push_subscriptions')
      .where({ user_id: members.player.user._id })
      .pluck('endpoint');
    expect(endpoints).toEqual([flaky.endpoint]);
    const row = await database
      .db('push_outbox')
      .whereNot({ status: 'sent' })
      .first('attempts', 'last_error', 'next_attempt_at', 'status');
    expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 500', status: 'waiting' });
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: the next pass leaves it.
    expect(await sendDuePushes(database.db, { subject: SUBJECT })).toMatchObject({ retried: 0 });
    // Its pause over, it goes when the push service takes it.
    answers.delete('/send/flaky');
    await database
      .db('push_outbox')
      .where({ status: 'waiting' })
      .update({ next_attempt_at: new Date(0) });
    expect(await sendDuePushes(database.db, { subject: SUBJECT })).toMatchObject({ sent: 1 });
  });

  it("are removed once sent or failed and older than the mails' retention", async () => {
    const sentBefore = await database.db('push_outbox').where({ status: 'sent' }).count({ n: '*' }).first();
    expect(Number(sentBefore!.n)).toBeGreaterThan(0);
    expect(await purgeOldPushes(database.db, 30)).toBe(0);
    await database.db('push_outbox').update({ created_at: database.db.raw(`now() - interval '31 days'`) });
    expect(await purgeOldPushes(database.db, 30)).toBe(Number(sentBefore!.n));
    expect(await database.db('push_outbox').whereIn('status', ['sent', 'failed'])).toEqual([]);
  });
});
