/**
 * Families (docs/who-plays.md, "Families"): a child is a member row of the parent's club with no
 * address and no password, so bookings, co-players and categories treat them as any member.
 * `parent_id` names the member who keeps them; erasing the parent erases the children with them.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users
      ADD COLUMN parent_id uuid REFERENCES users (id) ON DELETE CASCADE,
      ALTER COLUMN email DROP NOT NULL,
      ALTER COLUMN password_hash DROP NOT NULL,
      ADD CONSTRAINT users_login_or_parent CHECK (
        (parent_id IS NULL AND email IS NOT NULL AND password_hash IS NOT NULL)
        OR (parent_id IS NOT NULL AND email IS NULL AND password_hash IS NULL AND role = 'player')
      );
    CREATE INDEX users_parent_id_idx ON users (parent_id) WHERE parent_id IS NOT NULL;
    COMMENT ON COLUMN users.parent_id IS 'A child without a login: the member who books for them and gets their notices.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DELETE FROM users WHERE parent_id IS NOT NULL;
    ALTER TABLE users
      DROP CONSTRAINT users_login_or_parent,
      DROP COLUMN parent_id,
      ALTER COLUMN email SET NOT NULL,
      ALTER COLUMN password_hash SET NOT NULL;
  `);
}
