import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sepaText } from '../../../src/money/sepa/characters';

describe('a text in the SEPA character set', () => {
  it.each([
    ['Jürgen Müller-Lüdenscheidt', 'Juergen Mueller-Luedenscheidt'],
    ['ÄRGER Öl Übung Straße', 'AeRGER Oel Uebung Strasse'],
    ['José Núñez Ça', 'Jose Nunez Ca'],
    ['Søren Ærø Łódź', 'Soeren Aeroe Lodz'],
    ['Tennis & Golf „Rot-Weiß“', "Tennis + Golf 'Rot-Weiss'"],
    ['a\u00a0b\tc  d', 'a b c d'],
    ['Anna <script> Muster', 'Anna script Muster'],
    ['王小明', ''],
  ])('writes %j as %j', (text, expected) => {
    expect(sepaText(text, 70)).toBe(expected);
  });

  it('is cut to the length the field takes, without a blank at its end', () => {
    expect(sepaText('Platzbuchung November', 13)).toBe('Platzbuchung');
  });

  it('given any text, then only the allowed characters remain, within the length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 1, max: 140 }), (text, max) => {
        const written = sepaText(text, max);
        expect(written).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]*$/);
        expect(written.length).toBeLessThanOrEqual(max);
        expect(written).toBe(written.trim());
      }),
    );
  });
});
