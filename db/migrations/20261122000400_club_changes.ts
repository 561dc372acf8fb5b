import type { Knex } from 'knex';

/**
 * Changes to a club's settings and to its members' roles, with who made them and when. Like the
 * reservation log, this record may only grow.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION append_only_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END;
    $$;

    CREATE TABLE club_changes (
      position bigserial PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs (id),
      actor_id uuid NOT NULL,
      kind text NOT NULL CONSTRAINT club_changes_kind_known CHECK (kind IN ('settings_changed', 'role_changed')),
      data jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now()
    );
    COMMENT ON TABLE club_changes IS 'Append-only record of club settings and role changes: before, after, actor, time.';
    CREATE INDEX club_changes_club_position_idx ON club_changes (club_id, position);
    CREATE TRIGGER club_changes_append_only
      BEFORE UPDATE OR DELETE ON club_changes
      FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
    CREATE TRIGGER club_changes_no_truncate
      BEFORE TRUNCATE ON club_changes
      FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE club_changes; DROP FUNCTION append_only_refuse_change();');
}
