import type { Knex } from 'knex';

/**
 * Co-player notices name people by id from now on, and the mailer names them when it renders
 * (docs/privacy-erasure.md, "Mails that name another member"). Rows written before named the
 * booker or the player in their payload: those not sent yet cannot be rendered any more and are
 * dropped, with the reason the admins' list shows; from every such row the names are removed, so
 * none stays behind once that member erases their account.
 */
const NAMED = `kind LIKE 'co-player-%'
  AND (payload->'facts'->>'bookerName' IS NOT NULL OR payload->'facts'->>'playerName' IS NOT NULL
       OR jsonb_typeof(payload->'facts'->'players') = 'string')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE mail_outbox
       SET status = CASE WHEN status IN ('waiting', 'held') THEN 'dropped' ELSE status END,
           last_error = CASE WHEN status IN ('waiting', 'held')
             THEN 'Nicht gesendet: Die Nachricht stammt aus einer älteren Version und nannte Namen statt Mitglieder.'
             ELSE last_error END,
           payload = payload #- '{facts,bookerName}' #- '{facts,playerName}'
             #- (CASE WHEN jsonb_typeof(payload->'facts'->'players') = 'string'
                 THEN '{facts,players}' ELSE '{facts,none}' END)::text[]
     WHERE ${NAMED};
  `);
}

/** The names are gone for good; going back leaves the rows as they are. */
export async function down(): Promise<void> {}
