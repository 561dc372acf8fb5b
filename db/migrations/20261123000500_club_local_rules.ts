import type { Knex } from 'knex';

/**
 * Club-local rules (docs/architecture/club-time.md): each club's own time zone, how far
 * ahead players may book, until when they may cancel, and its Platzordnung. Clubs registered
 * before have none of them: the zone is left empty here and filled with the operator's
 * APP_TIMEZONE by the migration runner (services/api/src/db/migrate.ts), the only place that knows
 * it; the other three get the values that keep their behaviour: no horizon, deadline 0, no text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs
      ADD COLUMN time_zone text,
      ADD COLUMN booking_horizon_days integer CHECK (booking_horizon_days BETWEEN 1 AND 365),
      ADD COLUMN cancel_deadline_hours integer NOT NULL DEFAULT 0 CHECK (cancel_deadline_hours BETWEEN 0 AND 168),
      ADD COLUMN rules text NOT NULL DEFAULT '' CHECK (char_length(rules) <= 5000);
    COMMENT ON COLUMN clubs.time_zone IS 'IANA zone of the club''s "today" and "past"; empty only until the runner fills APP_TIMEZONE.';
    COMMENT ON COLUMN clubs.booking_horizon_days IS 'Players book at most this many days ahead; NULL: no limit of the club''s own.';
    COMMENT ON COLUMN clubs.cancel_deadline_hours IS 'Players cancel or move their own booking until this many hours before it begins.';
    COMMENT ON COLUMN clubs.rules IS 'The club''s Platzordnung, plain text; empty: none.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs
      DROP COLUMN time_zone,
      DROP COLUMN booking_horizon_days,
      DROP COLUMN cancel_deadline_hours,
      DROP COLUMN rules;
  `);
}
