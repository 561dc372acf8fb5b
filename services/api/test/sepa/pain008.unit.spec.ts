/**
 * The collection file's numbers and blocks (docs/architecture/money.md, "SEPA direct debit"): the
 * control sums are the integer sum of the debits for any amounts, each mandate's first debit is
 * `FRST` and later ones `RCUR`, names are written in the SEPA set. The file is read back with an XML
 * parser, as a bank would, not searched as text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { decimalOfCents, pain008, type Collection, type DirectDebit } from '../../src/sepa/pain008';

const debit = (overrides: Partial<DirectDebit> = {}): DirectDebit => ({
  end_to_end_id: 'PB-0001',
  cents: 2100,
  mandate_reference: 'PB-M-000001',
  mandate_signed_on: '2026-11-01',
  sequence: 'RCUR',
  debtor_name: 'Anna Muster',
  debtor_iban: 'DE02120300000000202051',
  remittance: 'Platzbuchung November 2026',
  ...overrides,
});

const collectionOf = (debits: DirectDebit[]): Collection => ({
  message_id: 'PB-20261201-0001',
  created_at: new Date('2026-11-29T07:00:00Z'),
  collection_date: '2026-12-05',
  creditor: {
    creditor_name: 'TC Grün-Weiß e.V.',
    creditor_iban: 'DE89370400440532013000',
    creditor_id: 'DE98ZZZ09999999999',
  },
  debits,
});

/** The part of the parser's DOM the tests read (the API's compiler has no DOM types). */
interface XmlElement {
  textContent: string | null;
  getElementsByTagName(name: string): Iterable<XmlElement> & ArrayLike<XmlElement>;
}

/** The document read back: the texts of every element of a name, in order. */
function read(xml: string) {
  const root = create(xml).root().node as unknown as XmlElement;
  const texts = (name: string, within: XmlElement = root) =>
    [...within.getElementsByTagName(name)].map((element) => element.textContent ?? '');
  const blocks = [...root.getElementsByTagName('PmtInf')];
  return { root, texts, blocks };
}

/** "12.34" → 1234n: the file's decimal read back into cents by its digits. */
const centsOf = (decimal: string): bigint => {
  const [euros, cents] = decimal.split('.') as [string, string];
  expect(cents).toHaveLength(2);
  return BigInt(euros) * 100n + BigInt(cents);
};

describe('amounts', () => {
  it('are written with two decimals by moving the point in the digits', () => {
    expect(decimalOfCents(0n)).toBe('0.00');
    expect(decimalOfCents(5n)).toBe('0.05');
    expect(decimalOfCents(2100n)).toBe('21.00');
    expect(decimalOfCents(99_999_999_999n)).toBe('999999999.99');
    expect(decimalOfCents(12_345_678_901_234_567n)).toBe('123456789012345.67');
  });

  it('given any list of odd amounts, when collected, then NbOfTxs counts them and every CtrlSum is their integer sum', () => {
    const amounts = fc.array(fc.integer({ min: 1, max: 99_999_999_999 }), { minLength: 1, maxLength: 40 });
    const sequences = fc.array(fc.constantFrom<'FRST' | 'RCUR'>('FRST', 'RCUR'), {
      minLength: 40,
      maxLength: 40,
    });
    fc.assert(
      fc.property(amounts, sequences, (cents, kinds) => {
        const debits = cents.map((amount, index) =>
          debit({ cents: amount, end_to_end_id: `PB-${index}`, sequence: kinds[index]! }),
        );
        const { root, texts, blocks } = read(pain008(collectionOf(debits)));
        const header = root.getElementsByTagName('GrpHdr')[0]!;
        const total = cents.reduce((sum, amount) => sum + BigInt(amount), 0n);
        expect(texts('NbOfTxs', header)).toEqual([String(cents.length)]);
        expect(centsOf(texts('CtrlSum', header)[0]!)).toBe(total);
        expect(
          texts('InstdAmt')
            .map(centsOf)
            .reduce((sum, amount) => sum + amount, 0n),
        ).toBe(total);
        for (const block of blocks) {
          const amountsInBlock = texts('InstdAmt', block).map(centsOf);
          expect(texts('NbOfTxs', block)).toEqual([String(amountsInBlock.length)]);
          expect(centsOf(texts('CtrlSum', block)[0]!)).toBe(amountsInBlock.reduce((a, b) => a + b, 0n));
        }
      }),
    );
  });

  it('that are not whole cents above zero are refused, never rounded', () => {
    for (const cents of [0, -100, 21.5, Number.NaN, 100_000_000_000]) {
      expect(() => pain008(collectionOf([debit({ cents })]))).toThrow('amount');
    }
  });
});

