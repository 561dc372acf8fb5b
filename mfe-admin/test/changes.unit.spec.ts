import { describe, expect, it } from 'vitest';
import { describeChange } from '../src/features/club-settings/changes';
import type { ClubChange } from '../src/features/club-settings/api';
import { STEFFI } from './fixtures';

const base = { position: 1, occurred_at: '2026-11-22T08:00:00.000Z', actor: STEFFI };
const settings = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 };

describe('the record of changes', () => {
  it('lists only the settings that changed, hours as times', () => {
    const change: ClubChange = {
      ...base,
      kind: 'settings_changed',
      data: { before: settings, after: { ...settings, courts_count: 8, end_hour: 22 } },
    };
    expect(describeChange(change, new Map())).toEqual({
      title: 'Einstellungen geändert',
      lines: ['Plätze: 6 → 8', 'Spielzeit bis: 21:00 Uhr → 22:00 Uhr'],
    });
  });

  it('names whose role changed', () => {
    const change: ClubChange = {
      ...base,
      kind: 'role_changed',
      data: { user_id: STEFFI._id, before: 'player', after: 'admin' },
    };
    expect(describeChange(change, new Map([[STEFFI._id, STEFFI]])).lines).toEqual([
      'Steffi Graf: Spieler → Administrator',
    ]);
  });

  it('says "Gelöschtes Mitglied" for a member who is no longer in the club (erased)', () => {
    const change: ClubChange = {
      ...base,
      kind: 'role_changed',
      data: { user_id: 'erased-member', before: 'player', after: 'admin' },
    };
    expect(describeChange(change, new Map([[STEFFI._id, STEFFI]])).lines).toEqual([
      'Gelöschtes Mitglied: Spieler → Administrator',
    ]);
  });
});
