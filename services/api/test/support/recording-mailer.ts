import type { Mailer } from '@platzbuchung/mailer/mailer';
import type { Db } from '../../src/db/connect';

/** A mailer that sends nothing: the mails stay in the outbox, where tests read them. */
export interface RecordingMailer extends Mailer {
  /** How often the API said a row was committed. */
  readonly wakes: number;
}

export function recordingMailer(): RecordingMailer {
  let wakes = 0;
  return {
    mode: 'queue',
    get wakes() {
      return wakes;
    },
    wake() {
      wakes++;
    },
    async close() {},
  };
}

export interface OutboxResetMail {
  id: string;
  to: string;
  firstName: string;
  lastName: string;
  resetUrl: string;
}

/** The password-reset mails in the outbox, oldest first. */
export async function resetMailsIn(db: Db): Promise<OutboxResetMail[]> {
  const rows: { id: string; to_address: string; payload: Record<string, string> }[] = await db('mail_outbox')
    .where({ kind: 'password-reset' })
    .orderBy('created_at')
    .select('id', 'to_address', 'payload');
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    firstName: row.payload.firstName!,
    lastName: row.payload.lastName!,
    resetUrl: row.payload.resetUrl!,
  }));
}
