/**
 * The collection file a treasurer hands the bank: ISO 20022 pain.008.001.08, SEPA Core direct
 * debit, as German banks take it (docs/architecture/money.md, "SEPA direct debit"). Pure: the same
 * collection gives the same bytes. The XML is built by xmlbuilder2, which escapes and nests; we never
 * join markup by hand. Amounts are integer cents, summed as integers and written with two decimals
 * by moving the point in the digits, so no control sum ever passes through a float.
 */
import { create } from 'xmlbuilder2';
import { sepaText } from '@platzbuchung/domain/money/sepa/characters';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';

export const PAIN_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

/** A mandate's first collection is `FRST`, every later one `RCUR`. */
export type SequenceType = 'FRST' | 'RCUR';
const SEQUENCES: readonly SequenceType[] = ['FRST', 'RCUR'];

/** One member's debit. */
export interface DirectDebit {
  /** The payment's own id, unique for the club (at most 35 characters of the SEPA set). */
  end_to_end_id: string;
  /** Whole cents, more than 0. */
  cents: number;
  mandate_reference: string;
  /** ISO date the member gave the mandate. */
  mandate_signed_on: string;
  sequence: SequenceType;
  debtor_name: string;
  debtor_iban: string;
  /** What the member reads on their statement (at most 140 characters are kept). */
  remittance: string;
}

export interface Collection {
  /** The file's id, unique for the club (at most 35 characters of the SEPA set). */
  message_id: string;
  created_at: Date;
  /** ISO date the bank debits the members. */
  collection_date: string;
  creditor: SepaCreditor;
  debits: readonly DirectDebit[];
}

/** The XSD's 35-character ids, in the SEPA set (no "/" at either end, never "//"). */
const ID = /^(?!\/)(?!.*\/\/)[A-Za-z0-9/\-?:().,'+]{1,35}(?<!\/)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** SEPA takes 0,01 € to 999.999.999,99 € per debit. */
const MAX_CENTS = 99_999_999_999;

/** "1234" cents → "12.34", "5" → "0.05": the point moved in the digits, never a division. */
export function decimalOfCents(cents: bigint): string {
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The sum of whole cents, exact however many debits (BigInt: no float, no overflow). */
const sumOf = (debits: readonly DirectDebit[]): bigint =>
  debits.reduce((sum, debit) => sum + BigInt(debit.cents), 0n);

function assertCollectable(collection: Collection): void {
  const wrong = (what: string): never => {
    throw new Error(`pain.008: ${what}`);
  };
  if (!ID.test(collection.message_id)) wrong('message id');
  if (!ISO_DATE.test(collection.collection_date)) wrong('collection date');
  if (collection.debits.length === 0) wrong('a file needs at least one debit');
  // A name of letters outside the Latin script says nothing in the SEPA set: refused, not blank.
  if (!sepaText(collection.creditor.creditor_name, 70)) wrong('creditor name');
  for (const debit of collection.debits) {
    if (!Number.isSafeInteger(debit.cents) || debit.cents < 1 || debit.cents > MAX_CENTS) wrong('amount');
    if (!ID.test(debit.end_to_end_id) || !ID.test(debit.mandate_reference)) wrong('debit id');
    if (!ISO_DATE.test(debit.mandate_signed_on)) wrong('mandate date');
    if (!sepaText(debit.debtor_name, 70)) wrong('debtor name');
  }
}

/** "2026-11-29T07:00:00Z": the creation time to the second, in UTC. */
const creationTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A bank the file does not name: German banks find it by the IBAN (IBAN-only). */
const agentOf = (bic: string | undefined) => ({
  FinInstnId: bic ? { BICFI: bic } : { Othr: { Id: 'NOTPROVIDED' } },
});

function paymentInformation(collection: Collection, sequence: SequenceType, debits: readonly DirectDebit[]) {
  const { creditor } = collection;
  return {
    PmtInfId: `${collection.message_id.slice(0, 30)}-${sequence}`,
    PmtMtd: 'DD',
    NbOfTxs: String(debits.length),
    CtrlSum: decimalOfCents(sumOf(debits)),
    PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' }, SeqTp: sequence },
    ReqdColltnDt: collection.collection_date,
    Cdtr: { Nm: sepaText(creditor.creditor_name, 70) },
    CdtrAcct: { Id: { IBAN: creditor.creditor_iban } },
    CdtrAgt: agentOf(creditor.creditor_bic),
    ChrgBr: 'SLEV',
    CdtrSchmeId: {
      Id: { PrvtId: { Othr: { Id: creditor.creditor_id, SchmeNm: { Prtry: 'SEPA' } } } },
    },
    DrctDbtTxInf: debits.map((debit) => ({
      PmtId: { EndToEndId: debit.end_to_end_id },
      InstdAmt: { '@Ccy': 'EUR', '#': decimalOfCents(BigInt(debit.cents)) },
      DrctDbtTx: {
        MndtRltdInf: { MndtId: debit.mandate_reference, DtOfSgntr: debit.mandate_signed_on },
      },
      DbtrAgt: agentOf(undefined),
      Dbtr: { Nm: sepaText(debit.debtor_name, 70) },
      DbtrAcct: { Id: { IBAN: debit.debtor_iban } },
      ...(sepaText(debit.remittance, 140) && { RmtInf: { Ustrd: sepaText(debit.remittance, 140) } }),
    })),
  };
}

/** The pain.008.001.08 document of a collection: one payment block per sequence type it has. */
export function pain008(collection: Collection): string {
  assertCollectable(collection);
  const { debits } = collection;
  const blocks = SEQUENCES.map((sequence) => ({
    sequence,
    debits: debits.filter((debit) => debit.sequence === sequence),
  })).filter((block) => block.debits.length > 0);
  const document = {
    Document: {
      '@xmlns': PAIN_008_NAMESPACE,
      CstmrDrctDbtInitn: {
        GrpHdr: {
          MsgId: collection.message_id,
          CreDtTm: creationTime(collection.created_at),
          NbOfTxs: String(debits.length),
          CtrlSum: decimalOfCents(sumOf(debits)),
          InitgPty: { Nm: sepaText(collection.creditor.creditor_name, 70) },
        },
        PmtInf: blocks.map((block) => paymentInformation(collection, block.sequence, block.debits)),
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true });
}
