import type { Knex } from 'knex';

/**
 * Prices (docs/architecture/money.md): `clubs.prices`, the club's price rules as the latest
 * ClubSettingsChanged left them, and `clubs.split_court_fee`; every club starts with none, so
 * booking stays free until its club sets prices.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN prices jsonb NOT NULL DEFAULT '[]'::jsonb
      CONSTRAINT clubs_prices_array CHECK (jsonb_typeof(prices) = 'array');
    ALTER TABLE clubs ADD COLUMN split_court_fee boolean NOT NULL DEFAULT false;
    COMMENT ON COLUMN clubs.prices IS 'Price rules ({label, courts, days, from_hour, to_hour, cents_per_hour}); an hour costs the sum of those that match it.';
    COMMENT ON COLUMN clubs.split_court_fee IS 'Whether named members share the court fee (used once charges exist).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE clubs DROP COLUMN prices, DROP COLUMN split_court_fee;`);
}
