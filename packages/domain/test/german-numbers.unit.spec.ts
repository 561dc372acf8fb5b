import { describe, expect, it } from 'vitest';
import { germanInteger } from '../src/german-numbers';

describe('germanInteger', () => {
  it('groups thousands with dots, as de-DE formats whole numbers', () => {
    const samples = [0, 7, 42, 999, 1000, 1234, 5000, 12_345, 999_999, 1_000_000, 1_234_567_890];
    for (const value of [...samples, ...samples.map((sample) => -sample).filter(Boolean)]) {
      expect(germanInteger(value)).toBe(value.toLocaleString('de-DE', { maximumFractionDigits: 0 }));
    }
  });

  it('rounds a fraction to the nearest whole number', () => {
    expect(germanInteger(1999.6)).toBe('2.000');
    expect(germanInteger(-0.2)).toBe('0');
  });
});
