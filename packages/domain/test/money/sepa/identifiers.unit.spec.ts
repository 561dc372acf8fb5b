import { describe, expect, it } from 'vitest';
import {
  electronicForm,
  isSepaIban,
  isValidBic,
  isValidCreditorId,
  maskIban,
  recordedSepaCreditor,
  sepaCreditorErrors,
  sepaCreditorLine,
} from '../../../src/money/sepa/identifiers';
import { sepaTexts } from '../../../src/money/sepa/texts';

const creditor = {
  creditor_name: 'TC Grün-Weiß e.V.',
  creditor_iban: 'DE89 3704 0044 0532 0130 00',
  creditor_id: 'DE98ZZZ09999999999',
};

describe('an IBAN', () => {
  it('is valid when its check digits hold, typed with spaces and small letters too', () => {
    expect(isSepaIban('DE89370400440532013000')).toBe(true);
    expect(isSepaIban('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(isSepaIban('AT611904300234573201')).toBe(true);
  });

  it('is refused when a digit is wrong, it is too short, or its country is outside SEPA', () => {
    expect(isSepaIban('DE89370400440532013001')).toBe(false);
    expect(isSepaIban('DE8937040044053201300')).toBe(false);
    // Brazil has IBANs, but no SEPA direct debit.
    expect(isSepaIban('BR1800360305000010009795493C1')).toBe(false);
  });

  it('is shown with only its last four characters readable', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('•••• •••• •••• •••• ••30 00');
    expect(maskIban('AT611904300234573201')).toBe('•••• •••• •••• •••• 3201');
  });
});

describe('a BIC', () => {
  it('has 8 or 11 characters of the right kind', () => {
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('cobadeff')).toBe(true);
    expect(isValidBic('COBADEFFXX')).toBe(false);
    expect(isValidBic('C0BADEFF')).toBe(false);
  });
});

describe('a Gläubiger-ID', () => {
  it('is valid when its check digits hold over the national part, the business code left out', () => {
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorId('de98 zzz 0999 9999 999')).toBe(true);
    // The business code may be anything: it is not part of the check.
    expect(isValidCreditorId('DE98ABC09999999999')).toBe(true);
  });

  it('is refused when a digit is wrong or a German id has not eleven digits', () => {
    expect(isValidCreditorId('DE97ZZZ09999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ09999999998')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ0999999999')).toBe(false);
    expect(isValidCreditorId('US98ZZZ09999999999')).toBe(false);
  });
});

describe("the club's SEPA data", () => {
  it('when every number holds, then there is nothing to say, and it is recorded in electronic form', () => {
    expect(sepaCreditorErrors(creditor)).toEqual([]);
    expect(sepaCreditorErrors(null)).toEqual([]);
    expect(recordedSepaCreditor({ ...creditor, creditor_bic: 'cobadeffxxx' })).toEqual({
      creditor_name: 'TC Grün-Weiß e.V.',
      creditor_iban: 'DE89370400440532013000',
      creditor_bic: 'COBADEFFXXX',
      creditor_id: 'DE98ZZZ09999999999',
    });
    expect(electronicForm(' de89 3704 ')).toBe('DE893704');
  });

  it('when the check digits fail, then each number says so under its own field', () => {
    expect(
      sepaCreditorErrors({
        creditor_name: '  ',
        creditor_iban: 'DE89370400440532013001',
        creditor_bic: 'COBADEFFXX',
        creditor_id: 'DE97ZZZ09999999999',
      }),
    ).toEqual([
      { instancePath: '/sepa/creditor_name', message: sepaTexts.blankCreditorName },
      { instancePath: '/sepa/creditor_iban', message: sepaTexts.invalidIban },
      { instancePath: '/sepa/creditor_bic', message: sepaTexts.invalidBic },
      { instancePath: '/sepa/creditor_id', message: sepaTexts.invalidCreditorId },
    ]);
  });

  it('reads in the admin log with the IBAN masked', () => {
    expect(sepaCreditorLine(recordedSepaCreditor(creditor))).toBe(
      'TC Grün-Weiß e.V., IBAN •••• •••• •••• •••• ••30 00, Gläubiger-ID DE98ZZZ09999999999',
    );
    expect(sepaCreditorLine(null)).toBe('keine');
  });
});
