/**
 * Web Push (docs/architecture/push.md): the VAPID keys, configured or made once and kept.
 */
import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredVapidKeys, vapidKeys, VapidConfigError } from '@platzbuchung/outbox/push-keys';
import { TestClient } from './support/client';
import { clubWithMembers } from './support/fixtures';
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
