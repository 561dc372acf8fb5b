import type { Knex } from 'knex';

/**
 * The reservation event store and its read model. Events are the record: the
 * table refuses UPDATE, DELETE and TRUNCATE. `reservations` is derived from them and can be
 * rebuilt at any time (`npm run events -- rebuild`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE reservation_events (
      position bigserial PRIMARY KEY,
      reservation_id uuid NOT NULL,
      version integer NOT NULL CONSTRAINT reservation_events_version_positive CHECK (version > 0),
      club_id uuid NOT NULL REFERENCES clubs (id),
      type text NOT NULL CONSTRAINT reservation_events_type_known
        CHECK (type IN ('ReservationMade', 'OccurrenceCancelled', 'SeriesEnded', 'ReservationCancelled')),
      data jsonb NOT NULL,
      actor_id uuid NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reservation_events_stream_version_key UNIQUE (reservation_id, version)
    );
    COMMENT ON TABLE reservation_events IS 'Append-only log of every reservation change; the source of truth.';
    COMMENT ON COLUMN reservation_events.position IS 'Global order of all events; pages and replays follow it.';
    COMMENT ON COLUMN reservation_events.actor_id IS 'The user whose request caused the event (no FK: the log outlives accounts).';
    CREATE INDEX reservation_events_club_position_idx ON reservation_events (club_id, position);
    CREATE INDEX reservation_events_club_time_idx ON reservation_events (club_id, occurred_at);

    CREATE FUNCTION reservation_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'reservation_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END;
    $$;
    CREATE TRIGGER reservation_events_append_only
      BEFORE UPDATE OR DELETE ON reservation_events
      FOR EACH ROW EXECUTE FUNCTION reservation_events_refuse_change();
    CREATE TRIGGER reservation_events_no_truncate
      BEFORE TRUNCATE ON reservation_events
      FOR EACH STATEMENT EXECUTE FUNCTION reservation_events_refuse_change();

    CREATE TABLE reservations (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      user_id uuid NOT NULL,
      court_num text NOT NULL,
      start_time integer NOT NULL,
      end_time integer NOT NULL,
      date date NOT NULL,
      label text,
      recurring boolean NOT NULL,
      deleted_dates date[] NOT NULL DEFAULT '{}',
      end_date date,
      version integer NOT NULL,
      CONSTRAINT reservations_hours_ordered CHECK (start_time < end_time)
    );
    COMMENT ON TABLE reservations IS 'Read model of reservation_events: the current state of every live reservation.';
    COMMENT ON COLUMN reservations.version IS 'Version of the last event applied from the stream.';
    CREATE INDEX reservations_club_date_idx ON reservations (club_id, date);
    CREATE INDEX reservations_club_recurring_idx ON reservations (club_id) WHERE recurring;
    CREATE INDEX reservations_club_user_idx ON reservations (club_id, user_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE reservations;
    DROP TABLE reservation_events;
    DROP FUNCTION reservation_events_refuse_change();
  `);
}
