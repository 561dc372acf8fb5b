import type { Knex } from 'knex';

/**
 * The club as SEPA creditor (docs/architecture/money.md, "SEPA direct debit"): `clubs.sepa`, its name, IBAN,
 * BIC and Gläubiger-ID as the latest ClubSettingsChanged left them; null (every club at first):
 * the club collects no direct debits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN sepa jsonb
      CONSTRAINT clubs_sepa_object CHECK (sepa IS NULL OR jsonb_typeof(sepa) = 'object');
    COMMENT ON COLUMN clubs.sepa IS 'The club as SEPA creditor ({creditor_name, creditor_iban, creditor_bic?, creditor_id}); null: no direct debit.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE clubs DROP COLUMN sepa;`);
}
