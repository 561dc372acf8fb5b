import type { Knex } from 'knex';

/**
 * Subscriptions to the event log (docs/architecture/event-log.md, "Subscriptions"): each named consumer's
 * checkpoint, and a notification on the `events` channel whenever events are appended, so waiting
 * consumers wake when the appending transaction commits instead of at their next poll.
 *
 * The trigger fires once per statement (not per row): a bulk INSERT … SELECT of a million events
 * costs one notification per club, not a million trigger calls. Postgres delivers notifications
 * only at commit, and drops a rolled-back transaction's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE event_subscriptions (
      name text PRIMARY KEY CONSTRAINT event_subscriptions_name_format CHECK (name ~ '^[a-z0-9][a-z0-9._-]*$'),
      transaction_id xid8 NOT NULL,
      position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE event_subscriptions IS 'Each subscription''s checkpoint: it has handled every event up to (transaction_id, position) in the readers'' order.';

    CREATE FUNCTION events_notify_appended() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('events', club_id::text) FROM (SELECT DISTINCT club_id FROM appended) AS clubs;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER events_notify_appended AFTER INSERT ON events
      REFERENCING NEW TABLE AS appended
      FOR EACH STATEMENT EXECUTE FUNCTION events_notify_appended();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER events_notify_appended ON events;
    DROP FUNCTION events_notify_appended();
    DROP TABLE event_subscriptions;
  `);
}
