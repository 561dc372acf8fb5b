/**
 * Links whose secret is the credential: the calendar feeds (../calendar/feed-links) and the
 * clubhouse screen (../display/links). A secret is HMAC-SHA256(key, owner id + random seed): 256
 * bits no one can guess. The database keeps the seed and the secret's SHA-256, never the secret:
 * the hash finds the owner of a request (an index lookup on a value the caller cannot steer), and
 * the seed lets the API show the same link again, which needs the key, derived from SESSION_SECRET
 * and kept outside the database. A leaked table therefore opens nothing; a new seed ends the old
 * link at once.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 32 bytes, base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const isWellFormedSecret = (secret: string): boolean => SECRET_SHAPE.test(secret);

export const hashOfSecret = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/** A key of its own per kind of link, so none equals another's or a cookie-signing key. */
export function secretLinkKey(sessionSecret: string, purpose: string): Buffer {
  return createHmac('sha256', sessionSecret).update(purpose).digest();
}

export const secretOf = (key: Buffer, ownerId: string, seed: Buffer): string =>
  createHmac('sha256', key).update(ownerId).update(seed).digest('base64url');

/** A fresh seed, the secret it gives, and the two values the table keeps. */
export function newSecret(
  key: Buffer,
  ownerId: string,
): { secret: string; seed: Buffer; secret_hash: Buffer } {
  const seed = randomBytes(32);
  const secret = secretOf(key, ownerId, seed);
  return { secret, seed, secret_hash: hashOfSecret(secret) };
}

/** The secret a stored seed gives, or undefined when it no longer matches (SESSION_SECRET changed). */
export function storedSecret(
  key: Buffer,
  ownerId: string,
  stored: { seed: Buffer; secret_hash: Buffer },
): string | undefined {
  const secret = secretOf(key, ownerId, stored.seed);
  return hashOfSecret(secret).equals(stored.secret_hash) ? secret : undefined;
}
