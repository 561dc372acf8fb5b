import type { Knex } from 'knex';

/**
 * Check-in and no-shows (docs/check-in.md):
 * - `check_ins`: who checked in for which date of a booking (the projection of `CheckedIn`);
 * - `no_shows`: a release's booker, kept only while it counts towards a pause (docs/privacy.md):
 *   the event of the release names nobody, so this row is the only place that says who it was;
 * - `users.check_in_pin_hash`: the 4-digit PIN for the clubhouse screen, hashed like a password.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE check_ins (
      reservation_id uuid NOT NULL,
      date date NOT NULL,
      club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      checked_in_at timestamptz NOT NULL,
      PRIMARY KEY (reservation_id, date)
    );
    CREATE INDEX check_ins_club_date ON check_ins (club_id, date);
    COMMENT ON TABLE check_ins IS 'Dates of bookings someone checked in for (CheckedIn); none for a date nobody did.';

    CREATE TABLE no_shows (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reservation_id uuid NOT NULL,
      date date NOT NULL,
      released_at timestamptz NOT NULL
    );
    CREATE INDEX no_shows_member ON no_shows (club_id, user_id, date);
    COMMENT ON TABLE no_shows IS 'Who did not check in for a released hour; removed once older than the club''s strike_days.';

    ALTER TABLE users ADD COLUMN check_in_pin_hash text;
    COMMENT ON COLUMN users.check_in_pin_hash IS 'bcrypt hash of the member''s 4-digit check-in PIN; NULL: none set.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users DROP COLUMN check_in_pin_hash;
    DROP TABLE no_shows;
    DROP TABLE check_ins;
  `);
}
