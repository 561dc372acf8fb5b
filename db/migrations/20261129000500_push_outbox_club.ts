import type { Knex } from 'knex';

/**
 * The club a push message is about, and when it failed (docs/architecture/push.md, "For the club's
 * admins"): its admins see their club's push messages beside its mails, and only theirs. Rows
 * written before take the club of the event their key starts with; gone with the club, as its
 * mails.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE push_outbox
      ADD COLUMN club_id uuid REFERENCES clubs (id) ON DELETE CASCADE,
      ADD COLUMN failed_at timestamptz;
    UPDATE push_outbox AS o SET club_id = e.club_id
      FROM events AS e
      WHERE split_part(o.dedupe_key, ':', 1) ~ '^[0-9]+$'
        AND e.position = split_part(o.dedupe_key, ':', 1)::bigint;
    CREATE INDEX push_outbox_club ON push_outbox (club_id, created_at DESC);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE push_outbox DROP COLUMN club_id, DROP COLUMN failed_at;`);
}
