import type { Knex } from 'knex';

/**
 * Members' SEPA mandates (docs/architecture/money.md, "SEPA direct debit"). Where a member's
 * IBAN is stored (docs/privacy.md, "SEPA mandates"), never in the event log: erasing the member removes their rows
 * with them (ON DELETE CASCADE). A member has at most one mandate in force per club.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE sepa_mandates (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reference text NOT NULL CHECK (reference ~ '^[A-Z0-9-]{1,35}$'),
      account_holder text NOT NULL,
      iban text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
      mandate_text text NOT NULL,
      signed_on date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_collected_on date,
      CONSTRAINT sepa_mandates_reference_unique UNIQUE (club_id, reference)
    );
    CREATE UNIQUE INDEX sepa_mandates_in_force ON sepa_mandates (club_id, user_id) WHERE revoked_at IS NULL;
    CREATE INDEX sepa_mandates_user ON sepa_mandates (user_id);
    COMMENT ON TABLE sepa_mandates IS 'SEPA direct debit mandates, with the member''s IBAN (never in the event log).';
    COMMENT ON COLUMN sepa_mandates.mandate_text IS 'The mandate text the member was shown and agreed to.';
    COMMENT ON COLUMN sepa_mandates.last_collected_on IS 'Null until the first collection: FRST then, RCUR after.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE sepa_mandates;`);
}
