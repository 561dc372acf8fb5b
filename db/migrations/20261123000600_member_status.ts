import type { Knex } from 'knex';

/**
 * Club membership (docs/architecture/membership.md): a club may approve its new
 * members, and every member has a status. Existing clubs keep signing members up as before
 * (no approval), and every existing member and admin stays active. Later changes of both are
 * events (ClubSettingsChanged, MemberStatusChanged); these columns are their projections.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE clubs ADD COLUMN member_approval boolean NOT NULL DEFAULT false;
    COMMENT ON COLUMN clubs.member_approval IS 'New members start pending until an admin approves them.';

    ALTER TABLE users ADD COLUMN status text NOT NULL DEFAULT 'active'
      CONSTRAINT users_status_known CHECK (status IN ('active', 'pending', 'inactive'));
    COMMENT ON COLUMN users.status IS 'active, pending (awaits approval) or inactive (rejected or deactivated); only active members see club data.';
    CREATE INDEX users_club_id_status_idx ON users (club_id, status);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP INDEX users_club_id_status_idx;
    ALTER TABLE users DROP COLUMN status;
    ALTER TABLE clubs DROP COLUMN member_approval;
  `);
}
