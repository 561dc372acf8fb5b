/**
 * A member's pending address change (docs/privacy.md, "Changing the address"): the unused, unexpired link of
 * purpose `change` in `email_confirmations`. At most one exists per member (a unique index).
 */
import type { Knex } from 'knex';

export interface PendingEmailChange {
  readonly email: string;
  readonly requested_at: Date;
  readonly expires_at: Date;
}

/** The change waiting for its link, if any. */
export async function pendingEmailChange(
  db: Knex,
  userId: string,
  now: Date,
): Promise<PendingEmailChange | undefined> {
  return db('email_confirmations')
    .where({ user_id: userId, purpose: 'change' })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .first('email', { requested_at: 'created_at' }, 'expires_at');
}

/**
 * The link of a waiting change stops working: a newer request replaces it, and a new password
 * (changed or reset) voids it, so whoever learnt the old password cannot finish a change they began.
 */
export async function dropPendingEmailChange(db: Knex, userId: string): Promise<number> {
  return db('email_confirmations')
    .where({ user_id: userId, purpose: 'change' })
    .whereNull('used_at')
    .delete();
}
