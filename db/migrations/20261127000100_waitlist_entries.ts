import type { Knex } from 'knex';

/**
 * The Warteliste (docs/adding-a-change.md): the read model of the waitlist streams, one row per
 * member waiting for one hour on one court. A row goes when its member leaves the list or books
 * that hour; erasing the member removes their rows with them (the events keep only the id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE waitlist_entries (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      court_num text NOT NULL,
      date date NOT NULL,
      start_time integer NOT NULL CONSTRAINT waitlist_entries_hour CHECK (start_time BETWEEN 0 AND 23),
      version integer NOT NULL
    );
    COMMENT ON TABLE waitlist_entries IS 'Read model of the waitlist streams: who waits for which taken hour (start_time to start_time + 1).';
    CREATE INDEX waitlist_entries_hour_idx ON waitlist_entries (club_id, date, court_num, start_time);
    CREATE INDEX waitlist_entries_user_idx ON waitlist_entries (user_id, date);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE waitlist_entries');
}
