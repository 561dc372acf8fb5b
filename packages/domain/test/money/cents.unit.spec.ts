import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroAmount, formatEuros, splitCents, sumCents, toCents } from '../../src/cents';

describe('cents', () => {
  it('are whole numbers: a fraction of a cent, a float or NaN is refused', () => {
    expect(toCents(2100)).toBe(2100);
    expect(() => toCents(0.5)).toThrow(RangeError);
    expect(() => toCents(21.1)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => sumCents([100, 0.1])).toThrow(RangeError);
  });

  it('are written in German with a non-breaking space before the sign', () => {
    expect(formatEuros(2100)).toBe('21,00\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(123450)).toBe('1.234,50\u00a0€');
    expect(formatEuros(-300)).toBe('-3,00\u00a0€');
    expect(euroAmount(100000000)).toBe('1.000.000,00');
    expect(euroAmount(-5)).toBe('-0,05');
  });

  it('shared by three: the booker takes the remainder cent', () => {
    expect(splitCents(toCents(1000), 3)).toEqual([334, 333, 333]);
    expect(splitCents(toCents(2100), 2)).toEqual([1050, 1050]);
    expect(splitCents(toCents(1), 4)).toEqual([1, 0, 0, 0]);
  });

  it('shared by anyone add up to the total exactly, the first share largest by less than the parts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 4 }), (total, parts) => {
        const shares = splitCents(toCents(total), parts);
        expect(shares).toHaveLength(parts);
        expect(sumCents(shares)).toBe(total);
        for (const share of shares.slice(1)) {
          expect(share).toBe(shares[1]);
          expect(shares[0]! - share).toBeLessThan(parts);
          expect(shares[0]! - share).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('write every amount back to its digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        const digits = euroAmount(cents).replace(/[.,]/g, '');
        expect(Number(digits)).toBe(cents);
      }),
    );
  });
});
