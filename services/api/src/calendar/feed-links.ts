/**
 * The secret links of the personal calendar feeds (docs/architecture/calendar-feed.md).
 *
 * A link's secret is HMAC-SHA256(feed key, member id + random seed): 256 bits no one can guess.
 * The database keeps the seed and the secret's SHA-256, never the secret: the hash finds the
 * member of a link (an index lookup on a value the caller cannot steer, so its timing tells
 * nothing), and the seed lets the API show the same link again, which needs the feed key, derived
 * from SESSION_SECRET and kept outside the database. A leaked table therefore opens no feed.
 * Renewing draws a new seed and so ends the old link at once.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/connect';
import { newestClubSeq } from '../events/store';
import {
  hashOfSecret,
  isWellFormedSecret,
  newSecret,
  secretLinkKey,
  storedSecret,
} from '../http/secret-links';

export const isWellFormedFeedSecret = isWellFormedSecret;

export const feedUrl = (publicUrl: string, secret: string): string =>
  `${publicUrl}/api/calendar/${secret}.ics`;

/** The key the secrets are derived with: its own, so it never equals a cookie-signing key. */
export const feedKey = (sessionSecret: string): Buffer =>
  secretLinkKey(sessionSecret, 'platzbuchung calendar feed links');

function newFeedRow(key: Buffer, userId: string) {
  const { secret, seed, secret_hash } = newSecret(key, userId);
  return { secret, row: { user_id: userId, seed, secret_hash } };
}

/** A new secret for the member, stored as its hash and seed; any earlier link stops working. */
export async function renewFeedSecret(db: Db, key: Buffer, userId: string): Promise<string> {
  const { secret, row } = newFeedRow(key, userId);
  await db('calendar_feeds')
    .insert({ ...row, created_at: db.fn.now() })
    .onConflict('user_id')
    .merge(['seed', 'secret_hash', 'created_at']);
  return secret;
}

const storedFeed = (db: Db, userId: string): Promise<{ seed: Buffer; secret_hash: Buffer } | undefined> =>
  db('calendar_feeds').where({ user_id: userId }).first('seed', 'secret_hash');

/**
 * The member's current secret, made on first use; two first calls at once agree on one (the
 * insert that loses does nothing). When the stored seed no longer gives the stored hash
 * (SESSION_SECRET was changed), the link is renewed: showing one that cannot work would be worse.
 */
export async function currentFeedSecret(db: Db, key: Buffer, userId: string): Promise<string> {
  let stored = await storedFeed(db, userId);
  if (!stored) {
    await db('calendar_feeds').insert(newFeedRow(key, userId).row).onConflict('user_id').ignore();
    stored = await storedFeed(db, userId);
  }
  const secret = stored && storedSecret(key, userId, stored);
  if (secret) return secret;
  return renewFeedSecret(db, key, userId);
}

/**
 * Ends the member's link; the account panel makes a new one on its next visit. A password reset
 * calls it: whoever took over the account before may have copied the link (docs/security/secret-links.md).
 */
export async function dropFeedSecret(db: Db | Knex.Transaction, userId: string): Promise<void> {
  await db('calendar_feeds').where({ user_id: userId }).delete();
}

export interface FeedOwner {
  userId: string;
  clubId: string;
  clubName: string;
  /** The club's own zone: the feed's times are its wall-clock hours. */
  timeZone: string;
  /**
   * The club's newest event number: every change of a booking is an event of its club, so while
   * it stands the member's bookings are as they were, and a feed's ETag can be told without them.
   */
  clubSeq: number;
}

/**
 * Whose feed a secret opens, or undefined; a malformed secret never reaches the database. The link
 * ends with the membership: only an active member's feed opens (docs/architecture/membership.md, "Who sees a
 * club's data"), and a reactivated member's link works again.
 */
export async function findFeedOwner(db: Db, secret: string): Promise<FeedOwner | undefined> {
  if (!isWellFormedFeedSecret(secret)) return undefined;
  const row:
    | { user_id: string; club_id: string; club_name: string; time_zone: string; club_seq: string | null }
    | undefined = await db('calendar_feeds')
    .join('users', 'users.id', 'calendar_feeds.user_id')
    .join('clubs', 'clubs.id', 'users.club_id')
    .where('calendar_feeds.secret_hash', hashOfSecret(secret))
    .andWhere('users.status', 'active')
    .first(
      'users.id as user_id',
      'clubs.id as club_id',
      'clubs.name as club_name',
      'clubs.time_zone',
      db.raw(`${newestClubSeq('clubs.id')} AS club_seq`),
    );
  return (
    row && {
      userId: row.user_id,
      clubId: row.club_id,
      clubName: row.club_name,
      timeZone: row.time_zone,
      clubSeq: Number(row.club_seq ?? 0),
    }
  );
}
