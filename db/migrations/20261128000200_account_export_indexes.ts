import type { Knex } from 'knex';

/**
 * A member's data export (`GET /api/account/export`, docs/security/cost.md, "The data export reads one
 * member's rows") reads the log by member, never the club's whole log:
 * - `events_opened_for_idx`: each stream's opening event (version 1) by the member its data names
 *   (`data->>'user_id'`): the member's bookings, waitlist entries and membership;
 * - `events_club_actor_idx`: what a member did in the club, in the club's order.
 * The events of the streams found are then read by `events_stream_version_key`.
 *
 * Built concurrently, outside a transaction: the log takes bookings while its indexes are made.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS events_opened_for_idx
       ON events (club_id, (data->>'user_id'), type) WHERE version = 1`,
  );
  await knex.raw(
    "COMMENT ON INDEX events_opened_for_idx IS 'The streams a member''s data export lists as the member''s own: their opening events by the member they name.'",
  );
  await knex.raw(
    'CREATE INDEX CONCURRENTLY IF NOT EXISTS events_club_actor_idx ON events (club_id, actor_id, club_seq)',
  );
  await knex.raw(
    "COMMENT ON INDEX events_club_actor_idx IS 'What one member did in the club, in the club''s order (the data export).'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS events_club_actor_idx');
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS events_opened_for_idx');
}
