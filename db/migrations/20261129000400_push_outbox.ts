import type { Knex } from 'knex';

/**
 * Push messages waiting to be sent (docs/architecture/push.md, "Sending"): one row per notice and
 * subscription, written beside the notice's mail and keyed like it plus the subscription, so each
 * goes once; gone with its subscription.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE push_outbox (
      id uuid PRIMARY KEY,
      subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
      dedupe_key text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'waiting' CONSTRAINT push_outbox_status CHECK (status IN ('waiting', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at) WHERE status = 'waiting';
    CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE push_outbox;`);
}
