import type { Knex } from 'knex';

/**
 * The club's numbers count released hours (docs/check-in.md, docs/architecture/club-numbers.md): a
 * day of a booking given back because nobody checked in is a row of `stats_cancellations` marked
 * `released`; days called off before have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE stats_cancellations ADD COLUMN released boolean NOT NULL DEFAULT false;
    COMMENT ON COLUMN stats_cancellations.released IS 'Given back because nobody checked in: neither played nor called off.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE stats_cancellations DROP COLUMN released;`);
}
