import type { Knex } from 'knex';

/**
 * Court names (docs/architecture/club-time.md, "Court names"): `clubs.court_names`, the courts'
 * own names by court number as the latest ClubSettingsChanged left them; every club starts with
 * none, so each court stays "Platz N" until its club names it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN court_names jsonb NOT NULL DEFAULT '{}'::jsonb
      CONSTRAINT clubs_court_names_object CHECK (jsonb_typeof(court_names) = 'object');
    COMMENT ON COLUMN clubs.court_names IS 'The courts'' own names by court number ({"1": "Center Court"}); a court without one is "Platz N".';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE clubs DROP COLUMN court_names;`);
}
