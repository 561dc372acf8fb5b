/**
 * The numbers of SEPA direct debit, checked by their check digits (docs/architecture/money.md,
 * "SEPA direct debit"): an IBAN and a BIC by `ibantools`, a Gläubiger-ID (creditor identifier) by ISO 7064
 * MOD 97-10 as the EPC defines it. Everything here is pure, so the Verein card and the API ask the
 * same questions.
 */
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { SepaCreditor } from '../../schemas';
import type { FieldError } from '../../types';
import { sepaTexts } from './texts';

/** Capitals and no spaces: how an IBAN, BIC or creditor id is stored and written into a file. */
export const electronicForm = (typed: string): string => typed.replace(/\s+/g, '').toUpperCase();

/** An IBAN whose check digits hold, of a country that takes part in SEPA. */
export function isSepaIban(typed: string): boolean {
  const iban = electronicFormatIBAN(typed) ?? '';
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2));
}

export const isValidBic = (typed: string): boolean => isValidBIC(electronicForm(typed));

/** Letters count as 10 (A) to 35 (Z), digits as themselves (ISO 7064). */
const asDigits = (text: string): string =>
  [...text].map((character) => parseInt(character, 36).toString()).join('');

/** The remainder of a long decimal number by 97, taken a few digits at a time so it stays exact. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7) {
    remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  }
  return remainder;
}

/**
 * A Gläubiger-ID: country, two check digits, a business code of three (not part of the check) and
 * the national part. The check digits are computed over the national part followed by the country
 * and the check digits, as an IBAN's are over its account number.
 */
export function isValidCreditorId(typed: string): boolean {
  const id = electronicForm(typed);
  const match = /^([A-Z]{2})([0-9]{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(id);
  if (!match) return false;
  const [, country, check, national] = match as unknown as [string, string, string, string];
  if (!isSEPACountry(country)) return false;
  // A German id's national part is eleven digits.
  if (country === 'DE' && !/^[0-9]{11}$/.test(national)) return false;
  return mod97(asDigits(`${national}${country}${check}`)) === 1;
}

/** "•••• •••• •••• •••• 3000": an IBAN as screens show it, only its last four characters readable. */
export function maskIban(iban: string): string {
  const electronic = electronicForm(iban);
  const hidden = electronic.slice(0, -4).replace(/[A-Z0-9]/g, '•');
  const masked = `${hidden}${electronic.slice(-4)}`;
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What the schema cannot check of the club's SEPA data: the check digits of each number. */
export function sepaCreditorErrors(sepa: SepaCreditor | null | undefined): FieldError[] {
  if (!sepa) return [];
  const errors: FieldError[] = [];
  if (sepa.creditor_name.trim().length < 2)
    errors.push({ instancePath: '/sepa/creditor_name', message: sepaTexts.blankCreditorName });
  if (!isSepaIban(sepa.creditor_iban))
    errors.push({ instancePath: '/sepa/creditor_iban', message: sepaTexts.invalidIban });
  if (sepa.creditor_bic !== undefined && !isValidBic(sepa.creditor_bic))
    errors.push({ instancePath: '/sepa/creditor_bic', message: sepaTexts.invalidBic });
  if (!isValidCreditorId(sepa.creditor_id))
    errors.push({ instancePath: '/sepa/creditor_id', message: sepaTexts.invalidCreditorId });
  return errors;
}

/** The club's SEPA data as it is recorded: numbers in electronic form, the name trimmed. */
export function recordedSepaCreditor(sepa: SepaCreditor | null): SepaCreditor | null {
  if (!sepa) return null;
  return {
    creditor_name: sepa.creditor_name.trim(),
    creditor_iban: electronicForm(sepa.creditor_iban),
    ...(sepa.creditor_bic !== undefined && { creditor_bic: electronicForm(sepa.creditor_bic) }),
    creditor_id: electronicForm(sepa.creditor_id),
  };
}

/** The SEPA settings of any settings-like value; settings recorded before SEPA lack them (none). */
export const sepaSettingsOf = (settings: { sepa?: SepaCreditor | null } | null | undefined) => ({
  sepa: settings?.sepa ?? null,
});

/** "TC Grün-Weiß e.V., IBAN •••• … 3000, Gläubiger-ID DE98ZZZ09999999999", or "keine". */
export function sepaCreditorLine(sepa: SepaCreditor | null): string {
  if (!sepa) return sepaTexts.none;
  const bic = sepa.creditor_bic ? `, BIC ${sepa.creditor_bic}` : '';
  return `${sepa.creditor_name}, IBAN ${maskIban(sepa.creditor_iban)}${bic}, Gläubiger-ID ${sepa.creditor_id}`;
}
