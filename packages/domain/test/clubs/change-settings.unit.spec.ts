/** The club stream's decider as given / when / then, grouped by the club's state. */
import { priceSettingsOf } from '../../src/money/prices';
import { describe, expect, it } from 'vitest';
import {
  changeClubSettings,
  evolveClub,
  type ChangeClubSettings,
  type ChangeClubSettingsContext,
  type ClubState,
} from '../../src/clubs/change-settings';
import type { ClubEvent } from '../../src/clubs/events';
import { adminTexts } from '../../src/admin/texts';
import type { LocalMoment } from '../../src/dates';
import { DEFAULT_PLAY_RULES } from '../../src/players/play-rules';
import type { ClubSettings } from '../../src/schemas';
import { deciderSpecification } from '../support/decider-specification';
import { admin, club, now, row } from '../reservations/support/fixtures';

const { _id: clubId, has_rules: _hasRules, ...clubFields } = club;
const settings: ClubSettings = {
  ...clubFields,
  rules: '',
  display_names: 'initials',
  ...DEFAULT_PLAY_RULES,
  quotas: [],
  court_names: {},
  ...priceSettingsOf({}),
  sepa: null,
};
const registered: ClubState = { status: 'registered', settings };

/** A club's stream begins at registration, which writes its first settings outside the log. */
const clubFrom = (initialState: ClubState) =>
  deciderSpecification({
    initialState,
    evolve: evolveClub,
    decide: (command: ChangeClubSettings, state, context: ChangeClubSettingsContext & { now: LocalMoment }) =>
      changeClubSettings(command, state, context, context.now),
  });

const change = (changes: Partial<ClubSettings>): ChangeClubSettings => ({
  type: 'ChangeClubSettings',
  club_id: clubId,
  actor: admin,
  settings: { ...settings, ...changes },
});

const changed = (before: ClubSettings, after: ClubSettings): ClubEvent => ({
  type: 'ClubSettingsChanged',
  club_id: clubId,
  data: { before, after },
});

const nothingUpcoming = { upcoming: [], now };

describe('when the club is registered', () => {
  const club = clubFrom(registered);

  it('a change records the settings before and after, the name trimmed', () => {
    club
      .given()
      .when(change({ courts_count: 6, name: ' TC Neu ' }), nothingUpcoming)
      .then([changed(settings, { ...settings, courts_count: 6, name: 'TC Neu' })]);
  });

  it('a later change starts from what the earlier one left', () => {
    const six = { ...settings, courts_count: 6 };
    club
      .given(changed(settings, six))
      .when(change({ courts_count: 6, start_hour: 9 }), nothingUpcoming)
      .then([changed(six, { ...six, start_hour: 9 })]);
  });

  it('keeps court names trimmed, and a court given up takes its name with it', () => {
    const named = { ...settings, courts_count: 4, court_names: { '1': 'Center Court', '4': 'Halle' } };
    club
      .given(changed(settings, named))
      .when(
        change({ courts_count: 3, court_names: { '1': ' Center Court ', '4': 'Halle' } }),
        nothingUpcoming,
      )
      .then([changed(named, { ...named, courts_count: 3, court_names: { '1': 'Center Court' } })]);
  });

  it('names left out of a change stay, and an emptied name is dropped', () => {
    const named = { ...settings, courts_count: 4, court_names: { '1': 'Center Court', '2': 'Halle' } };
    const { court_names: _left, ...withoutNames } = named;
    club
      .given(changed(settings, named))
      .when({ ...change({}), settings: { ...withoutNames, start_hour: 9 } }, nothingUpcoming)
      .then([changed(named, { ...named, start_hour: 9 })]);
    club
      .given(changed(settings, named))
      .when(change({ courts_count: 4, court_names: { '1': 'Center Court', '2': '  ' } }), nothingUpcoming)
      .then([changed(named, { ...named, court_names: { '1': 'Center Court' } })]);
  });

  it('a change that would strand an upcoming booking is refused and names it', () => {
    const booked = row({ court_num: '4', date: '2026-11-30' });
    const outcome = club.given().when(change({ courts_count: 3 }), { upcoming: [booked], now });
    outcome.thenFails('conflict');
    expect(!outcome.decision.ok && outcome.decision.error.message).toContain(adminTexts.settingsStrand(1));
  });

  it('bookings that have all taken place do not stand in the way', () => {
    const past = row({ court_num: '4', date: '2026-11-16' });
    club
      .given()
      .when(change({ courts_count: 3 }), { upcoming: [past], now })
      .then([changed(settings, { ...settings, courts_count: 3 })]);
  });
});

describe('when there is no club', () => {
  it('is not found', () => {
    clubFrom({ status: 'none' })
      .given()
      .when(change({}), nothingUpcoming)
      .thenFails('not_found', adminTexts.clubNotFound);
  });
});
