import type { Knex } from 'knex';

/**
 * The clubhouse screen (docs/architecture/clubhouse-screen.md): how it names players
 * (`clubs.display_names`, a club setting like the others; clubs that never chose get the default)
 * and its one secret link per club. As for the calendar feeds, the secret is never stored:
 * `secret_hash` finds the club of a request, and `seed` lets the API compute the secret again, with
 * a key kept outside the database, to show the link to the admin. Renewing replaces both, which
 * ends the old link at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs
      ADD COLUMN display_names text NOT NULL DEFAULT 'initials'
        CONSTRAINT clubs_display_names_choice CHECK (display_names IN ('none', 'initials', 'full'));
    COMMENT ON COLUMN clubs.display_names IS 'How the clubhouse screen names players: none, initials or full names.';
    CREATE TABLE club_displays (
      club_id uuid PRIMARY KEY REFERENCES clubs (id) ON DELETE CASCADE,
      secret_hash bytea NOT NULL CONSTRAINT club_displays_secret_hash_unique UNIQUE
        CONSTRAINT club_displays_secret_hash_length CHECK (octet_length(secret_hash) = 32),
      seed bytea NOT NULL CONSTRAINT club_displays_seed_length CHECK (octet_length(seed) = 32),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE club_displays IS 'Each club''s clubhouse screen link: the hash of its secret, and the random seed the API derives the secret from.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE club_displays;
    ALTER TABLE clubs DROP COLUMN display_names;
  `);
}
