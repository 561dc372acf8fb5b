import type { Knex } from 'knex';

/**
 * Changing a member's address (docs/privacy.md, "Changing the address"): `PUT /api/account/email` mails the
 * new address a link of the kind that confirms addresses, and the change happens when it is used.
 *
 * - `email_confirmations.purpose`: `confirm` (the link confirms the address the member has) or
 *   `change` (the link makes its address the member's). Without it, an old sign-up link to an
 *   address the member has since left would switch the account back to it.
 * - At most one change waits per member: a newer request replaces the older one, whose link then
 *   stops working.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE email_confirmations ADD COLUMN purpose text NOT NULL DEFAULT 'confirm'
      CONSTRAINT email_confirmations_purpose_known CHECK (purpose IN ('confirm', 'change'));
    COMMENT ON COLUMN email_confirmations.purpose IS 'confirm: the link confirms the member''s address; change: it makes its address the member''s.';
    CREATE UNIQUE INDEX email_confirmations_one_change_idx ON email_confirmations (user_id)
      WHERE purpose = 'change' AND used_at IS NULL;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX email_confirmations_one_change_idx;
    ALTER TABLE email_confirmations DROP COLUMN purpose;
  `);
}
