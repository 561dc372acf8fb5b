import type { Db } from '../../src/db/connect';

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

/** The token of the newest confirmation link mailed to `address` (any letter case), if any. */
export const confirmationTokenFor = (db: Db, address: string) =>
  newestTokenFor(db, 'email-confirmation', address);

/** The token of the newest link of an address change mailed to the new `address`, if any. */
export const emailChangeTokenFor = (db: Db, address: string) => newestTokenFor(db, 'email-change', address);

async function newestTokenFor(
  db: Db,
  kind: 'email-confirmation' | 'email-change',
  address: string,
): Promise<string | undefined> {
  const row: { payload: Record<string, string> } | undefined = await db('mail_outbox')
    .where({ kind })
    .whereRaw('lower(to_address) = lower(?)', [address.trim()])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('payload');
  const url = row?.payload.confirmUrl;
  return url ? (new URL(url).searchParams.get('token') ?? undefined) : undefined;
}
