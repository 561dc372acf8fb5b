/**
 * Asking to change a member's address (docs/privacy.md, "Changing the address"). Nothing changes yet: the
 * new address gets a link of the kind that confirms addresses, bound to it (`confirmEmail` makes
 * the switch when it is used), and the old address is told that a change was asked for.
 */
import type { Knex } from 'knex';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import type { Db } from '../db/connect';
import { storeConfirmationLink, type ConfirmationRecipient } from './email-confirmations';
import { dropPendingEmailChange, pendingEmailChange, type PendingEmailChange } from './pending-email-change';
import { emailRegistered } from './users-store';

/**
 * Replaces any waiting change of the member with one to `newEmail`, and writes both mails, in one
 * transaction. The member's row is locked first, so two requests at once follow each other and
 * the later one wins (one waiting change per member). Answers the change now waiting.
 *
 * Whether `newEmail` is another account's is looked up only here, after the request was counted,
 * and it changes only what that address is told: the link when it is free, that nothing changed
 * when it is taken. Its link is stored either way but mailed only to a free address, so the answer,
 * the waiting address and the member's export read the same (docs/security/accounts.md, "Changing the
 * address").
 */
export async function requestEmailChange(
  db: Db,
  user: ConfirmationRecipient,
  newEmail: string,
  publicUrl: string,
  now: Date,
): Promise<PendingEmailChange> {
  return db.transaction(async (trx) => {
    await trx('users').where({ id: user.id }).forUpdate().first('id');
    await dropPendingEmailChange(trx, user.id);
    const email = newEmail.trim();
    const confirmUrl = await storeConfirmationLink(
      trx,
      { userId: user.id, email, purpose: 'change' },
      publicUrl,
      now,
    );
    const toName = `${user.first_name} ${user.last_name}`.trim();
    const names = { firstName: user.first_name, lastName: user.last_name };
    const toNewAddress = { kind: 'email-change', clubId: user.club_id, userId: user.id, to: email } as const;
    await insertOutboxMail(
      trx,
      (await emailRegistered(trx, email))
        ? { ...toNewAddress, payload: { addressTaken: true } }
        : { ...toNewAddress, toName, payload: { ...names, confirmUrl } },
    );
    await noticeOfRequest(trx, user, { toName, names, publicUrl });
    return (await pendingEmailChange(trx, user.id, now))!;
  });
}

/** The current address learns of the request at once, with what to do if it was not its owner. */
async function noticeOfRequest(
  trx: Knex.Transaction,
  user: ConfirmationRecipient,
  mail: { toName: string; names: { firstName: string; lastName: string }; publicUrl: string },
): Promise<void> {
  await insertOutboxMail(trx, {
    kind: 'email-change-requested',
    clubId: user.club_id,
    userId: user.id,
    to: user.email,
    toName: mail.toName,
    payload: { ...mail.names, link: `${mail.publicUrl}/profile` },
  });
}
