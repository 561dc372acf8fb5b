/**
 * Body of PUT /api/account/sepa-mandate (docs/architecture/money.md, "SEPA direct debit"): who
 * holds the account, its IBAN, and the member's consent to the mandate text they were shown. The
 * IBAN's check digits are `isSepaIban`'s, the holder's name in the SEPA set `mandateErrors`'.
 */
import { FREE_TEXT_PATTERN, jsonObjectBody } from '../../shapes';
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
