import { describe, expect, it } from 'vitest';
import {
  changeClubSettings,
  evolveClub,
  type ChangeClubSettings,
  type ClubState,
} from '../../src/clubs/change-settings';
import type { ClubEvent } from '../../src/clubs/events';
import { adminTexts } from '../../src/admin/texts';
import type { ClubSettings } from '../../src/schemas';
import { admin, club, now, row } from '../reservations/support/fixtures';

const { _id: clubId, has_rules: _hasRules, ...clubFields } = club;
const settings: ClubSettings = { ...clubFields, rules: '' };
const registered: ClubState = { status: 'registered', settings };

const change = (changes: Partial<ClubSettings>): ChangeClubSettings => ({
  type: 'ChangeClubSettings',
  club_id: clubId,
  actor: admin,
  settings: { ...settings, ...changes },
});

const given = (...events: ClubEvent[]) => events.reduce(evolveClub, registered);

describe('when the club is registered', () => {
  it('a change records the settings before and after, the name trimmed', () => {
    expect(
      changeClubSettings(change({ courts_count: 6, name: ' TC Neu ' }), given(), { upcoming: [] }, now),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'ClubSettingsChanged',
          club_id: clubId,
          data: { before: settings, after: { ...settings, courts_count: 6, name: 'TC Neu' } },
        },
      ],
    });
  });

  it('the state after a change is what the change left', () => {
    const [event] = (
      changeClubSettings(change({ start_hour: 9 }), given(), { upcoming: [] }, now) as {
        events: ClubEvent[];
      }
    ).events;
    expect(given(event!)).toEqual({ status: 'registered', settings: { ...settings, start_hour: 9 } });
  });

  it('a change that would strand an upcoming booking is refused and names it', () => {
    const booked = row({ court_num: '4', date: '2026-11-30' });
    const decision = changeClubSettings(change({ courts_count: 3 }), given(), { upcoming: [booked] }, now);
    expect(decision).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(!decision.ok && decision.error.message).toContain(adminTexts.settingsStrand(1));
  });

  it('bookings that have all taken place do not stand in the way', () => {
    const past = row({ court_num: '4', date: '2026-11-16' });
    expect(changeClubSettings(change({ courts_count: 3 }), given(), { upcoming: [past] }, now).ok).toBe(true);
  });
});

describe('when there is no club', () => {
  it('is not found', () => {
    expect(changeClubSettings(change({}), { status: 'none' }, { upcoming: [] }, now)).toEqual({
      ok: false,
      error: { kind: 'not_found', message: adminTexts.clubNotFound },
    });
  });
});
