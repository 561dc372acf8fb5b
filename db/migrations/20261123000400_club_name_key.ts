import type { Knex } from 'knex';
import { foldClubName } from '@platzbuchung/domain/club-names';

/**
 * Club names unique after folding case, accents, punctuation and look-alike letters (the fold lives
 * in the domain, packages/domain/src/club-names.ts; docs/security/access.md says why). The API writes the
 * key with every name. Clubs that already clash keep their names: the oldest gets the key, the
 * others none, so no existing club is renamed behind its admins' backs, yet no new club can take
 * any of those names.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN name_key text;
    COMMENT ON COLUMN clubs.name_key IS 'The name folded by the domain (case, accents, confusables); unique.';
  `);
  const clubs: { id: string; name: string }[] = await knex('clubs')
    .select('id', 'name')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  const taken = new Set<string>();
  for (const club of clubs) {
    const key = foldClubName(club.name);
    if (taken.has(key)) continue;
    taken.add(key);
    await knex('clubs').where({ id: club.id }).update({ name_key: key });
  }
  await knex.raw('CREATE UNIQUE INDEX clubs_name_key_unique ON clubs (name_key)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX clubs_name_key_unique; ALTER TABLE clubs DROP COLUMN name_key;');
}
