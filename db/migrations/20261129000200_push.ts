import type { Knex } from 'knex';

/**
 * Web Push (docs/architecture/push.md): the VAPID key pair made once when the deployment configures
 * none, one row that every API and mailer process reads, so a subscription made against one
 * process's public key is signed for by every other.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE push_vapid_keys (
      id smallint PRIMARY KEY DEFAULT 1 CONSTRAINT push_vapid_keys_one_row CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE push_vapid_keys IS 'The VAPID key pair (base64url) made once when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE push_vapid_keys;`);
}
