/**
 * A member's account (docs/architecture/money.md): the stream's state, the treasurer's commands on
 * it, and how each event reads as a signed line. Positive cents are owed to the club, negative are
 * credit; the balance is the sum of the lines, so the log explains every euro.
 */
import { formatEuros, sumCents, toCents, type Cents } from '../cents';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { AccountEvent, PaymentMethod } from './account-events';

export const accountTexts = {
  title: 'Kontoauszug',
  hint: 'Was Ihr Verein Ihnen für Buchungen berechnet und was Sie bezahlt haben, neueste Zeile zuerst.',
  balance: 'Kontostand',
  ledgerPath: (clubId: string): string => `/api/account/ledger?club_id=${encodeURIComponent(clubId)}`,
  owes: (cents: number): string => `Offen: ${formatEuros(cents)}`,
  credit: (cents: number): string => `Guthaben: ${formatEuros(-cents)}`,
  settled: 'Ausgeglichen: 0,00\u00a0€',
  noLines: 'Noch keine Buchungen auf Ihrem Konto.',
  loading: 'Ihr Konto wird geladen …',
  date: 'Datum',
  text: 'Text',
  amount: 'Betrag',
  booking: 'Buchung',
  unknownPayment: 'Diese Zahlung gibt es nicht.',
  unknownMember: 'Dieses Mitglied gibt es in Ihrem Verein nicht.',
  entryRecorded: {
    payment: 'Die Zahlung wurde erfasst.',
    credit: 'Die Gutschrift wurde erfasst.',
    charge: 'Die Belastung wurde erfasst.',
  },
  // The treasurer's list of balances as a spreadsheet (the exports' CSV format).
  balancesColumns: ['Nachname', 'Vorname', 'E-Mail', 'Kontostand (€)'],
  balancesFileName: (isoDate: string): string => `kontostaende-${isoDate}.csv`,
  alreadyReturned: 'Diese Zahlung wurde bereits zurückgebucht.',
  returnText: (cents: number, fee: number): string =>
    fee > 0
      ? `Rücklastschrift ${formatEuros(cents)} und Bankgebühr ${formatEuros(fee)}`
      : `Rücklastschrift ${formatEuros(cents)}`,
  notPaid: (missing: number): string =>
    `Ihr Guthaben reicht für diese Buchung nicht: Es fehlen ${formatEuros(missing)}. Bitte zahlen Sie beim Verein ein.`,
  notPaidBy: (name: string, missing: number): string =>
    `Das Guthaben von ${name} reicht für den Anteil an dieser Buchung nicht: Es fehlen ${formatEuros(missing)}.`,
} as const;

/** "Offen: 21,00 €", "Guthaben: 29,00 €" or "Ausgeglichen": a balance in words, not in colour alone. */
export function balanceText(cents: number): string {
  if (cents > 0) return accountTexts.owes(cents);
  if (cents < 0) return accountTexts.credit(cents);
  return accountTexts.settled;
}

/** A payment the account received, and whether it came back. */
interface KnownPayment {
  cents: Cents;
  returned: boolean;
}

export interface AccountState {
  balance: Cents;
  /** The treasurer's entries recorded, by their id: the same idempotency key records once. */
  entries: ReadonlySet<string>;
  payments: ReadonlyMap<string, KnownPayment>;
}

export const initialAccountState: AccountState = {
  balance: toCents(0),
  entries: new Set(),
  payments: new Map(),
};

/** The log's line: "Konto belastet: 21,00 € – Buchung Platz 5, …". */
export function describeAccountLine(event: Pick<AccountEvent, 'type' | 'data'>): string {
  const cents = signedCents(event as AccountEvent);
  return `${formatEuros(cents)} – ${event.data.text}`;
}

/** What an event adds to the balance: positive owed, negative paid or credited. */
export function signedCents(event: AccountEvent): Cents {
  switch (event.type) {
    case 'AccountCharged':
      return toCents(event.data.cents);
    case 'AccountCredited':
    case 'PaymentRecorded':
      return toCents(-event.data.cents);
    case 'PaymentReturned':
      return sumCents([event.data.cents, event.data.fee_cents]);
  }
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  const balance = sumCents([state.balance, signedCents(event)]);
  const entryId = 'entry_id' in event.data ? event.data.entry_id : undefined;
  const entries = entryId ? new Set([...state.entries, entryId]) : state.entries;
  const payments = new Map(state.payments);
  if (event.type === 'PaymentRecorded') {
    payments.set(event.data.payment_id, { cents: toCents(event.data.cents), returned: false });
  }
  if (event.type === 'PaymentReturned') {
    const known = payments.get(event.data.payment_id);
    if (known) payments.set(event.data.payment_id, { ...known, returned: true });
  }
  return { balance, entries, payments };
}

/** What a treasurer enters by hand: money received, a credit, or a charge, each with its text. */
export type EntryKind = 'payment' | 'credit' | 'charge';

export interface RecordEntry {
  type: 'RecordEntry';
  account_id: string;
  /** From the request's idempotency key: a second request with it records nothing new. */
  entry_id: string;
  kind: EntryKind;
  cents: Cents;
  text: string;
  actor: Actor;
  /** The payment's id when `kind` is a payment (or a collected direct debit). */
  payment_id: string;
  method: PaymentMethod;
}

/** Records the entry once: a repeated key (a double click, a retried request) changes nothing. */
export function recordEntry(command: RecordEntry, state: AccountState): Decision<AccountEvent> {
  if (state.entries.has(command.entry_id)) return accept();
  const line = { cents: command.cents, text: command.text.trim(), entry_id: command.entry_id };
  const { account_id } = command;
  switch (command.kind) {
    case 'charge':
      return accept({ type: 'AccountCharged', account_id, data: line });
    case 'credit':
      return accept({ type: 'AccountCredited', account_id, data: line });
    case 'payment':
      return accept({
        type: 'PaymentRecorded',
        account_id,
        data: { ...line, payment_id: command.payment_id, method: command.method },
      });
  }
}

export interface ReturnPayment {
  type: 'ReturnPayment';
  account_id: string;
  payment_id: string;
  fee_cents: Cents;
  actor: Actor;
}

/** A payment came back: its amount and the bank's fee are owed again, once. */
export function returnPayment(command: ReturnPayment, state: AccountState): Decision<AccountEvent> {
  const payment = state.payments.get(command.payment_id);
  if (!payment) return reject('not_found', accountTexts.unknownPayment);
  if (payment.returned) return reject('conflict', accountTexts.alreadyReturned);
  return accept({
    type: 'PaymentReturned',
    account_id: command.account_id,
    data: {
      payment_id: command.payment_id,
      cents: payment.cents,
      fee_cents: command.fee_cents,
      text: accountTexts.returnText(payment.cents, command.fee_cents),
    },
  });
}
