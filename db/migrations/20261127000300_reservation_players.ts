import type { Knex } from 'knex';

/**
 * Who plays in a booking (docs/architecture.md, "The event log"): the read table the reservations
 * projection keeps from the events' `players`, and the guests' names, which never enter an event
 * (docs/privacy-erasure.md) and are written in the same transaction as the event that names them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE reservation_guests (
      guest_id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      reservation_id uuid NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX reservation_guests_reservation_idx ON reservation_guests (reservation_id);
    COMMENT ON TABLE reservation_guests IS 'Guests named in bookings: their names, kept out of the event log.';

    CREATE TABLE reservation_players (
      reservation_id uuid NOT NULL,
      club_id uuid NOT NULL REFERENCES clubs (id),
      ordinal integer NOT NULL,
      user_id uuid,
      guest_id uuid,
      fee_cents integer,
      PRIMARY KEY (reservation_id, ordinal),
      CONSTRAINT reservation_players_member_or_guest CHECK ((user_id IS NULL) <> (guest_id IS NULL))
    );
    CREATE INDEX reservation_players_user_idx ON reservation_players (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX reservation_players_club_idx ON reservation_players (club_id);
    COMMENT ON TABLE reservation_players IS 'Read model: the co-players each live booking names, in order.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE reservation_players;
    DROP TABLE reservation_guests;
  `);
}
