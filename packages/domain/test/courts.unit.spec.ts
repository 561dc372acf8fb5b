/** What a court is called, and what a club may call its courts (docs/architecture/club-time.md, "Court names"). */
import { describe, expect, it } from 'vitest';
import {
  courtName,
  courtNamesErrors,
  courtNamesTexts,
  namesOfCourts,
  trimCourtNames,
  unknownCourtText,
} from '../src/courts';
import { settingsChangeLines } from '../src/events/describe';
import { withLocalRules } from '../src/clubs/local-rules';
import { clubSettingsSchema } from '../src/schemas';
import { compileValidator, createAjv } from '../src/validation';

const validateSettings = compileValidator(createAjv(), clubSettingsSchema);

describe('courtName', () => {
  const club = { court_names: { '1': 'Center Court' } };

  it("is the court's own name when it has one", () => {
    expect(courtName(club, '1')).toBe('Center Court');
    expect(courtName(club, 1)).toBe('Center Court');
  });

  it('falls back to "Platz N" for a court without one, and for a club without any', () => {
    expect(courtName(club, '2')).toBe('Platz 2');
    expect(courtName({}, 3)).toBe('Platz 3');
    expect(courtName({ court_names: null }, '4')).toBe('Platz 4');
  });
});

describe('court names a club gives', () => {
  it('are kept trimmed, an empty one dropped, and only for courts the club still has', () => {
    expect(trimCourtNames({ '1': '  Center Court ', '2': '   ' })).toEqual({ '1': 'Center Court' });
    expect(namesOfCourts({ '1': 'A', '5': 'E' }, 4)).toEqual({ '1': 'A' });
  });

  it('pass with distinct names of at most 30 characters, counted once trimmed', () => {
    expect(courtNamesErrors({ '1': 'Center Court', '2': `  ${'x'.repeat(30)}  `, '3': '' }, 6)).toEqual([]);
  });

  it('refuse a name longer than 30 characters, in German, under its court', () => {
    expect(courtNamesErrors({ '2': 'x'.repeat(31) }, 6)).toEqual([
      { instancePath: '/court_names/2', message: courtNamesTexts.tooLong('2') },
    ]);
    expect(courtNamesTexts.tooLong('2')).toBe('Der Name von Platz 2 darf höchstens 30 Zeichen lang sein.');
  });

  it('refuse a name another court has already, case and spaces aside, and the "Platz N" of another court', () => {
    expect(courtNamesErrors({ '1': 'Halle', '3': ' halle ' }, 6)).toEqual([
      { instancePath: '/court_names/3', message: courtNamesTexts.taken('3', '1', 'halle') },
    ]);
    expect(courtNamesTexts.taken('3', '1', 'halle')).toBe(
      '„halle“ heißt schon Platz 1. Jeder Platz braucht einen eigenen Namen.',
    );
    expect(courtNamesErrors({ '1': 'Platz 2' }, 6)).toEqual([
      { instancePath: '/court_names/1', message: courtNamesTexts.taken('1', '2', 'Platz 2') },
    ]);
    // A court may keep its own "Platz N".
    expect(courtNamesErrors({ '2': 'Platz 2' }, 6)).toEqual([]);
  });

  it('refuse a name for a court the club does not have', () => {
    expect(courtNamesErrors({ '7': 'Halle' }, 6)).toEqual([
      { instancePath: '/court_names/7', message: unknownCourtText(6) },
    ]);
  });

  it('are refused by the settings schema when not an object of court numbers to short texts', () => {
    const core = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 };
    const message = 'Platznamen: je Platznummer ein Name von höchstens 30 Zeichen, ohne Steuerzeichen.';
    expect(validateSettings({ ...core, court_names: { '1': 'Center Court' } }).ok).toBe(true);
    for (const court_names of [
      { '01': 'A' },
      { '1': { name: 'A' } },
      { '1': 'a\u0007b' },
      ['A'],
      { '1': 'x'.repeat(61) },
    ]) {
      const result = validateSettings({ ...core, court_names });
      expect(result.ok ? [] : result.errors.map((e) => e.message)).toContain(message);
    }
  });

  it('read "keine" in settings recorded before them, and one line of a change in German', () => {
    const core = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 };
    const before = withLocalRules(core, { time_zone: 'Europe/Berlin' });
    expect(before.court_names).toEqual({});
    const after = { ...before, court_names: { '3': 'Halle', '1': 'Center Court' } };
    expect(settingsChangeLines({ data: { before: core, after } })).toEqual([
      'Platznamen: keine → Platz 1 „Center Court“, Platz 3 „Halle“',
    ]);
    expect(settingsChangeLines({ data: { before: after, after: { ...after } } })).toEqual([
      'ohne Änderung gespeichert',
    ]);
  });
});
