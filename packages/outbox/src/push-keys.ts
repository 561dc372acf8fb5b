import type { Knex } from 'knex';
import webpush from 'web-push';

/** The VAPID key pair, base64url as browsers and push services take it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A deployment's push configuration is incomplete or malformed; it says which variable. */
export class VapidConfigError extends Error {}

/** A P-256 public key: the uncompressed point, 65 bytes; a private key: 32 bytes. */
function checkKeys(keys: VapidKeys, where: string): VapidKeys {
  const publicBytes = Buffer.from(keys.publicKey, 'base64url');
  if (publicBytes.length !== 65 || publicBytes[0] !== 4) {
    throw new VapidConfigError(`${where}: VAPID public key is not a base64url P-256 point (65 bytes)`);
  }
  if (Buffer.from(keys.privateKey, 'base64url').length !== 32) {
    throw new VapidConfigError(`${where}: VAPID private key is not 32 base64url bytes`);
  }
  return keys;
}

/** Keys from `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`: both or neither. */
export function configuredVapidKeys(env: NodeJS.ProcessEnv = process.env): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new VapidConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return checkKeys({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
}

/**
 * The pair kept in the database, made on first use. Processes starting at once may each make one;
 * the insert keeps the first and every process reads that one back, so all sign with the same key
 * (docs/architecture/push.md, "Keys").
 */
async function storedVapidKeys(db: Knex): Promise<VapidKeys> {
  const read = () =>
    db('push_vapid_keys')
      .where({ id: 1 })
      .first<{ public_key: string; private_key: string } | undefined>('public_key', 'private_key');
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db('push_vapid_keys')
      .insert({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflict('id')
      .ignore();
    row = await read();
    if (!row) throw new Error('push_vapid_keys: the row just written is missing');
  }
  return checkKeys({ publicKey: row.public_key, privateKey: row.private_key }, 'push_vapid_keys');
}

const known = new WeakMap<Knex, Promise<VapidKeys>>();

/**
 * The deployment's VAPID keys: the configured pair, else the one kept in the database. Read once
 * per process and database; a failed read is tried again on the next call.
 */
export function vapidKeys(db: Knex, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const configured = configuredVapidKeys(env);
  if (configured) return Promise.resolve(configured);
  let keys = known.get(db);
  if (!keys) {
    keys = storedVapidKeys(db);
    known.set(db, keys);
    keys.catch(() => known.delete(db));
  }
  return keys;
}
