import { priceSettingsOf } from '../../src/money/prices';
import { describe, expect, it } from 'vitest';
import {
  applySettingsBody,
  defaultLocalRules,
  localRulesErrors,
  localRulesTexts,
  withLocalRules,
} from '../../src/clubs/local-rules';
import { settingsChangeLines } from '../../src/events/describe';
import { playRulesOf } from '../../src/players/play-rules';
import type { ClubSettings } from '../../src/schemas';

const core = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 };
const current: ClubSettings = {
  ...core,
  ...defaultLocalRules('Europe/Berlin'),
  ...playRulesOf({}),
  court_names: {},
  ...priceSettingsOf({}),
  sepa: null,
};

describe('saving settings', () => {
  it('keeps the club-local rules the body leaves out, takes those it names', () => {
    expect(applySettingsBody(current, { ...core, courts_count: 8 })).toEqual({ ...current, courts_count: 8 });
    expect(
      applySettingsBody(current, { ...core, booking_horizon_days: 14, time_zone: 'Pacific/Kiritimati' }),
    ).toEqual({ ...current, booking_horizon_days: 14, time_zone: 'Pacific/Kiritimati' });
  });

  it('clears the horizon with null', () => {
    const limited = { ...current, booking_horizon_days: 7 };
    expect(
      applySettingsBody(limited, { ...core, booking_horizon_days: null }).booking_horizon_days,
    ).toBeNull();
  });

  it('refuses a zone no runtime knows, in German, at the field', () => {
    expect(localRulesErrors({ time_zone: 'Mars/Olympus' })).toEqual([
      { instancePath: '/time_zone', message: localRulesTexts.unknownTimeZone('Mars/Olympus') },
    ]);
    expect(localRulesErrors({ time_zone: 'Pacific/Pago_Pago' })).toEqual([]);
    expect(localRulesErrors({})).toEqual([]);
  });
});

describe('settings recorded before the club-local rules', () => {
  it('read as the defaults, in the zone the club has', () => {
    expect(withLocalRules(core, { time_zone: 'Asia/Tokyo' })).toEqual({
      ...core,
      time_zone: 'Asia/Tokyo',
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      rules: '',
      display_names: 'initials',
      ...playRulesOf({}),
      court_names: {},
      ...priceSettingsOf({}),
      sepa: null,
    });
  });

  it('describe only what changed, and nothing of rules they never had', () => {
    expect(settingsChangeLines({ data: { before: core, after: { ...core, courts_count: 8 } } })).toEqual([
      'Plätze: 6 → 8',
    ]);
  });
});

describe('the log line of a settings change', () => {
  it('names zone, horizon, deadline and Platzordnung in German, without repeating the text', () => {
    const after: ClubSettings = {
      ...current,
      time_zone: 'Pacific/Kiritimati',
      booking_horizon_days: 14,
      cancel_deadline_hours: 24,
      rules: 'Nur mit Sandplatzschuhen.',
    };
    expect(settingsChangeLines({ data: { before: current, after } })).toEqual([
      'Zeitzone: Europe/Berlin → Pacific/Kiritimati',
      'Buchungszeitraum: unbegrenzt → 14 Tage im Voraus',
      'Stornofrist: bis Beginn → 24 Std. vor Beginn',
      'Platzordnung: keine → 25 Zeichen',
    ]);
    expect(
      settingsChangeLines({
        data: { before: after, after: { ...after, rules: 'Neu.', booking_horizon_days: null } },
      }),
    ).toEqual(['Buchungszeitraum: 14 Tage im Voraus → unbegrenzt', 'Platzordnung: geändert (4 Zeichen)']);
  });
});
