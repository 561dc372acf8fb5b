/**
 * Our collection files against the official pain.008.001.08 XSD (docs/architecture/money.md, "SEPA
 * direct debit"): first and recurring debits, names outside the SEPA set, a creditor without BIC,
 * and a broken file that the check must catch.
 */
import { describe, expect, it } from 'vitest';
import { pain008, type Collection } from '../../src/sepa/pain008';
import { validatePain008 } from '../support/pain008-schema';

const collection: Collection = {
  message_id: 'PB-20261201-0001',
  created_at: new Date('2026-11-29T07:00:00.123Z'),
  collection_date: '2026-12-05',
  creditor: {
    creditor_name: 'TC Grün-Weiß Dörfchen e.V.',
    creditor_iban: 'DE89370400440532013000',
    creditor_bic: 'COBADEFFXXX',
    creditor_id: 'DE98ZZZ09999999999',
  },
  debits: [
    {
      end_to_end_id: 'PB-1a2b3c4d5e6f',
      cents: 2100,
      mandate_reference: 'PB-M-000001',
      mandate_signed_on: '2026-11-01',
      sequence: 'FRST',
      debtor_name: 'Jürgen Müller-Lüdenscheidt',
      debtor_iban: 'DE02120300000000202051',
      remittance: 'Platzbuchung November 2026, TC Grün-Weiß & Söhne „Halle“',
    },
    {
      end_to_end_id: 'PB-2b3c4d5e6f7a',
      cents: 5,
      mandate_reference: 'PB-M-000002',
      mandate_signed_on: '2026-06-15',
      sequence: 'RCUR',
      debtor_name: 'Zoë Ørsted-Łukasiewicz',
      debtor_iban: 'AT611904300234573201',
      remittance: 'Platzbuchung November 2026',
    },
  ],
};

describe('a collection file against the official XSD', () => {
  it('when it has first and recurring debits with names outside the SEPA set, then it is valid', async () => {
    const verdict = await validatePain008(pain008(collection));
    expect(verdict.output).toContain('validates');
    expect(verdict.valid).toBe(true);
  });

  it('when the creditor gives no BIC and a debit has no text, then it is still valid', async () => {
    const { creditor_bic: _bic, ...withoutBic } = collection.creditor;
    const xml = pain008({
      ...collection,
      creditor: withoutBic,
      debits: [{ ...collection.debits[0]!, remittance: '   ' }],
    });
    expect(xml).toContain('<Id>NOTPROVIDED</Id>');
    expect(xml).not.toContain('RmtInf');
    expect((await validatePain008(xml)).valid).toBe(true);
  });

  it('when a file breaks the schema, then the check says so (it is not a check that passes anything)', async () => {
    const broken = pain008(collection).replace('<SeqTp>FRST</SeqTp>', '<SeqTp>ONCE</SeqTp>');
    const verdict = await validatePain008(broken);
    expect(verdict.valid).toBe(false);
    expect(verdict.output).toContain('SeqTp');
  });
});
