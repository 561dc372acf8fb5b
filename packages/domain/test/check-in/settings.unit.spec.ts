/** The club's check-in setting (docs/check-in.md): off by default, checked in German, told in plain words. */
import { describe, expect, it } from 'vitest';
import { describeCheckIn } from '../../src/check-in/texts';
import { settingsChangeLines } from '../../src/events/describe';
import { formValidator } from '../../src/form-validators';
import { requiredField } from '../../src/texts';
import { DEFAULT_PLAY_RULES, describePlayRules, playRulesOf } from '../../src/players/play-rules';

const core = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 22, reservations_limit: 2 };
const on = {
  required: true,
  opens_min: 15,
  release_after_min: 10,
  strikes: 3,
  strike_days: 28,
  pause_days: 14,
};

describe('the check-in setting', () => {
  it('is off for a club that never set it, so nothing changes for it', () => {
    expect(playRulesOf({}).check_in).toEqual({ ...on, required: false });
    expect(DEFAULT_PLAY_RULES.check_in.required).toBe(false);
    expect(describeCheckIn(playRulesOf({}).check_in)).toEqual([]);
    expect(describePlayRules(DEFAULT_PLAY_RULES)).toEqual([]);
  });

  it('is accepted whole with the club’s settings', () => {
    const result = formValidator('clubSettings')!({ ...core, check_in: on });
    expect(result.ok).toBe(true);
  });

  it('refuses a pause longer than the days no-shows count, in German', () => {
    const result = formValidator('clubSettings')!({
      ...core,
      check_in: { ...on, strike_days: 7, pause_days: 14 },
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          instancePath: '/check_in/pause_days',
          message: 'Die Pause dauert mindestens 1 Tag und höchstens so viele Tage, wie Versäumnisse zählen.',
        },
      ],
    });
  });

  it('refuses a release later than the hour, and a setting with a field missing, in German', () => {
    const late = formValidator('clubSettings')!({ ...core, check_in: { ...on, release_after_min: 60 } });
    expect(late.ok || late.errors[0]!.message).toBe('Die Freigabe erfolgt 1 bis 59 Minuten nach Beginn.');
    const { strikes: _left, ...partial } = on;
    const missing = formValidator('clubSettings')!({ ...core, check_in: partial });
    expect(missing.ok || missing.errors[0]).toEqual({
      instancePath: '/check_in/strikes',
      message: requiredField,
    });
    const notAnObject = formValidator('clubSettings')!({ ...core, check_in: true });
    expect(notAnObject.ok || notAnObject.errors[0]!.message).toMatch(/^Check-in: bitte/);
  });

  it('is logged in one line when it changes', () => {
    expect(settingsChangeLines({ data: { before: core, after: { ...core, check_in: on } } })).toEqual([
      'Check-in: aus → an (15 Min. vorher, Freigabe 10 Min. danach, 3 Versäumnisse in 28 Tagen: 14 Tage Pause)',
    ]);
  });

  it('is told to members in plain words on the Platzordnung page', () => {
    expect(describeCheckIn(on)).toEqual([
      'Bitte checken Sie ein, wenn Sie da sind: in der App mit „Ich bin da“ oder am Aushang im Clubhaus mit Ihrer PIN, ab 15 Minuten vor Beginn.',
      'Hat 10 Minuten nach Beginn niemand eingecheckt, wird der Platz freigegeben und kann von allen gebucht werden.',
      'Wer 3-mal innerhalb von 28 Tagen nicht erscheint, kann 14 Tage lang nicht selbst buchen.',
    ]);
  });
});
