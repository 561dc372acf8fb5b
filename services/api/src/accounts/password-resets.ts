import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import { dropFeedSecret } from '../calendar/feed-links';
import { dropPendingEmailChange } from './pending-email-change';
import type { Db } from '../db/connect';
import { destroyUserSessions } from '../http/session';

/** A mailed link works for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters, the shape the reset schema accepts. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: whoever reads the table cannot rebuild a working link from it. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Records a reset request and answers its id. */
export async function insertPasswordReset(
  db: Db | Knex.Transaction,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<string> {
  const [row] = await db('password_resets')
    .insert({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export interface ResetRecipient {
  _id: string;
  club_id?: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The reset request and its mail in one transaction (docs/architecture/mail.md, "Mail: outbox, relay,
 * worker"): either both are stored or neither, so a stored token always has its mail on the way,
 * whether or not Redis is up right now. Answers the request's and the mail's ids.
 */
export async function requestPasswordReset(
  db: Db,
  user: ResetRecipient,
  token: string,
  publicUrl: string,
  now: Date,
): Promise<{ resetId: string; outboxId: string }> {
  return db.transaction(async (trx) => {
    const resetId = await insertPasswordReset(trx, user._id, hashResetToken(token), now);
    const outboxId = await insertOutboxMail(trx, {
      kind: 'password-reset',
      clubId: user.club_id,
      userId: user._id,
      to: user.email,
      toName: `${user.first_name} ${user.last_name}`.trim(),
      payload: {
        firstName: user.first_name,
        lastName: user.last_name,
        resetUrl: `${publicUrl}/reset-password?token=${token}`,
      },
    });
    return { resetId, outboxId: outboxId! };
  });
}

export type ResetTokenProblem = 'unknown' | 'expired' | 'used';

interface PasswordResetRow {
  id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** Why a token cannot be used right now, or undefined when it can. */
export async function resetTokenProblem(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ResetTokenProblem | undefined> {
  const row: PasswordResetRow | undefined = await db('password_resets')
    .where({ token_hash: tokenHash })
    .first('id', 'user_id', 'expires_at', 'used_at');
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return undefined;
}

/**
 * Uses the token: sets the password, marks the token used, drops the user's other open tokens and
 * ends all of the user's sessions, all in one transaction. The token is claimed with a conditional
 * UPDATE, so of two simultaneous uses exactly one gets the row; the other sees why it cannot.
 * The member's calendar link ends too; the account panel shows a new one.
 */
export async function completePasswordReset(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<{ ok: true; userId: string } | { ok: false; problem: ResetTokenProblem }> {
  return db.transaction(async (trx) => {
    const [claimed] = await trx('password_resets')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
      .returning<{ id: string; user_id: string }[]>(['id', 'user_id']);
    if (!claimed) return { ok: false, problem: (await resetTokenProblem(trx, tokenHash, now)) ?? 'used' };

    await trx('users').where({ id: claimed.user_id }).update({ password_hash: passwordHash });
    // Links mailed for earlier requests must not change the new password again.
    await trx('password_resets')
      .where({ user_id: claimed.user_id })
      .whereNull('used_at')
      .whereNot({ id: claimed.id })
      .delete();
    await destroyUserSessions(trx, claimed.user_id);
    // An address change that whoever knew the old password asked for must not go through now.
    await dropPendingEmailChange(trx, claimed.user_id);
    // The calendar link is a credential as well: one copied before the reset must stop working.
    await dropFeedSecret(trx, claimed.user_id);
    return { ok: true, userId: claimed.user_id };
  });
}

/** Rows a day past their expiry are of no use any more; housekeeping removes them. */
export async function purgeOldPasswordResets(db: Db, now: Date = new Date()): Promise<number> {
  return db('password_resets')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .delete();
}
