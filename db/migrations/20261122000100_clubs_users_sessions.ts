import type { Knex } from 'knex';

/**
 * Clubs, their members, and server-side sessions. Bounds repeat the club schema's as CHECK
 * constraints so that no path around the API can store a club the grid cannot draw.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE clubs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      courts_count integer NOT NULL CONSTRAINT clubs_courts_count_range CHECK (courts_count BETWEEN 1 AND 20),
      start_hour integer NOT NULL CONSTRAINT clubs_start_hour_range CHECK (start_hour BETWEEN 1 AND 23),
      end_hour integer NOT NULL CONSTRAINT clubs_end_hour_range CHECK (end_hour BETWEEN 1 AND 23),
      reservations_limit integer NOT NULL
        CONSTRAINT clubs_reservations_limit_range CHECK (reservations_limit BETWEEN 1 AND 10),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT clubs_end_after_start CHECK (end_hour > start_hour)
    );
    COMMENT ON TABLE clubs IS 'A tennis club: its courts and opening hours define the booking grid.';
    CREATE INDEX clubs_name_idx ON clubs (name);

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      club_id uuid NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL CONSTRAINT users_role_known CHECK (role IN ('admin', 'player')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE users IS 'Club members. A member belongs to exactly one club.';
    COMMENT ON COLUMN users.email IS 'As entered; unique regardless of letter case (users_email_lower_key).';
    CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
    CREATE INDEX users_club_id_idx ON users (club_id);

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      data jsonb NOT NULL,
      expires_at timestamptz NOT NULL
    );
    COMMENT ON TABLE sessions IS 'koa-session external store; a row is a revocable login.';
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);
    CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

    CREATE TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    COMMENT ON TABLE rate_limits IS 'Counters of rate-limiter-flexible (its own layout), shared by every API process.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE rate_limits; DROP TABLE sessions; DROP TABLE users; DROP TABLE clubs;');
}
