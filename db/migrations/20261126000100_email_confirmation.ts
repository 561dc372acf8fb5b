import type { Knex } from 'knex';

/**
 * Mail goes only to addresses whose owners asked for it (docs/architecture/mail.md, "Confirmed
 * addresses").
 *
 * - `users.email_confirmed_at`: when the member proved the address by following the mailed link;
 *   null until then. Accounts that exist when this runs are taken as confirmed (grandfathered):
 *   their clubs have been receiving notices at these addresses, and holding every mail of every
 *   existing club until each member clicks a link would silence today's clubs overnight.
 * - `email_confirmations`: one row per mailed link, bound to the address it was sent to (a later
 *   "change e-mail" confirms the new address with the same table). Only the token's SHA-256 is
 *   stored, as for password resets.
 * - `mail_outbox.status` gains `held` (a notice to an address not yet confirmed: kept, not sent,
 *   until the link is used) and `dropped` (never sent: too old when the address was confirmed, or
 *   over the recipient's daily limit; `last_error` says which).
 * - `mail_recipient_days`: notices per recipient and UTC day, counted in one atomic upsert so
 *   every process agrees on the daily limit. The address is stored as its SHA-256 only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;
    UPDATE users SET email_confirmed_at = now();
    COMMENT ON COLUMN users.email_confirmed_at IS 'When the member confirmed the address through the mailed link; null: not yet, notices wait.';

    CREATE TABLE email_confirmations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      token_hash text NOT NULL CONSTRAINT email_confirmations_token_hash_unique UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    COMMENT ON TABLE email_confirmations IS 'Mailed confirmation links: the hash of each token and the address it confirms.';
    CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id);

    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_known;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_known
      CHECK (status IN ('waiting', 'sent', 'failed', 'held', 'dropped'));
    CREATE INDEX mail_outbox_held_idx ON mail_outbox (user_id) WHERE status = 'held';

    CREATE TABLE mail_recipient_days (
      recipient_hash bytea NOT NULL CONSTRAINT mail_recipient_days_hash_length CHECK (octet_length(recipient_hash) = 32),
      day date NOT NULL,
      mails integer NOT NULL,
      PRIMARY KEY (recipient_hash, day)
    );
    COMMENT ON TABLE mail_recipient_days IS 'Notices per recipient (SHA-256 of the lower-case address) and UTC day: the daily limit.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE mail_recipient_days;
    DROP INDEX mail_outbox_held_idx;
    DELETE FROM mail_outbox WHERE status IN ('held', 'dropped') OR kind = 'email-confirmation';
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_known;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_known CHECK (status IN ('waiting', 'sent', 'failed'));
    DROP TABLE email_confirmations;
    ALTER TABLE users DROP COLUMN email_confirmed_at;
  `);
}
