import type { Knex } from 'knex';

/**
 * Notices about being named on or taken off other members' bookings get a daily budget of their
 * own (docs/security/cost.md): a booker who names and removes a member over
 * and over used to spend that member's whole daily number, and silence the news of their own
 * bookings. `budget` says which count a row is; every count so far was of the one budget there was.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE mail_recipient_days ADD COLUMN budget text NOT NULL DEFAULT 'notices'
      CONSTRAINT mail_recipient_days_budget_known CHECK (budget IN ('notices', 'co-players'));
    ALTER TABLE mail_recipient_days DROP CONSTRAINT mail_recipient_days_pkey;
    ALTER TABLE mail_recipient_days ADD PRIMARY KEY (recipient_hash, day, budget);
    COMMENT ON COLUMN mail_recipient_days.budget IS 'Which daily number the count is of: notices, or notices about co-players (named, removed, moved).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DELETE FROM mail_recipient_days WHERE budget <> 'notices';
    ALTER TABLE mail_recipient_days DROP CONSTRAINT mail_recipient_days_pkey;
    ALTER TABLE mail_recipient_days ADD PRIMARY KEY (recipient_hash, day);
    ALTER TABLE mail_recipient_days DROP COLUMN budget;
  `);
}
