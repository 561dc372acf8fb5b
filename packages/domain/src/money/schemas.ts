/** Body of a treasurer's entry (`POST /api/admin/accounts/:user_id/entries`); German texts throughout. */
import { FREE_TEXT_PATTERN, jsonObjectBody } from '../shapes';
import type { EntryKind } from './account';

/** 100.000,00 €: more than any entry a club makes, little enough that a typo in cents shows. */
export const ENTRY_MAX_CENTS = 10_000_000;
export const ENTRY_TEXT_MAX_LENGTH = 200;

export const accountEntrySchema = {
  $id: 'accountEntry',
  ...jsonObjectBody,
  properties: {
    kind: {
      type: 'string',
      enum: ['payment', 'credit', 'charge'],
      errorMessage: 'Bitte wählen Sie Zahlung, Gutschrift oder Belastung.',
    },
    cents: {
      type: 'integer',
      minimum: 1,
      maximum: ENTRY_MAX_CENTS,
      errorMessage: 'Der Betrag muss zwischen 0,01 € und 100.000,00 € liegen, in ganzen Cent.',
    },
    text: {
      type: 'string',
      minLength: 1,
      maxLength: ENTRY_TEXT_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
      errorMessage: `Bitte geben Sie einen Text von 1 bis ${ENTRY_TEXT_MAX_LENGTH} Zeichen an (z. B. „Überweisung März“).`,
    },
    idempotency_key: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      errorMessage: 'Der Schlüssel gegen doppeltes Erfassen fehlt oder ist ungültig (8 bis 64 Zeichen).',
    },
  },
  required: ['kind', 'cents', 'text', 'idempotency_key'],
} as const;

export interface AccountEntryBody {
  kind: EntryKind;
  cents: number;
  text: string;
  idempotency_key: string;
}
