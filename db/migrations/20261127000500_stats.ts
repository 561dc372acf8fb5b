import type { Knex } from 'knex';

/**
 * The club's numbers (docs/architecture/club-numbers.md): a projection of the reservation
 * streams that keeps what the figures need, including bookings called off, which the bookings read
 * model drops. Series stay one row each; their dates in a range are worked out when it is asked
 * for, so an open-ended series needs no rows ahead of time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE stats_bookings (
      reservation_id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      user_id uuid NOT NULL,
      court_num text NOT NULL,
      date date NOT NULL,
      start_time smallint NOT NULL,
      end_time smallint NOT NULL,
      recurring boolean NOT NULL,
      end_date date,
      kind text NOT NULL CONSTRAINT stats_bookings_kind CHECK (kind IN ('member', 'label', 'series')),
      co_player_ids uuid[] NOT NULL DEFAULT '{}',
      guests smallint NOT NULL DEFAULT 0,
      guest_fee_cents integer NOT NULL DEFAULT 0,
      cancelled_at timestamptz,
      version integer NOT NULL
    );
    COMMENT ON TABLE stats_bookings IS 'Stats projection: every booking ever made, called-off ones included; series as one row.';
    CREATE INDEX stats_bookings_single_idx ON stats_bookings (club_id, date) WHERE NOT recurring;
    CREATE INDEX stats_bookings_series_idx ON stats_bookings (club_id, date) WHERE recurring;

    CREATE TABLE stats_cancellations (
      reservation_id uuid NOT NULL,
      date date NOT NULL,
      club_id uuid NOT NULL REFERENCES clubs (id),
      cancelled_at timestamptz NOT NULL,
      by_block boolean NOT NULL,
      moved boolean NOT NULL,
      PRIMARY KEY (reservation_id, date)
    );
    COMMENT ON TABLE stats_cancellations IS 'Stats projection: each day of a booking called off, with when.';
    CREATE INDEX stats_cancellations_club_date_idx ON stats_cancellations (club_id, date);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE stats_cancellations; DROP TABLE stats_bookings;');
}
