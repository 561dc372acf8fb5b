/**
 * Members' SEPA mandates (docs/architecture/money.md, "SEPA direct debit"; docs/privacy.md, "SEPA
 * mandates"). IBANs live in `sepa_mandates` (and, once collected from, in the collection's debit rows,
 * ./collections): never in an event, a log line or an error text. Screens get them masked (`maskIban`); only the member's own data export and the
 * club's collection file carry them whole.
 */
import { randomBytes } from 'node:crypto';
import { clubNow } from '@platzbuchung/domain/club-time';
import { electronicForm, maskIban } from '@platzbuchung/domain/money/sepa/identifiers';
import { mandateText } from '@platzbuchung/domain/money/sepa/texts';
import type { SepaMandateBody } from '@platzbuchung/domain/money/sepa/schemas';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';
import type { Knex } from 'knex';
import type { Db } from '../db/connect';
import { newId } from '../ids';

/**
 * A revoked mandate that was used stays this long after its last collection: the member's bank may
 * ask the club for the mandate behind a debit for 13 months, so it is kept a month beyond.
 */
export const REVOKED_MANDATE_KEPT_MONTHS = 14;

interface MandateRow {
  id: string;
  reference: string;
  account_holder: string;
  iban: string;
  signed_on: string;
  mandate_text: string;
  created_at: Date;
  revoked_at: Date | null;
  last_collected_on: string | null;
}

/** The member's mandate as their screens show it: the IBAN masked, only its last four readable. */
export interface ShownMandate {
  reference: string;
  account_holder: string;
  iban_masked: string;
  signed_on: string;
}

/** The mandate whole, as the member's own data export lists it. */
export interface ExportedMandate extends ShownMandate {
  iban: string;
  mandate_text: string;
  given_at: string;
  revoked_at: string | null;
  last_collected_on: string | null;
}

const COLUMNS = [
  'id',
  'reference',
  'account_holder',
  'iban',
  // Dates come back as text (db/connect), so no time zone shifts the day.
  'signed_on',
  'mandate_text',
  'created_at',
  'revoked_at',
  'last_collected_on',
] as const;

const shown = (row: MandateRow): ShownMandate => ({
  reference: row.reference,
  account_holder: row.account_holder,
  iban_masked: maskIban(row.iban),
  signed_on: row.signed_on,
});

/** "PB-7KQ2M9XH4D3A": letters and digits of the SEPA set, unique for the club, never a guessable count. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReference(): string {
  const letters = [...randomBytes(12)].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `PB-${letters.join('')}`;
}

async function activeRow(db: Knex, clubId: string, userId: string): Promise<MandateRow | undefined> {
  return db('sepa_mandates')
    .where({ club_id: clubId, user_id: userId })
    .whereNull('revoked_at')
    .first(COLUMNS);
}

/** The member's mandate in force, or null. */
export async function activeMandate(db: Db, clubId: string, userId: string): Promise<ShownMandate | null> {
  const row = await activeRow(db, clubId, userId);
  return row ? shown(row) : null;
}

/**
 * Gives a mandate: the reference and the day (club time) are ours, the text is the one the member
 * was shown. A mandate already in force is revoked by the new one (a new account is a new mandate).
 */
export async function giveMandate(
  db: Db,
  target: { clubId: string; userId: string; timeZone: string; creditor: SepaCreditor },
  body: SepaMandateBody,
  now: Date,
): Promise<ShownMandate> {
  return db.transaction(async (trx) => {
    await revokeIn(trx, target.clubId, target.userId, now);
    const row = {
      id: newId(),
      club_id: target.clubId,
      user_id: target.userId,
      reference: newReference(),
      account_holder: body.account_holder.trim(),
      iban: electronicForm(body.iban),
      mandate_text: mandateText(target.creditor),
      signed_on: clubNow(target.timeZone, now).date,
      created_at: now,
    };
    await trx('sepa_mandates').insert(row);
    return shown({ ...row, revoked_at: null, last_collected_on: null });
  });
}

/**
 * Ends the member's mandate; false when there is none. A mandate never collected from is deleted
 * at once; one that was is kept, marked revoked, until `purgeRevokedMandates` may remove it.
 */
async function revokeIn(trx: Knex, clubId: string, userId: string, now: Date): Promise<boolean> {
  const scope = () =>
    trx('sepa_mandates').where({ club_id: clubId, user_id: userId }).whereNull('revoked_at');
  const deleted = await scope().whereNull('last_collected_on').delete();
  const revoked = await scope().update({ revoked_at: now });
  return deleted + revoked > 0;
}

export const revokeMandate = (db: Db, clubId: string, userId: string, now: Date): Promise<boolean> =>
  db.transaction((trx) => revokeIn(trx, clubId, userId, now));

/** Every mandate stored for the member, whole (docs/privacy.md, "Access and portability"). */
export async function mandatesOf(db: Db, userId: string): Promise<ExportedMandate[]> {
  const rows: MandateRow[] = await db('sepa_mandates')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select(COLUMNS);
  return rows.map((row) => ({
    ...shown(row),
    iban: row.iban,
    mandate_text: row.mandate_text,
    given_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_collected_on: row.last_collected_on,
  }));
}

/** Revoked mandates past their keeping time (docs/privacy.md, "SEPA mandates"). */
export async function purgeRevokedMandates(db: Db): Promise<number> {
  return db('sepa_mandates')
    .whereNotNull('revoked_at')
    .where((old) =>
      old
        .whereNull('last_collected_on')
        .orWhereRaw(`last_collected_on < now() - interval '${REVOKED_MANDATE_KEPT_MONTHS} months'`),
    )
    .delete();
}