describe('sequence types', () => {
  it("when mandates' first and later debits are collected together, then each kind has its own block", () => {
    const { texts, blocks } = read(
      pain008(
        collectionOf([
          debit({ end_to_end_id: 'PB-1', sequence: 'RCUR', cents: 100 }),
          debit({ end_to_end_id: 'PB-2', sequence: 'FRST', cents: 250 }),
          debit({ end_to_end_id: 'PB-3', sequence: 'RCUR', cents: 300 }),
        ]),
      ),
    );
    expect(texts('SeqTp')).toEqual(['FRST', 'RCUR']);
    expect(blocks.map((block) => texts('EndToEndId', block))).toEqual([['PB-2'], ['PB-1', 'PB-3']]);
    expect(texts('PmtInfId')).toEqual(['PB-20261201-0001-FRST', 'PB-20261201-0001-RCUR']);
  });

  it('when only recurring debits are collected, then there is no first block', () => {
    expect(read(pain008(collectionOf([debit()]))).texts('SeqTp')).toEqual(['RCUR']);
  });
});

describe('the parties', () => {
  it('name the creditor with its IBAN and Gläubiger-ID, and each debit its mandate, debtor and text', () => {
    const { texts } = read(pain008(collectionOf([debit({ sequence: 'FRST' })])));
    expect(texts('Nm')).toEqual(['TC Gruen-Weiss e.V.', 'TC Gruen-Weiss e.V.', 'Anna Muster']);
    expect(texts('IBAN')).toEqual(['DE89370400440532013000', 'DE02120300000000202051']);
    expect(texts('Prtry')).toEqual(['SEPA']);
    expect(texts('MndtId')).toEqual(['PB-M-000001']);
    expect(texts('DtOfSgntr')).toEqual(['2026-11-01']);
    expect(texts('Ustrd')).toEqual(['Platzbuchung November 2026']);
    expect(texts('ReqdColltnDt')).toEqual(['2026-12-05']);
    expect(texts('CreDtTm')).toEqual(['2026-11-29T07:00:00Z']);
  });

  it('write names and texts in the SEPA character set, umlauts spelled out, markup escaped by the builder', () => {
    const { texts } = read(
      pain008(
        collectionOf([
          debit({
            debtor_name: 'Jürgen Müller-Lüdenscheidt',
            remittance: 'Halle <Süd> & Außenplätze „Sommer“',
          }),
        ]),
      ),
    );
    expect(texts('Nm')[2]).toBe('Juergen Mueller-Luedenscheidt');
    expect(texts('Ustrd')).toEqual(["Halle Sued + Aussenplaetze 'Sommer'"]);
  });

  it('refuse a debtor whose name says nothing in the SEPA set, and ids outside it', () => {
    expect(() => pain008(collectionOf([debit({ debtor_name: '王小明' })]))).toThrow('debtor name');
    expect(() => pain008(collectionOf([debit({ end_to_end_id: 'PB//1' })]))).toThrow('debit id');
    expect(() => pain008(collectionOf([]))).toThrow('at least one debit');
  });
});
