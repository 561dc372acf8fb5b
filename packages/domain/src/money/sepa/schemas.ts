/**
 * Body of PUT /api/account/sepa-mandate (docs/architecture/money.md, "SEPA direct debit"): who
 * holds the account, its IBAN, and the member's consent to the mandate text they were shown. The
 * IBAN's check digits are `isSepaIban`'s, the holder's name in the SEPA set `mandateErrors`'.
 */
import { FREE_TEXT_PATTERN, isoDate, jsonObjectBody } from '../../shapes';
import { SEPA_NAME_MAX_LENGTH } from '../../schemas';
import { sepaText } from './characters';
import { isSepaIban } from './identifiers';
import { sepaTexts } from './texts';
import type { FieldError } from '../../types';

export const sepaMandateSchema = {
  $id: 'sepaMandate',
  ...jsonObjectBody,
  properties: {
    account_holder: {
      type: 'string',
      minLength: 2,
      maxLength: SEPA_NAME_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
      errorMessage: sepaTexts.accountHolderInvalid,
    },
    iban: {
      type: 'string',
      maxLength: 42,
      pattern: '^[A-Za-z]{2} ?[0-9]{2}[A-Za-z0-9 ]{11,38}$',
      errorMessage: sepaTexts.notSepaIban,
    },
    consent: { const: true, errorMessage: sepaTexts.consentRequired },
  },
  required: ['account_holder', 'iban', 'consent'],
} as const;

export interface SepaMandateBody {
  account_holder: string;
  iban: string;
  consent: true;
}

/**
 * What the schema cannot check: the IBAN's check digits and SEPA country, and a holder's name that
 * still says something in the SEPA character set the bank's file is written in.
 */
export function mandateErrors(body: SepaMandateBody): FieldError[] {
  const errors: FieldError[] = [];
  if (sepaText(body.account_holder, SEPA_NAME_MAX_LENGTH).length < 2)
    errors.push({ instancePath: '/account_holder', message: sepaTexts.accountHolderLatin });
  if (!isSepaIban(body.iban)) errors.push({ instancePath: '/iban', message: sepaTexts.notSepaIban });
  return errors;
}

/** Body of POST /api/admin/sepa/collections: the day the bank debits the members. */
export const sepaCollectionSchema = {
  $id: 'sepaCollection',
  ...jsonObjectBody,
  properties: { collection_date: isoDate },
  required: ['collection_date'],
} as const;

export interface SepaCollectionBody {
  collection_date: string;
}

/** 100,00 €: more than any bank charges for a return, little enough that a typo in cents shows. */
export const RETURN_FEE_MAX_CENTS = 10_000;

/** Body of POST /api/admin/sepa/returns: the debit that came back and the bank's fee. */
export const sepaReturnSchema = {
  $id: 'sepaReturn',
  ...jsonObjectBody,
  properties: {
    payment_id: { type: 'string', format: 'uuid', errorMessage: sepaTexts.paymentIdInvalid },
    fee_cents: {
      type: 'integer',
      minimum: 0,
      maximum: RETURN_FEE_MAX_CENTS,
      errorMessage: sepaTexts.feeInvalid,
    },
  },
  required: ['payment_id', 'fee_cents'],
} as const;

export interface SepaReturnBody {
  payment_id: string;
  fee_cents: number;
}
