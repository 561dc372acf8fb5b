import type { Knex } from 'knex';

/**
 * Weekly court blocks ("jeden Montag 8–10 Uhr Training"): a block's read model keeps the last day
 * it repeats on, or null for a block of one time. `starts_at`/`ends_at` stay its first time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE court_blocks
      ADD COLUMN repeat_until date,
      ADD CONSTRAINT court_blocks_repeat_after_start CHECK (repeat_until IS NULL OR repeat_until >= starts_at::date);
    COMMENT ON COLUMN court_blocks.repeat_until IS 'A weekly block: the last club-local day it holds again; null for one time.';
    CREATE INDEX court_blocks_club_repeat_idx ON court_blocks (club_id, repeat_until) WHERE repeat_until IS NOT NULL;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX court_blocks_club_repeat_idx;
    ALTER TABLE court_blocks DROP COLUMN repeat_until;
  `);
}
