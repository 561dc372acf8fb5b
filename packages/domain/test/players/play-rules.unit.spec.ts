import { describe, expect, it } from 'vitest';
import { withLocalRules } from '../../src/clubs/local-rules';
import { settingsChangeLines } from '../../src/events/describe';
import {
  DEFAULT_PLAY_RULES,
  describePlayRules,
  playRulesOf,
  quotaWindowText,
  weekdaysText,
} from '../../src/players/play-rules';

const core = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 22, reservations_limit: 2 };
const primeTime = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 };

describe('play rules recorded before they existed', () => {
  it('read as the defaults, which keep every club as it was', () => {
    expect(playRulesOf({})).toEqual(DEFAULT_PLAY_RULES);
    expect(withLocalRules(core, { time_zone: 'Europe/Berlin' })).toMatchObject(DEFAULT_PLAY_RULES);
  });

  it('log nothing as changed when both sides lack them', () => {
    expect(settingsChangeLines({ data: { before: core, after: core } })).toEqual([
      'ohne Änderung gespeichert',
    ]);
  });

  it('log each changed play rule in German against its default', () => {
    const after = { ...core, co_players: 'required' as const, guest_fee_cents: 500, quotas: [primeTime] };
    expect(settingsChangeLines({ data: { before: core, after } })).toEqual([
      'Mitspieler: keine → Pflicht',
      'Gastgebühr: 0,00\u00a0€ → 5,00\u00a0€',
      'Kontingente: keine → Mo–Fr 17–21 Uhr 2 Std./Woche',
    ]);
  });
});

describe('the play rules in plain words', () => {
  it('name weekdays as runs', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('Mo–Fr');
    expect(weekdaysText([6, 7])).toBe('Sa, So');
    expect(weekdaysText([3, 1, 4, 5])).toBe('Mo, Mi–Fr');
    expect(quotaWindowText(primeTime)).toBe('Mo–Fr 17–21 Uhr');
  });

  it('say nothing for the defaults', () => {
    expect(describePlayRules(DEFAULT_PLAY_RULES)).toEqual([]);
  });

  it('say what a club with every rule asks of its members', () => {
    expect(
      describePlayRules(
        playRulesOf({
          co_players: 'required',
          co_players_count: true,
          doubles_hours: 2,
          guests: true,
          guest_fee_cents: 500,
          quotas: [primeTime],
          quota_exempt_hours: 24,
        }),
      ),
    ).toEqual([
      'Bei jeder Reservierung sind alle Mitspieler einzutragen: 1 im Einzel, 3 im Doppel.',
      'Eingetragene Mitspieler zählen wie die Buchenden zum Reservierungslimit.',
      'Ein Doppel darf 2 Stunden dauern, ein Einzel 1 Stunde.',
      'Gäste dürfen mitspielen; die Gastgebühr beträgt 5,00\u00a0€ pro Gast und Stunde.',
      'Mo–Fr 17–21 Uhr: höchstens 2 Stunden pro Woche.',
      'Wer kurzfristig bucht (höchstens 24 Stunden vor Beginn), ist davon ausgenommen.',
    ]);
  });
});
