import type { Knex } from 'knex';

/**
 * One event log for every change (docs/architecture/event-log.md). `reservation_events`
 * becomes `events`: streams of any type (`stream_type`, `stream_id`), the club's own gap-free
 * sequence (`club_seq`), and the id of the writing transaction (`transaction_id`), which lets
 * readers of the whole log never skip an event that commits late (docs/architecture/event-log.md, "Reading
 * the log"). The rows of `club_changes` become club and member events, their history kept.
 *
 * Event types must be listed in `event_types`, which the API fills from the domain's catalogue
 * after every migration run (services/api/src/db/migrate.ts); the types known today are inserted
 * here so the rows copied below already satisfy the key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE event_types (
      type text PRIMARY KEY,
      stream_type text NOT NULL,
      label text NOT NULL,
      CONSTRAINT event_types_type_stream_key UNIQUE (type, stream_type)
    );
    COMMENT ON TABLE event_types IS 'The domain''s event catalogue; rewritten from packages/domain on every migration run.';
    INSERT INTO event_types (type, stream_type, label) VALUES
      ('ReservationMade', 'reservation', 'Reservierung angelegt'),
      ('OccurrenceCancelled', 'reservation', 'Termin abgesagt'),
      ('SeriesEnded', 'reservation', 'Serie beendet'),
      ('ReservationCancelled', 'reservation', 'Reservierung gelöscht'),
      ('ClubSettingsChanged', 'club', 'Einstellungen geändert'),
      ('MemberRoleChanged', 'member', 'Rolle geändert');

    ALTER TABLE reservation_events RENAME TO events;
    ALTER SEQUENCE reservation_events_position_seq RENAME TO events_position_seq;
    ALTER TABLE events RENAME COLUMN reservation_id TO stream_id;
    ALTER TABLE events DROP CONSTRAINT reservation_events_type_known;
    ALTER TABLE events DROP CONSTRAINT reservation_events_stream_version_key;
    ALTER TABLE events RENAME CONSTRAINT reservation_events_version_positive TO events_version_positive;
    ALTER INDEX reservation_events_club_time_idx RENAME TO events_club_time_idx;
    DROP INDEX reservation_events_club_position_idx;
    DROP TRIGGER reservation_events_append_only ON events;
    DROP TRIGGER reservation_events_no_truncate ON events;
    DROP FUNCTION reservation_events_refuse_change();

    ALTER TABLE events
      ADD COLUMN stream_type text NOT NULL DEFAULT 'reservation',
      ADD COLUMN club_seq bigint,
      ADD COLUMN transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id();
    ALTER TABLE events ALTER COLUMN stream_type DROP DEFAULT;

    INSERT INTO events (stream_type, stream_id, version, club_id, type, data, actor_id, occurred_at)
    SELECT
      CASE c.kind WHEN 'settings_changed' THEN 'club' ELSE 'member' END,
      CASE c.kind WHEN 'settings_changed' THEN c.club_id ELSE (c.data->>'user_id')::uuid END,
      row_number() OVER (
        PARTITION BY c.kind, CASE c.kind WHEN 'settings_changed' THEN c.club_id ELSE (c.data->>'user_id')::uuid END
        ORDER BY c.position),
      c.club_id,
      CASE c.kind WHEN 'settings_changed' THEN 'ClubSettingsChanged' ELSE 'MemberRoleChanged' END,
      c.data, c.actor_id, c.occurred_at
    FROM club_changes c
    ORDER BY c.position;

    -- The club's sequence: its reservation events keep their order, and each former club change
    -- goes after the last reservation event of its club that happened at or before it.
    WITH placed AS (
      SELECT e.position,
             CASE WHEN e.stream_type = 'reservation' THEN e.position
                  ELSE coalesce((SELECT max(r.position) FROM events r
                                 WHERE r.club_id = e.club_id AND r.stream_type = 'reservation'
                                   AND r.occurred_at <= e.occurred_at), 0) END AS after_position,
             (e.stream_type <> 'reservation') AS is_change,
             e.club_id
      FROM events e
    )
    UPDATE events SET club_seq = s.seq
    FROM (SELECT position, row_number() OVER (PARTITION BY club_id ORDER BY after_position, is_change, position) AS seq
          FROM placed) s
    WHERE events.position = s.position;
    ALTER TABLE events ALTER COLUMN club_seq SET NOT NULL;

    ALTER TABLE events
      ADD CONSTRAINT events_club_seq_positive CHECK (club_seq > 0),
      ADD CONSTRAINT events_type_known FOREIGN KEY (type, stream_type) REFERENCES event_types (type, stream_type),
      ADD CONSTRAINT events_stream_version_key UNIQUE (stream_type, stream_id, version),
      ADD CONSTRAINT events_club_seq_key UNIQUE (club_id, club_seq);
    CREATE INDEX events_transaction_position_idx ON events (transaction_id, position);

    COMMENT ON TABLE events IS 'Append-only log of every change (reservations, club settings, member roles); the source of truth.';
    COMMENT ON COLUMN events.position IS 'Global order of all events in the order they were appended (not committed).';
    COMMENT ON COLUMN events.club_seq IS 'The club''s own event number: 1, 2, 3 … without gaps, in commit order (taken under the club''s lock).';
    COMMENT ON COLUMN events.transaction_id IS 'The appending transaction; readers of the whole log go only below the oldest running one.';
    COMMENT ON COLUMN events.stream_id IS 'The reservation, club or member the event belongs to (see stream_type).';

    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
      FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();

    DROP TABLE club_changes;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE club_changes (
      position bigserial PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      actor_id uuid NOT NULL,
      kind text NOT NULL CONSTRAINT club_changes_kind_known CHECK (kind IN ('settings_changed', 'role_changed')),
      data jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE club_changes IS 'Append-only record of club settings and role changes: before, after, actor, time.';
    CREATE INDEX club_changes_club_position_idx ON club_changes (club_id, position);
    INSERT INTO club_changes (club_id, actor_id, kind, data, occurred_at)
    SELECT club_id, actor_id,
           CASE type WHEN 'ClubSettingsChanged' THEN 'settings_changed' ELSE 'role_changed' END,
           data, occurred_at
    FROM events WHERE stream_type <> 'reservation' ORDER BY club_seq, position;
    CREATE TRIGGER club_changes_append_only BEFORE UPDATE OR DELETE ON club_changes
      FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
    CREATE TRIGGER club_changes_no_truncate BEFORE TRUNCATE ON club_changes
      FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();

    DROP TRIGGER events_append_only ON events;
    DROP TRIGGER events_no_truncate ON events;
    DELETE FROM events WHERE stream_type <> 'reservation';
    DROP INDEX events_transaction_position_idx;
    ALTER TABLE events
      DROP CONSTRAINT events_club_seq_key,
      DROP CONSTRAINT events_stream_version_key,
      DROP CONSTRAINT events_type_known,
      DROP COLUMN transaction_id,
      DROP COLUMN club_seq,
      DROP COLUMN stream_type;
    DROP TABLE event_types;

    ALTER TABLE events RENAME CONSTRAINT events_version_positive TO reservation_events_version_positive;
    ALTER INDEX events_club_time_idx RENAME TO reservation_events_club_time_idx;
    ALTER TABLE events RENAME COLUMN stream_id TO reservation_id;
    ALTER SEQUENCE events_position_seq RENAME TO reservation_events_position_seq;
    ALTER TABLE events RENAME TO reservation_events;
    ALTER TABLE reservation_events
      ADD CONSTRAINT reservation_events_type_known
        CHECK (type IN ('ReservationMade', 'OccurrenceCancelled', 'SeriesEnded', 'ReservationCancelled')),
      ADD CONSTRAINT reservation_events_stream_version_key UNIQUE (reservation_id, version);
    CREATE INDEX reservation_events_club_position_idx ON reservation_events (club_id, position);
    COMMENT ON TABLE reservation_events IS 'Append-only log of every reservation change; the source of truth.';
    COMMENT ON COLUMN reservation_events.position IS 'Global order of all events; pages and replays follow it.';

    CREATE FUNCTION reservation_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'reservation_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END;
    $$;
    CREATE TRIGGER reservation_events_append_only BEFORE UPDATE OR DELETE ON reservation_events
      FOR EACH ROW EXECUTE FUNCTION reservation_events_refuse_change();
    CREATE TRIGGER reservation_events_no_truncate BEFORE TRUNCATE ON reservation_events
      FOR EACH STATEMENT EXECUTE FUNCTION reservation_events_refuse_change();
  `);
}
