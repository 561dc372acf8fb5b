import type { Knex } from 'knex';

/**
 * Bookings made over several courts at once share a `group_id`; courts can be closed for a time
 * (docs/architecture/read-models.md, "Projections"). Both tables are projections of the event log: the
 * reservation streams carry the group, the block streams the closures.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE reservations ADD COLUMN group_id uuid;
    COMMENT ON COLUMN reservations.group_id IS 'Shared by the bookings an admin made over several courts at once.';
    CREATE INDEX reservations_group_idx ON reservations (group_id) WHERE group_id IS NOT NULL;

    CREATE TABLE court_blocks (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      court_nums text[] NOT NULL CONSTRAINT court_blocks_some_court CHECK (cardinality(court_nums) > 0),
      starts_at timestamp NOT NULL,
      ends_at timestamp NOT NULL,
      reason text NOT NULL,
      version integer NOT NULL,
      CONSTRAINT court_blocks_ordered CHECK (starts_at < ends_at)
    );
    COMMENT ON TABLE court_blocks IS 'Read model of the block streams: courts closed from starts_at until ends_at, club-local wall time.';
    CREATE INDEX court_blocks_club_time_idx ON court_blocks (club_id, ends_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE court_blocks;
    DROP INDEX reservations_group_idx;
    ALTER TABLE reservations DROP COLUMN group_id;
  `);
}
