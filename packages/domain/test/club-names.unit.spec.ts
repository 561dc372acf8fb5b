import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldClubName } from '../src/club-names';

describe('foldClubName', () => {
  it.each([
    ['TC Grün-Weiß', 'tc grün-weiß'],
    ['TC Grün-Weiß', 'TC GRÜN WEISS'],
    ['TC Grün-Weiß', 'TC Grun-Weiss'],
    ['TC Grün-Weiß', 'T.C. Grün–Weiß'],
    ['TC Grün-Weiß', 'TC Grün-Weiß'.normalize('NFD')],
    // Cyrillic а, Т and С, Greek Ο: look-alikes from other scripts.
    ['TC Rot-Blau', 'ТС Rot-Blаu'],
    ['TC Rot-Blau', 'TC RΟT-BLAU'],
    ['Tennisclub Köln', 'Tennisclub Kö1n'],
    ['Tennisclub Köln', 'Tennisclub Koeln'.replace('oe', 'ö')],
  ])('"%s" and "%s" are the same club name', (a, b) => {
    expect(foldClubName(a)).toBe(foldClubName(b));
  });

  it.each([
    ['TC Grün-Weiß', 'TC Blau-Weiß'],
    ['TC Rot 1', 'TC Rot 2'],
    ['SV Ost', 'SV West'],
  ])('"%s" and "%s" are different clubs', (a, b) => {
    expect(foldClubName(a)).not.toBe(foldClubName(b));
  });

  it('never fails and always answers the same for the same name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (name) => {
        expect(foldClubName(name)).toBe(foldClubName(name));
      }),
    );
  });
});
