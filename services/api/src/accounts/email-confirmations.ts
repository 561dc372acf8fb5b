/**
 * Confirming that a member owns their address (docs/architecture/mail.md, "Confirmed addresses"). A link
 * carries a random token (32 bytes, like a reset token) whose SHA-256 alone is stored, together with
 * the address it was mailed to: a token confirms that address and no other, so a later "change
 * e-mail" can mail the new address a link of the same kind and switch over when it is used.
 */
import type { Knex } from 'knex';
import { wallClockOf } from '@platzbuchung/domain/dates';
import { CONFIRMATION_LINK_TTL_HOURS, heldNoticeWorthSending } from '@platzbuchung/domain/mail/held-notices';
import { noticeKinds, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
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

/** What a link does when used: confirm the member's address, or make its address the member's. */
export type ConfirmationPurpose = 'confirm' | 'change';

/**
 * Stores a new token bound to `email` and answers the link that carries it. In the caller's
 * transaction, which also writes the link's mail: a stored token always has its mail on the way.
 */
export async function storeConfirmationLink(
  db: Db | Knex.Transaction,
  link: { userId: string; email: string; purpose: ConfirmationPurpose },
  publicUrl: string,
  now: Date,
): Promise<string> {
  const token = newResetToken();
  await db('email_confirmations').insert({
    user_id: link.userId,
    // Stored as the users table keeps it (trimmed), so the two compare equal on use.
    email: link.email.trim(),
    purpose: link.purpose,
    token_hash: hashConfirmationToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + TTL_MS),
  });
  return `${publicUrl}/confirm-email?token=${token}`;
}

/**
 * Stores a new token for the member's current address and its mail in the outbox, in the caller's
 * transaction. Earlier links stay valid until they expire. Answers the mail's outbox id.
 */
export async function requestEmailConfirmation(
  db: Db | Knex.Transaction,
  user: ConfirmationRecipient,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const email = user.email.trim();
  const confirmUrl = await storeConfirmationLink(
    db,
    { userId: user.id, email, purpose: 'confirm' },
    publicUrl,
    now,
  );
  const outboxId = await insertOutboxMail(db, {
    kind: 'email-confirmation',
    clubId: user.club_id,
    userId: user.id,
    to: email,
    toName: `${user.first_name} ${user.last_name}`.trim(),
    payload: { firstName: user.first_name, lastName: user.last_name, confirmUrl },
  });
  return outboxId!;
}

export type ConfirmationResult =
  | {
      readonly ok: true;
      readonly userId: string;
      /** The link made its address the member's (an address change), rather than confirming it. */
      readonly changed: boolean;
      readonly released: number;
      readonly dropped: number;
    }
  | { readonly ok: false; readonly problem: 'invalid' | 'taken' };

interface ClaimedLink {
  user_id: string;
  email: string;
  purpose: ConfirmationPurpose;
}

interface LinkOwner {
  email: string;
  first_name: string;
  last_name: string;
  club_id: string;
  time_zone: string;
}

/**
 * Uses a token: the address it was mailed to becomes confirmed, if it is still the member's, or,
 * for a change, becomes the member's address; then the notices held for it go out (those still
 * worth reading) or are dropped, in one transaction. The token is claimed with a conditional
 * UPDATE, so of two simultaneous uses exactly one does the work. Unknown, used and expired tokens
 * are all "invalid" to the caller; a change to an address another account took meanwhile is "taken".
 */
export async function confirmEmail(
  db: Db,
  tokenHash: string,
  now: Date,
  publicUrl: string,
): Promise<ConfirmationResult> {
  return db.transaction(async (trx) => {
    const [claimed] = await trx('email_confirmations')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
      .returning<ClaimedLink[]>(['user_id', 'email', 'purpose']);
    if (!claimed) return { ok: false, problem: 'invalid' };
    const owner: LinkOwner | undefined = await trx('users')
      .join('clubs', 'clubs.id', 'users.club_id')
      .where('users.id', claimed.user_id)
      .forUpdate(['users'])
      .first('users.email', 'users.first_name', 'users.last_name', 'users.club_id', 'clubs.time_zone');
    if (!owner) return { ok: false, problem: 'invalid' };
    const changed = claimed.purpose === 'change';
    if (changed) {
      if (!(await switchAddress(trx, claimed, owner, now))) return { ok: false, problem: 'taken' };
      await noticeToFormerAddress(trx, { ...owner, id: claimed.user_id }, publicUrl);
    } else if (owner.email.toLowerCase() !== claimed.email.toLowerCase()) {
      // The member has another address by now: this link confirmed one that is no longer theirs.
      return { ok: false, problem: 'invalid' };
    } else {
      await trx('users')
        .where({ id: claimed.user_id })
        .update({ email_confirmed_at: trx.raw('coalesce(email_confirmed_at, ?)', [now]) });
    }
    const moment = { now, clubToday: wallClockOf(now, owner.time_zone).date };
    const { released, dropped } = await releaseHeldMails(trx, claimed.user_id, claimed.email, (mail) =>
      heldNoticeWorthSending(
        { facts: mail.payload.facts as NoticeFacts, heldSince: mail.created_at },
        moment,
      ),
    );
    return { ok: true, userId: claimed.user_id, changed, released, dropped };
  });
}

/**
 * Makes the link's address the member's, confirmed by the link itself; false when another account
 * holds it by now (the unique index decides, in a savepoint so the transaction goes on). Notices
 * not sent yet follow the member to the new address, so the old one gets none of them; the other
 * links and reset links of the old address stop working: the account answers to the new one only.
 */
async function switchAddress(
  trx: Knex.Transaction,
  link: ClaimedLink,
  owner: LinkOwner,
  now: Date,
): Promise<boolean> {
  try {
    await trx.transaction((savepoint) =>
      savepoint('users').where({ id: link.user_id }).update({ email: link.email, email_confirmed_at: now }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
  await trx('mail_outbox')
    .where({ user_id: link.user_id })
    .whereIn('status', ['waiting', 'held'])
    .whereIn('kind', noticeKinds)
    .whereRaw('lower(to_address) = lower(?)', [owner.email])
    .update({ to_address: link.email });
  await trx('email_confirmations').where({ user_id: link.user_id }).whereNull('used_at').delete();
  await trx('password_resets').where({ user_id: link.user_id }).whereNull('used_at').delete();
  return true;
}

/** The former address is told once that the change happened: the last mail it gets from us. */
async function noticeToFormerAddress(
  trx: Knex.Transaction,
  former: Omit<LinkOwner, 'time_zone'> & { id: string },
  publicUrl: string,
): Promise<void> {
  await insertOutboxMail(trx, {
    kind: 'email-changed',
    clubId: former.club_id,
    userId: former.id,
    to: former.email,
    toName: `${former.first_name} ${former.last_name}`.trim(),
    payload: { firstName: former.first_name, lastName: former.last_name, link: `${publicUrl}/profile` },
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
