/**
 * Web Push (docs/architecture/push.md): the VAPID keys, configured or made once and kept, and each
 * device's subscription with the notices it wants.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredVapidKeys, vapidKeys, VapidConfigError } from '@platzbuchung/outbox/push-keys';
import { pushTexts } from '@platzbuchung/domain/push/texts';
import * as texts from '@platzbuchung/domain/texts';
import { TestClient } from './support/client';
import { clubWithMembers, PASSWORD } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

describe('VAPID keys', () => {
  it('are made once, kept in the database and answered at /api/account/push-key', async () => {
    const members = await clubWithMembers(api.url);
    const first = await members.player.client.get<{ data: { public_key: string } }>('/api/account/push-key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.data.public_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);

    const kept = await database.db('push_vapid_keys').select('public_key');
    expect(kept).toEqual([{ public_key: first.body.data.public_key }]);
    const again = await members.admin.client.get<{ data: { public_key: string } }>('/api/account/push-key');
    expect(again.body.data.public_key).toBe(first.body.data.public_key);
  });

  it('asks for a login', async () => {
    const response = await new TestClient(api.url).get('/api/account/push-key');
    expect(response.status).toBe(401);
  });

  it('come from the configuration when it has both, which is never overwritten by the kept pair', async () => {
    const env = { VAPID_PUBLIC_KEY: 'BAAA', VAPID_PRIVATE_KEY: 'AAAA' };
    expect(() => configuredVapidKeys(env)).toThrow(VapidConfigError);
    expect(() => configuredVapidKeys({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/together/);
    const kept = await vapidKeys(database.db, {});
    const ecdh = createECDH('prime256v1');
    // A private key with a leading zero byte comes out shorter than the 32 bytes VAPID takes.
    do ecdh.generateKeys();
    while (ecdh.getPrivateKey().length !== 32);
    const own = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
    const configured = await vapidKeys(database.db, {
      VAPID_PUBLIC_KEY: own.publicKey,
      VAPID_PRIVATE_KEY: own.privateKey,
    });
    expect(configured).toEqual(own);
    expect(await vapidKeys(database.db, {})).toEqual(kept);
  });
});

/** A browser's subscription as `PushSubscription.toJSON()` gives it, with keys of its own. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

type Device = {
  endpoint: string;
  waitlist_freed: boolean;
  co_player_named: boolean;
  booking_cancelled: boolean;
  court_released: boolean;
};
type Refusal = { error: { instancePath: string; message: string }[] };
const ALL_ON = { waitlist_freed: true, co_player_named: true, booking_cancelled: true, court_released: true };

describe('subscriptions', () => {
  it('are kept per device with every notice on, changed, listed without keys and removed by endpoint', async () => {
    const { player } = await clubWithMembers(api.url);
    const endpoint = 'http://127.0.0.1:9/push/phone';
    const made = await player.client.post<{ message: string; data: Device }>(
      '/api/account/push-subscriptions',
      browserSubscription(endpoint),
    );
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ message: pushTexts.subscribed, data: { endpoint, ...ALL_ON } });

    const changed = await player.client.request<{ data: Device }>('PUT', '/api/account/push-subscriptions', {
      endpoint,
      waitlist_freed: false,
      court_released: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ endpoint, ...ALL_ON, waitlist_freed: false, court_released: false });

    // Subscribing again (new keys from the same browser) keeps the choices.
    await player.client.post('/api/account/push-subscriptions', browserSubscription(endpoint));
    const listed = await player.client.get<{ data: Device[] }>('/api/account/push-subscriptions');
    expect(listed.body.data).toEqual([changed.body.data]);
    expect(JSON.stringify(listed.body)).not.toMatch(/p256dh|auth/);

    const gone = await player.client.request('DELETE', '/api/account/push-subscriptions', { endpoint });
    expect(gone.status).toBe(200);
    expect(await database.db('push_subscriptions').where({ endpoint })).toEqual([]);
    const unknown = await player.client.request<{ error: string }>('PUT', '/api/account/push-subscriptions', {
      endpoint,
      booking_cancelled: false,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(pushTexts.subscriptionNotFound);
  });

  it('pass to another member who subscribes the same browser, with every notice on again', async () => {
    const { player, admin } = await clubWithMembers(api.url);
    const endpoint = 'https://push.example.net/send/shared-tablet';
    await player.client.post('/api/account/push-subscriptions', browserSubscription(endpoint));
    await player.client.request('PUT', '/api/account/push-subscriptions', {
      endpoint,
      booking_cancelled: false,
    });
    const taken = await admin.client.post<{ data: Device }>(
      '/api/account/push-subscriptions',
      browserSubscription(endpoint),
    );
    expect(taken.body.data).toEqual({ endpoint, ...ALL_ON });
    expect(
      (await player.client.get<{ data: Device[] }>('/api/account/push-subscriptions')).body.data,
    ).toEqual([]);
  });

  it('refuse what is no push subscription, in German', async () => {
    const { player } = await clubWithMembers(api.url);
    const good = browserSubscription('https://push.example.net/send/a');
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'http://push.example.net/send/a' }, '/endpoint', pushTexts.endpointNotHttps],
      [{ ...good, endpoint: 'ftp://127.0.0.1/a' }, '/endpoint', pushTexts.endpointNotHttps],
      [{ ...good, endpoint: 'kein Link' }, '/endpoint', pushTexts.endpointInvalid],
      [
        { ...good, endpoint: `https://push.example.net/${'a'.repeat(2000)}` },
        '/endpoint',
        pushTexts.endpointInvalid,
      ],
      [{ endpoint: good.endpoint }, '/keys', texts.requiredField],
      [{ ...good, keys: 'ab' }, '/keys', pushTexts.keysInvalid],
      [{ ...good, keys: { auth: good.keys.auth } }, '/keys/p256dh', texts.requiredField],
      [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, '/keys/p256dh', pushTexts.p256dhInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: 'kein base64!' } }, '/keys/p256dh', pushTexts.p256dhInvalid],
      [{ ...good, keys: { ...good.keys, auth: 'AAAA' } }, '/keys/auth', pushTexts.authInvalid],
    ];
    for (const [body, instancePath, text] of cases) {
      const refused = await player.client.post<Refusal>('/api/account/push-subscriptions', body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.error).toContainEqual({ instancePath, message: text });
    }
    const extra = await player.client.post<Refusal>('/api/account/push-subscriptions', {
      ...good,
      user_id: 'x',
    });
    expect(extra.status).toBe(400);
    const choice = await player.client.request<Refusal>('PUT', '/api/account/push-subscriptions', {
      endpoint: good.endpoint,
      waitlist_freed: 'ja',
    });
    expect(choice.status).toBe(400);
    expect(choice.body.error).toContainEqual({
      instancePath: '/waitlist_freed',
      message: pushTexts.choiceInvalid,
    });
    const noEndpoint = await player.client.request<Refusal>('DELETE', '/api/account/push-subscriptions', {});
    expect(noEndpoint.status).toBe(400);
    expect(await database.db('push_subscriptions').where({ endpoint: good.endpoint })).toEqual([]);
  });

  it("are in the account export by the push service's host and choices, never the endpoint or keys", async () => {
    const { player } = await clubWithMembers(api.url);
    const subscription = browserSubscription('https://fcm.googleapis.com/fcm/send/secret-device-id');
    await player.client.post('/api/account/push-subscriptions', subscription);
    const exported = await player.client.get<{ push_devices: unknown[] }>('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.push_devices).toEqual([
      { push_service: 'fcm.googleapis.com', subscribed_at: expect.any(String), ...ALL_ON },
    ]);
    const text = JSON.stringify(exported.body);
    for (const secret of ['secret-device-id', subscription.keys.p256dh, subscription.keys.auth]) {
      expect(text).not.toContain(secret);
    }
  });

  it('end with the account', async () => {
    const { player } = await clubWithMembers(api.url);
    const endpoint = 'https://push.example.net/send/erased';
    await player.client.post('/api/account/push-subscriptions', browserSubscription(endpoint));
    const erased = await player.client.request('DELETE', '/api/account', { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(await database.db('push_subscriptions').where({ endpoint })).toEqual([]);
  });
});
