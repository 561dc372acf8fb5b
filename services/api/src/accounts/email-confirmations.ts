/**
 * Confirming that a member owns their address (docs/architecture.md, "Confirmed addresses"). A link
 * carries a random token (32 bytes, like a reset token) whose SHA-256 alone is stored, together with
 * the address it was mailed to: a token confirms that address and no other, so a later "change
 * e-mail" can mail the new address a link of the same kind and switch over when it is used.
 */
import type { Knex } from 'knex';
import { wallClockOf } from '@platzbuchung/domain/dates';
import { CONFIRMATION_LINK_TTL_HOURS, heldNoticeWorthSending } from '@platzbuchung/domain/mail/held-notices';
import type { NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { insertOutboxMail, releaseHeldMails } from '@platzbuchung/outbox/outbox';
import type { Db } from '../db/connect';
// A confirmation token has the shape and strength of a reset token: the same helpers make it.
import { hashResetToken, newResetToken } from './password-resets';

const TTL_MS = CONFIRMATION_LINK_TTL_HOURS * 60 * 60 * 1000;

/** Only this is stored: whoever reads the table cannot rebuild a working link from it. */
export const hashConfirmationToken = hashResetToken;

export interface ConfirmationRecipient {
  readonly id: string;
  readonly club_id: string;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
}

/**
 * Stores a new token for the member's current address and its mail in the outbox, in the caller's
 * transaction: a stored token always has its mail on the way. Earlier links stay valid until they
 * expire. Answers the mail's outbox id.
 */
export async function requestEmailConfirmation(
  db: Db | Knex.Transaction,
  user: ConfirmationRecipient,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const token = newResetToken();
  // Stored as the users table keeps it (trimmed), so the two compare equal on use.
  const email = user.email.trim();
  await db('email_confirmations').insert({
    user_id: user.id,
    email,
    token_hash: hashConfirmationToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + TTL_MS),
  });
  const outboxId = await insertOutboxMail(db, {
    kind: 'email-confirmation',
    clubId: user.club_id,
    userId: user.id,
    to: email,
    toName: `${user.first_name} ${user.last_name}`.trim(),
    payload: {
      firstName: user.first_name,
      lastName: user.last_name,
      confirmUrl: `${publicUrl}/confirm-email?token=${token}`,
    },
  });
  return outboxId!;
}

export type ConfirmationResult =
  | { readonly ok: true; readonly userId: string; readonly released: number; readonly dropped: number }
  | { readonly ok: false };

/**
 * Uses a token: the address it was mailed to becomes confirmed, if it is still the member's, and the
 * notices held for it go out (those still worth reading) or are dropped, in one transaction. The
 * token is claimed with a conditional UPDATE, so of two simultaneous uses exactly one does the work.
 * Unknown, used and expired tokens are all "invalid or expired" to the caller.
 */
export async function confirmEmail(db: Db, tokenHash: string, now: Date): Promise<ConfirmationResult> {
  return db.transaction(async (trx) => {
    const [claimed] = await trx('email_confirmations')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
      .returning<{ user_id: string; email: string }[]>(['user_id', 'email']);
    if (!claimed) return { ok: false };
    const user: { time_zone: string } | undefined = await trx('users')
      .join('clubs', 'clubs.id', 'users.club_id')
      .where('users.id', claimed.user_id)
      .whereRaw('lower(users.email) = lower(?)', [claimed.email])
      .first('clubs.time_zone');
    // The member has another address by now: this link confirmed one that is no longer theirs.
    if (!user) return { ok: false };
    await trx('users')
      .where({ id: claimed.user_id })
      .update({ email_confirmed_at: trx.raw('coalesce(email_confirmed_at, ?)', [now]) });
    const moment = { now, clubToday: wallClockOf(now, user.time_zone).date };
    const { released, dropped } = await releaseHeldMails(trx, claimed.user_id, claimed.email, (mail) =>
      heldNoticeWorthSending(
        { facts: mail.payload.facts as NoticeFacts, heldSince: mail.created_at },
        moment,
      ),
    );
    return { ok: true, userId: claimed.user_id, released, dropped };
  });
}

/** Whether the member's current address is confirmed. */
export async function emailConfirmed(db: Db, userId: string): Promise<boolean> {
  const row: { email_confirmed_at: Date | null } | undefined = await db('users')
    .where({ id: userId })
    .first('email_confirmed_at');
  return Boolean(row?.email_confirmed_at);
}

/** Links a day past their expiry are of no use any more; housekeeping removes them. */
export async function purgeOldEmailConfirmations(db: Db, now: Date = new Date()): Promise<number> {
  return db('email_confirmations')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .delete();
}
