import type { Knex } from 'knex';

/**
 * One personal calendar feed per member (docs/architecture/calendar-feed.md). The secret is
 * never stored: `secret_hash` (its SHA-256) finds the member, and `seed` (random) lets the API
 * compute the secret again with a key that lives outside the database, to show the link a second
 * time. So a leaked table opens no feed. Renewing replaces both, which ends the old link at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE calendar_feeds (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret_hash bytea NOT NULL CONSTRAINT calendar_feeds_secret_hash_unique UNIQUE
        CONSTRAINT calendar_feeds_secret_hash_length CHECK (octet_length(secret_hash) = 32),
      seed bytea NOT NULL CONSTRAINT calendar_feeds_seed_length CHECK (octet_length(seed) = 32),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE calendar_feeds IS 'Each member''s calendar link: the hash of its secret, and the random seed the API derives the secret from.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE calendar_feeds');
}
