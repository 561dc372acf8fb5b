/** The Platzordnung's play rules in plain words: one sentence per rule a club set, none for defaults. */
import { describe, expect, it } from 'vitest';
import {
  defaultPlayRules,
  describePlayRules,
  formatEuros,
  formatWeekdays,
  playRulesOf,
} from '../../src/players/play-rules';
import type { PlayRules } from '../../src/schemas';

const rules = (changes: Partial<PlayRules>): PlayRules => ({ ...defaultPlayRules, ...changes });

describe('describePlayRules', () => {
  it('given a club at the defaults, says nothing', () => {
    expect(describePlayRules(defaultPlayRules)).toEqual([]);
  });

  it('given the demo club’s rules, says each in the order members need them', () => {
    expect(
      describePlayRules(
        rules({
          co_players: 'required',
          guests: true,
          guest_fee_cents: 500,
          quotas: [{ days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 }],
          quota_exempt_hours: 24,
          doubles_hours: 2,
        }),
      ),
    ).toEqual([
      'Mitspieler müssen eingetragen werden (Einzel: 1, Doppel: 3).',
      'Gäste sind erlaubt: 5,00 € pro Gast und Stunde.',
      'Mo–Fr 17–21 Uhr: höchstens 2 Stunden pro Woche.',
      'Buchungen, die innerhalb von 24 Stunden beginnen, zählen nicht zum Kontingent.',
      'Ein Doppel darf 2 Stunden dauern.',
    ]);
  });

  it('given optional co-players who count, says both', () => {
    expect(describePlayRules(rules({ co_players: 'optional', co_players_count: true }))).toEqual([
      'Mitspieler können eingetragen werden (Einzel: 1, Doppel: 3).',
      'Eingetragene Mitspieler werden wie die buchende Person gezählt: Ihre Buchungen zählen zu ihrem Reservierungslimit.',
    ]);
  });

  it('given free guests, says they cost nothing', () => {
    expect(describePlayRules(rules({ co_players: 'optional', guests: true }))).toContain(
      'Gäste sind erlaubt, ohne Gebühr.',
    );
  });

  it('given guests, counting and a doubles length while nobody is named, says none of them', () => {
    expect(
      describePlayRules(
        rules({ guests: true, guest_fee_cents: 500, co_players_count: true, doubles_hours: 2 }),
      ),
    ).toEqual([]);
  });

  it('given an exemption but no quota, leaves the exemption out', () => {
    expect(describePlayRules(rules({ quota_exempt_hours: 24 }))).toEqual([]);
  });

  it('given a one-hour quota and a one-hour exemption, speaks in the singular', () => {
    expect(
      describePlayRules(
        rules({
          quotas: [{ days: [6, 7], from_hour: 9, to_hour: 12, hours_per_week: 1 }],
          quota_exempt_hours: 1,
        }),
      ),
    ).toEqual([
      'Sa, So 9–12 Uhr: höchstens 1 Stunde pro Woche.',
      'Buchungen, die innerhalb von 1 Stunde beginnen, zählen nicht zum Kontingent.',
    ]);
  });
});

describe('formatWeekdays', () => {
  it.each([
    [[1, 2, 3, 4, 5], 'Mo–Fr'],
    [[5, 1, 3], 'Mo, Mi, Fr'],
    [[1, 2, 4, 5, 6, 7], 'Mo, Di, Do–So'],
    [[7], 'So'],
  ])('writes %j as %s', (days, text) => {
    expect(formatWeekdays(days)).toBe(text);
  });
});

describe('formatEuros', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [500, '5,00 €'],
    [10000, '100,00 €'],
    [123456, '1.234,56 €'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatEuros(cents)).toBe(text);
  });
});

describe('playRulesOf', () => {
  it('given an answer without play rules, reads the defaults', () => {
    expect(playRulesOf({})).toEqual(defaultPlayRules);
  });

  it('given an answer with them and more, keeps only the seven', () => {
    const answer = { rules: 'Text', co_players: 'required', guests: true } as Partial<PlayRules>;
    expect(playRulesOf(answer)).toEqual({ ...defaultPlayRules, co_players: 'required', guests: true });
  });
});
