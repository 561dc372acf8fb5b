/**
 * The clubhouse screen's secret link, one per club (docs/architecture/clubhouse-screen.md).
 * Made like a calendar feed's (../http/secret-links): the table keeps the seed and the secret's
 * hash, so the admin can be shown the link again, and a copy of the table opens no screen.
 * Renewing notifies every API process, which ends the old link's streams at once (../live/displays).
 */
import type { Db } from '../db/connect';
import { newestClubSeq } from '../events/store';
import { DISPLAYS_CHANNEL } from '../live/displays';
import {
  hashOfSecret,
  isWellFormedSecret,
  newSecret,
  secretLinkKey,
  storedSecret,
} from '../http/secret-links';

export const displayKey = (sessionSecret: string): Buffer =>
  secretLinkKey(sessionSecret, 'platzbuchung clubhouse screen links');

export const displayUrl = (publicUrl: string, secret: string): string => `${publicUrl}/aushang/${secret}`;

/** A new link for the club; the one before ends now, also on a screen showing it. */
export async function renewDisplaySecret(db: Db, key: Buffer, clubId: string): Promise<string> {
  const { secret, seed, secret_hash } = newSecret(key, clubId);
  await db.transaction(async (trx) => {
    await trx('club_displays')
      .insert({ club_id: clubId, seed, secret_hash, created_at: trx.fn.now() })
      .onConflict('club_id')
      .merge(['seed', 'secret_hash', 'created_at']);
    // Delivered at commit: from then on the old link's streams close on every process.
    await trx.raw('SELECT pg_notify(?, ?)', [DISPLAYS_CHANNEL, clubId]);
  });
  return secret;
}

/**
 * The club's current secret, or null when it has none that works: never made, or made with another
 * SESSION_SECRET (its hash no longer matches; the admin makes a new one).
 */
export async function currentDisplaySecret(db: Db, key: Buffer, clubId: string): Promise<string | null> {
  const stored: { seed: Buffer; secret_hash: Buffer } | undefined = await db('club_displays')
    .where({ club_id: clubId })
    .first('seed', 'secret_hash');
  return (stored && storedSecret(key, clubId, stored)) ?? null;
}

export interface DisplayOwner {
  clubId: string;
  secretHash: Buffer;
  /** The club's newest event number at the lookup. */
  clubSeq: number;
}

/** The club a secret opens, or undefined; a malformed secret never reaches the database. */
export async function findDisplay(db: Db, secret: string): Promise<DisplayOwner | undefined> {
  if (!isWellFormedSecret(secret)) return undefined;
  const secretHash = hashOfSecret(secret);
  const row: { club_id: string; club_seq: string | null } | undefined = await db('club_displays')
    .where({ secret_hash: secretHash })
    .first('club_id', db.raw(`${newestClubSeq('club_displays.club_id')} AS club_seq`));
  return row && { clubId: row.club_id, secretHash, clubSeq: Number(row.club_seq ?? 0) };
}
