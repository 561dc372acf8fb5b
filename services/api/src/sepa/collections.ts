/**
 * SEPA collections (docs/architecture/money.md, "SEPA direct debit"): every member of the club who
 * owes it money and has a mandate in force is debited once per collection day. In one transaction
 * under the club's lock: each debit is a PaymentRecorded on the member's account (through the
 * account's own command), a row of the collection (what the bank's file says of it), and its
 * mandate's last collection; a second request for the same day finds the first and collects
 * nothing. The file is made again from the rows on every download (./pain008), the same bytes each
 * time. The pre-notification mail follows from each PaymentRecorded (notifications/sepa-notices).
 */
import { v5 } from 'uuid';
import { addDays, formatDayDe } from '@platzbuchung/domain/dates';
import { clubNow } from '@platzbuchung/domain/club-time';
import { sumCents, toCents } from '@platzbuchung/domain/cents';
import type { Actor } from '@platzbuchung/domain/decider';
import type { RecordEntry } from '@platzbuchung/domain/money/account';
import { SEPA_PRE_NOTIFICATION_DAYS, sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';
import type { Knex } from 'knex';
import type { Db } from '../db/connect';
import { lockAndReadClub } from '../commands/club-lock';
import { decideAndAppend, type Queued } from '../commands/decide-and-append';
import { recordEntryCommand } from '../commands/money';
import { badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../ids';
import type { Collection, DirectDebit, SequenceType } from './pain008';

/** The namespace of payment ids made from a collection and a member: one debit each, ever. */
const PAYMENT_IDS = '5b1f0c2a-7d3e-4f8a-9b6c-2e4d6f8a0c1e';

/** A collection's day: far enough ahead for the pre-notification the mandate promises, within a year. */
function checkCollectionDate(collectionDate: string, today: string): void {
  const earliest = addDays(today, SEPA_PRE_NOTIFICATION_DAYS);
  if (collectionDate < earliest) {
    throw badRequest([
      {
        instancePath: '/collection_date',
        message: sepaTexts.collectionTooSoon(SEPA_PRE_NOTIFICATION_DAYS, formatDayDe(earliest)),
      },
    ]);
  }
  if (collectionDate > addDays(today, 365))
    throw badRequest([{ instancePath: '/collection_date', message: sepaTexts.collectionTooLate }]);
}

interface Due {
  user_id: string;
  balance_cents: number;
  mandate_id: string;
  reference: string;
  signed_on: string;
  account_holder: string;
  iban: string;
  last_collected_on: string | null;
}

/** Members who owe the club and have a mandate in force, in a stable order. */
function dueMembers(trx: Knex, clubId: string): Promise<Due[]> {
  return trx('account_balances as b')
    .join('sepa_mandates as m', (on) =>
      on.on('m.user_id', 'b.user_id').andOn('m.club_id', 'b.club_id').andOnNull('m.revoked_at'),
    )
    .where('b.club_id', clubId)
    .andWhere('b.balance_cents', '>', 0)
    .orderBy('b.user_id')
    .select(
      'b.user_id',
      'b.balance_cents',
      'm.id as mandate_id',
      'm.reference',
      'm.signed_on',
      'm.account_holder',
      'm.iban',
      'm.last_collected_on',
    );
}

/** "PB-20261205-3F2A9C1D": the file's id, the day and a random part, within SEPA's 35 characters. */
const messageIdOf = (collectionDate: string, collectionId: string) =>
  `PB-${collectionDate.replaceAll('-', '')}-${collectionId.replaceAll('-', '').slice(-8).toUpperCase()}`;

/** "PB" and the payment's 32 hex digits: unique, in the SEPA set, 34 characters. */
const endToEndIdOf = (paymentId: string) => `PB${paymentId.replaceAll('-', '').toUpperCase()}`;

export interface CollectionOutcome {
  id: string;
  created: boolean;
  count: number;
  total_cents: number;
}

/** Collects every positive balance that has a mandate, once per club and day. */
export async function collect(
  db: Db,
  request: { clubId: string; collectionDate: string; actor: Actor; now: Date },
): Promise<CollectionOutcome> {
  const { clubId, collectionDate, actor, now } = request;
  return db.transaction(async (trx) => {
    const { club } = await lockAndReadClub(trx, clubId, true);
    if (!club) throw notFound(sepaTexts.collectionNotFound);
    checkCollectionDate(collectionDate, clubNow(club.time_zone, now).date);
    const existing: { id: string } | undefined = await trx('sepa_collections')
      .where({ club_id: clubId, collection_date: collectionDate })
      .first('id');
    if (existing) return { ...(await totalsOf(trx, existing.id)), id: existing.id, created: false };
    const creditor: { sepa: SepaCreditor | null } | undefined = await trx('clubs')
      .where({ id: clubId })
      .first('sepa');
    if (!creditor?.sepa) throw conflict(sepaTexts.noCreditor);
    const due = await dueMembers(trx, clubId);
    if (due.length === 0) throw conflict(sepaTexts.nothingToCollect);

    const id = newId();
    await trx('sepa_collections').insert({
      id,
      club_id: clubId,
      collection_date: collectionDate,
      message_id: messageIdOf(collectionDate, id),
      created_at: now,
      created_by: actor.user_id,
    });
    const debits = due.map((member) => ({ member, paymentId: v5(`${id}\n${member.user_id}`, PAYMENT_IDS) }));
    const items: Queued<RecordEntry>[] = debits.map(({ member, paymentId }) => ({
      command: {
        type: 'RecordEntry',
        account_id: member.user_id,
        entry_id: paymentId,
        kind: 'payment',
        cents: toCents(member.balance_cents),
        text: sepaTexts.paymentText(formatDayDe(collectionDate)),
        actor,
        payment_id: paymentId,
        method: 'sepa',
      },
      clock: { now },
      // Answered here, not by a queue: the outcomes are read below.
      settle: () => {},
      fail: () => {},
    }));
    // One command at a time: each member's account is a stream of its own, and the account's
    // command is not one the handler decides in batches.
    for (const item of items) {
      const [[, result] = []] = await decideAndAppend(trx, recordEntryCommand, [{ club, items: [item] }]);
      if (!result?.ok) throw new Error(`sepa collection: a payment was refused (${JSON.stringify(result)})`);
    }
    await trx('sepa_collection_debits').insert(
      debits.map(({ member, paymentId }) => ({
        payment_id: paymentId,
        collection_id: id,
        club_id: clubId,
        user_id: member.user_id,
        end_to_end_id: endToEndIdOf(paymentId),
        cents: member.balance_cents,
        sequence: member.last_collected_on === null ? 'FRST' : 'RCUR',
        mandate_reference: member.reference,
        mandate_signed_on: member.signed_on,
        account_holder: member.account_holder,
        iban: member.iban,
      })),
    );
    await trx('sepa_mandates')
      .whereIn(
        'id',
        due.map((member) => member.mandate_id),
      )
      .update({ last_collected_on: collectionDate });
    // What was just written, from what was written: no need to read it back.
    const total_cents = Number(sumCents(due.map((member) => Number(member.balance_cents))));
    return { count: due.length, total_cents, id, created: true };
  });
}

async function totalsOf(db: Knex, collectionId: string): Promise<{ count: number; total_cents: number }> {
  const row: { count: number; total: number | null } = await db('sepa_collection_debits')
    .where({ collection_id: collectionId })
    .first(db.raw('count(*)::int AS count'), db.raw('sum(cents)::bigint AS total'));
  return { count: row.count, total_cents: Number(row.total ?? 0) };
}

/** The collection as its file says it, or undefined for another club's or an unknown one. */
export async function collectionOf(
  db: Db,
  clubId: string,
  collectionId: string,
): Promise<(Collection & { debits: DirectDebit[] }) | undefined> {
  const row:
    | {
        message_id: string;
        created_at: Date;
        collection_date: string;
        sepa: SepaCreditor | null;
        name: string;
      }
    | undefined = await db('sepa_collections as s')
    .join('clubs as c', 'c.id', 's.club_id')
    .where({ 's.id': collectionId, 's.club_id': clubId })
    .first('s.message_id', 's.created_at', 's.collection_date', 'c.sepa', 'c.name');
  if (!row?.sepa) return undefined;
  const debits: {
    end_to_end_id: string;
    cents: number;
    sequence: SequenceType;
    mandate_reference: string;
    mandate_signed_on: string;
    account_holder: string;
    iban: string;
  }[] = await db('sepa_collection_debits')
    .where({ collection_id: collectionId })
    .orderBy('end_to_end_id')
    .select(
      'end_to_end_id',
      'cents',
      'sequence',
      'mandate_reference',
      'mandate_signed_on',
      'account_holder',
      'iban',
    );
  const day = formatDayDe(row.collection_date);
  return {
    message_id: row.message_id,
    created_at: row.created_at,
    collection_date: row.collection_date,
    creditor: row.sepa,
    debits: debits.map((debit) => ({
      end_to_end_id: debit.end_to_end_id,
      cents: Number(debit.cents),
      mandate_reference: debit.mandate_reference,
      mandate_signed_on: debit.mandate_signed_on,
      sequence: debit.sequence,
      debtor_name: debit.account_holder,
      debtor_iban: debit.iban,
      remittance: sepaTexts.remittance(row.name, day),
    })),
  };
}

/** The member a debit of this club was collected from, or undefined. */
export async function debitOf(
  db: Db,
  clubId: string,
  paymentId: string,
): Promise<
  { user_id: string; collection_date: string; mandate_reference: string; cents: number } | undefined
> {
  return db('sepa_collection_debits as d')
    .join('sepa_collections as s', 's.id', 'd.collection_id')
    .where({ 'd.payment_id': paymentId, 'd.club_id': clubId })
    .first('d.user_id', 's.collection_date', 'd.mandate_reference', 'd.cents');
}

/** A debit as the member's own export lists it (docs/privacy.md, "Access and portability"). */
export interface ExportedDebit {
  payment_id: string;
  collection_date: string;
  cents: number;
  sequence: SequenceType;
  mandate_reference: string;
  account_holder: string;
  iban: string;
}

/** Every debit collected from the member, oldest first. */
export async function debitsOf(db: Db, userId: string): Promise<ExportedDebit[]> {
  const rows: ExportedDebit[] = await db('sepa_collection_debits as d')
    .join('sepa_collections as s', 's.id', 'd.collection_id')
    .where('d.user_id', userId)
    .orderBy([{ column: 's.collection_date' }, { column: 'd.payment_id' }])
    .select(
      'd.payment_id',
      's.collection_date',
      'd.cents',
      'd.sequence',
      'd.mandate_reference',
      'd.account_holder',
      'd.iban',
    );
  return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
}
