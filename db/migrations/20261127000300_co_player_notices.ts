import type { Knex } from 'knex';

/**
 * A member's switch for the mails about bookings that name them (docs/architecture/mail.md,
 * "Notifications"): on by default, since being named by someone else is news the member did not
 * make themselves, unlike the confirmation of their own booking.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users ADD COLUMN co_player_notices boolean NOT NULL DEFAULT true;
    COMMENT ON COLUMN users.co_player_notices IS 'The member gets a mail when a booking names them, changes or is cancelled, and when a co-player leaves their booking.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE users DROP COLUMN co_player_notices;`);
}
