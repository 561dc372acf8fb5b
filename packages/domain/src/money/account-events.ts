/**
 * A member's account's events (docs/architecture/money.md): one stream per member, named by the
 * member's id (`account_id`). Amounts are positive whole cents; the type says which way they go
 * (a charge is owed, a credit, a payment or a returned payment's reversal). No IBAN, no name: a
 * line's text says what it was for, in the words a treasurer or the system chose.
 */
import type { EventMetadata } from '../events/streams';
import type { PriceLine } from './prices';

/** What a line of an account was for, beside its text: the booking it belongs to, if any. */
export interface AccountLineData {
  cents: number;
  text: string;
  /** The booking the line belongs to; absent for a treasurer's entry. */
  reservation_id?: string;
  /** A treasurer's entry's own id, from its idempotency key: the same key records once. */
  entry_id?: string;
}

/** The member owes more: a booking's price or share, a guest's fee, a treasurer's charge. */
export interface AccountCharged {
  type: 'AccountCharged';
  account_id: string;
  data: AccountLineData & {
    /** A booking's price as it was when booked: what each rule added. */
    lines?: PriceLine[];
  };
}

/** The member owes less: a cancelled or moved booking's price back, a treasurer's credit. */
export interface AccountCredited {
  type: 'AccountCredited';
  account_id: string;
  data: AccountLineData;
}

/** The member paid: a transfer or cash the treasurer entered, or a SEPA direct debit collected. */
export interface PaymentRecorded {
  type: 'PaymentRecorded';
  account_id: string;
  data: AccountLineData & { payment_id: string; method: PaymentMethod };
}

/** A payment came back (a returned direct debit): its amount is owed again, with the bank's fee. */
export interface PaymentReturned {
  type: 'PaymentReturned';
  account_id: string;
  data: { payment_id: string; cents: number; fee_cents: number; text: string };
}

/** How a payment reached the club. */
export type PaymentMethod = 'manual' | 'sepa';

export type AccountEvent = AccountCharged | AccountCredited | PaymentRecorded | PaymentReturned;

export type AccountEnvelope<E extends AccountEvent = AccountEvent> = E & EventMetadata;

/** The account stream's event types, each once. */
export const accountEventTypes = [
  'AccountCharged',
  'AccountCredited',
  'PaymentRecorded',
  'PaymentReturned',
] as const satisfies readonly AccountEvent['type'][];

/** Is this event a line of a member's account? */
export const isAccountEvent = (event: { type: string }): event is AccountEvent =>
  (accountEventTypes as readonly string[]).includes(event.type);
