import type { Knex } from 'knex';

/**
 * Who plays (docs/who-plays.md): the club's play rules, a booking's co-players and
 * its guests' names.
 *
 * - `clubs.play_rules`: the seven play-rule settings as one JSON object, kept by the club-settings
 *   projection; every club starts with the defaults, which keep its behaviour as it was.
 * - `reservation_players`: read model of the reservation streams, one row per named co-player in
 *   the order the booking names them; a member by `user_id`, a guest by `guest_id`.
 * - `reservation_guests`: a guest's name, written in the transaction of the event that names the
 *   guest; never in the event itself, so the log holds no guest's name (docs/privacy-erasure.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN play_rules jsonb NOT NULL DEFAULT
      '{"co_players": "off", "co_players_count": false, "doubles_hours": 1, "guests": false,
        "guest_fee_cents": 0, "quotas": [], "quota_exempt_hours": 0}'::jsonb;
    COMMENT ON COLUMN clubs.play_rules IS 'Co-players, guests, quotas: the play rules of the latest ClubSettingsChanged, defaults before any.';

    CREATE TABLE reservation_players (
      reservation_id uuid NOT NULL,
      club_id uuid NOT NULL REFERENCES clubs (id),
      ordinal smallint NOT NULL CHECK (ordinal BETWEEN 0 AND 2),
      -- No foreign key: an erased member stays named here and reads as "Gelöschtes Mitglied",
      -- as their own bookings do (docs/privacy-erasure.md).
      user_id uuid,
      guest_id uuid,
      fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents BETWEEN 0 AND 10000),
      PRIMARY KEY (reservation_id, ordinal),
      CONSTRAINT reservation_players_member_or_guest CHECK ((user_id IS NULL) <> (guest_id IS NULL))
    );
    COMMENT ON TABLE reservation_players IS 'Read model of the reservation streams: the co-players each live booking names.';
    CREATE INDEX reservation_players_user_idx ON reservation_players (user_id, club_id) WHERE user_id IS NOT NULL;

    CREATE TABLE reservation_guests (
      guest_id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      reservation_id uuid NOT NULL,
      name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 60),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE reservation_guests IS 'Guests'' names, outside the event log; events name a guest by guest_id only.';
    CREATE INDEX reservation_guests_club_idx ON reservation_guests (club_id, reservation_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE reservation_guests;
    DROP TABLE reservation_players;
    ALTER TABLE clubs DROP COLUMN play_rules;
  `);
}
