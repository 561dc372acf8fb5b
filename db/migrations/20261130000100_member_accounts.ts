import type { Knex } from 'knex';

/**
 * A member's account (docs/architecture/money.md): how the club is paid (`clubs.payment`, "none"
 * for every club until it chooses), each line of an account as the log records it, and each
 * member's balance, both read models of the account streams. Amounts are integer cents, signed:
 * positive is owed to the club, negative is credit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN payment text NOT NULL DEFAULT 'none'
      CONSTRAINT clubs_payment_known CHECK (payment IN ('none', 'account', 'prepaid'));
    COMMENT ON COLUMN clubs.payment IS 'How bookings are paid: none, onto the member''s account, or prepaid from its credit.';

    CREATE TABLE account_entries (
      position bigint PRIMARY KEY,
      club_id uuid NOT NULL,
      user_id uuid NOT NULL,
      occurred_at timestamptz NOT NULL,
      kind text NOT NULL CHECK (kind IN ('charge', 'credit', 'payment', 'return')),
      cents bigint NOT NULL,
      text text NOT NULL,
      reservation_id uuid,
      payment_id uuid,
      entry_id uuid
    );
    CREATE INDEX account_entries_member ON account_entries (user_id, position);
    CREATE INDEX account_entries_reservation ON account_entries (reservation_id) WHERE reservation_id IS NOT NULL;
    CREATE UNIQUE INDEX account_entries_entry ON account_entries (entry_id) WHERE entry_id IS NOT NULL;
    COMMENT ON TABLE account_entries IS 'Every line of every member''s account, one per account event (position: the event''s).';

    CREATE TABLE account_balances (
      user_id uuid PRIMARY KEY,
      club_id uuid NOT NULL,
      balance_cents bigint NOT NULL
    );
    CREATE INDEX account_balances_club ON account_balances (club_id);
    COMMENT ON TABLE account_balances IS 'Each member''s balance: the sum of their account''s lines (positive: owes the club).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TABLE account_balances;
    DROP TABLE account_entries;
    ALTER TABLE clubs DROP COLUMN payment;
  `);
}
