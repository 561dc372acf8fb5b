import type { Knex } from 'knex';

/**
 * Web Push subscriptions (docs/architecture/push.md, "Subscriptions"): one row per device, keyed by
 * the push service's endpoint, with the keys a message is encrypted for and which notices the
 * device wants (all on when it subscribes). Gone with the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE push_subscriptions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      waitlist_freed boolean NOT NULL DEFAULT true,
      co_player_named boolean NOT NULL DEFAULT true,
      booking_cancelled boolean NOT NULL DEFAULT true,
      court_released boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
    COMMENT ON TABLE push_subscriptions IS 'A device that asked for push notices: its push service endpoint, the keys to encrypt for, and which notices it wants.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE push_subscriptions;`);
}
