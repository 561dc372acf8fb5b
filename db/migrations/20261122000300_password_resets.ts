import type { Knex } from 'knex';

/**
 * Password-reset requests. The mailed token itself is never stored, only its
 * SHA-256, so a leaked table or backup lets nobody reset a password. A row is valid until
 * expires_at and only while used_at is null; the API sets used_at in the same transaction that
 * changes the password.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL CONSTRAINT password_resets_token_hash_key UNIQUE
        CONSTRAINT password_resets_token_hash_sha256 CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      CONSTRAINT password_resets_expires_after_creation CHECK (expires_at > created_at)
    );
    COMMENT ON TABLE password_resets IS 'One row per forgot-password request; its id is the mail job''s request id.';
    COMMENT ON COLUMN password_resets.token_hash IS 'Lowercase hex SHA-256 of the token in the mailed link; the token is not stored.';
    COMMENT ON COLUMN password_resets.used_at IS 'Set once, when the token changed the password; a used token is refused.';
    CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
    CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE password_resets;');
}
