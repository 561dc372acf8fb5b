/**
 * Member categories (docs/who-plays.md, "Member categories"): the category the admin chose for a
 * member, kept by the member-categories projection from `MemberCategoryChanged`, and their birth
 * year, which decides "Jugend" and never enters the log (personal data; erasure clears it).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.text('category_id').nullable();
    table.smallint('birth_year').nullable();
  });
  await knex.raw(
    'ALTER TABLE users ADD CONSTRAINT users_birth_year_range CHECK (birth_year BETWEEN 1900 AND 2100)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('birth_year');
    table.dropColumn('category_id');
  });
}
