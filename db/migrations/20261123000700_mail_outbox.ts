import type { Knex } from 'knex';

/**
 * The mail outbox (docs/architecture/mail.md, "Mail: outbox, relay, worker"): every mail is born as a
 * row here, in the same transaction as the fact that causes it. The relay hands waiting rows to the
 * queue (job id = row id); the worker reads the message from this row, sends it, and records the
 * outcome here. Notices caused by an event carry a `dedupe_key` (event position, recipient, kind),
 * so a subscription that sees an event again after a crash cannot mail twice.
 *
 * Also the member's switch for booking confirmations (off by default).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      club_id uuid REFERENCES clubs (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      to_address text NOT NULL,
      to_name text NOT NULL DEFAULT '',
      payload jsonb NOT NULL,
      dedupe_key text CONSTRAINT mail_outbox_dedupe_key_unique UNIQUE,
      event_position bigint,
      status text NOT NULL DEFAULT 'waiting'
        CONSTRAINT mail_outbox_status_known CHECK (status IN ('waiting', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      relayed_at timestamptz,
      sent_at timestamptz,
      failed_at timestamptz,
      message_id text,
      sending_token uuid,
      sending_until timestamptz
    );
    COMMENT ON TABLE mail_outbox IS 'Every mail, from its cause to its delivery: waiting until sent or failed for good.';
    COMMENT ON COLUMN mail_outbox.payload IS 'What the template needs; secrets (a reset link) are removed once the mail is sent.';
    COMMENT ON COLUMN mail_outbox.relayed_at IS 'When the relay last handed the row to the queue; null: not yet.';
    COMMENT ON COLUMN mail_outbox.sending_token IS 'The send lease: one sender at a time, a crashed sender''s lease runs out.';
    CREATE INDEX mail_outbox_waiting_idx ON mail_outbox (created_at) WHERE status = 'waiting';
    CREATE INDEX mail_outbox_club_idx ON mail_outbox (club_id, created_at DESC);

    ALTER TABLE users ADD COLUMN booking_confirmations boolean NOT NULL DEFAULT false;
    COMMENT ON COLUMN users.booking_confirmations IS 'The member asked for a mail for each booking of their own.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users DROP COLUMN booking_confirmations;
    DROP TABLE mail_outbox;
  `);
}
