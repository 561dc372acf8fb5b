import type { Knex } from 'knex';

/**
 * The open live streams of every API process (docs/architecture/live-stream.md): one lease
 * per stream, so a member's streams are counted over all processes. A process renews its leases at
 * each heartbeat; a lease it no longer renews (the process died) stops counting once it expires.
 * The session id is kept to end the stream with its login (logout, password reset, lifetime).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE live_stream_leases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      club_id uuid NOT NULL,
      session_id text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    COMMENT ON TABLE live_stream_leases IS 'One row per open live stream, renewed by its API process at each heartbeat; expired rows do not count.';
    CREATE INDEX live_stream_leases_user_id_idx ON live_stream_leases (user_id, expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE live_stream_leases');
}
