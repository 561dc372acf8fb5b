import { priceSettingsOf } from '../../src/money/prices';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../src/blocks/blocks';
import { defaultLocalRules, withLocalRules } from '../../src/clubs/local-rules';
import {
  displayDay,
  displayName,
  nextFreeHours,
  shownHours,
  type DisplayCourt,
} from '../../src/display/screen';
import { displayNamesLabels } from '../../src/display/texts';
import { settingsChangeLines } from '../../src/events/describe';
import type { Named } from '../../src/names';
import { playRulesOf } from '../../src/players/play-rules';
import type { ClubSettings } from '../../src/schemas';
import type { Reservation } from '../../src/types';

const steffi: Named = { first_name: 'Steffi', last_name: 'Graf' };
const club = { name: 'TC Grün', courts_count: 2, start_hour: 8, end_hour: 12, time_zone: 'Europe/Berlin' };
const DAY = '2026-06-01';

function booking(over: Partial<Reservation>): Reservation {
  return {
    _id: 'r1',
    club_id: 'c',
    user_id: 'u1',
    court_num: '1',
    start_time: 9,
    end_time: 10,
    date: DAY,
    recurring: false,
    deleted_dates: [],
    ...over,
  };
}

const block: Block = {
  _id: 'b1',
  club_id: 'c',
  court_nums: ['2'],
  from: `${DAY}T10:00`,
  until: `${DAY}T12:00`,
  reason: 'Platzpflege',
};

const dayWith = (displayNames: 'none' | 'initials' | 'full', reservations: Reservation[]) =>
  displayDay({
    club,
    displayNames,
    date: DAY,
    clubSeq: 7,
    reservations,
    blocks: [block],
    people: new Map([['u1', steffi]]),
  });

describe('how the clubhouse screen names a holder', () => {
  it('as the club chose: nobody, "S. G." or "Steffi Graf"', () => {
    expect(displayName(steffi, 'none')).toBeNull();
    expect(displayName(steffi, 'initials')).toBe('S. G.');
    expect(displayName(steffi, 'full')).toBe('Steffi Graf');
  });

  it('never names an erased member or someone it does not know', () => {
    expect(displayName({ first_name: null, last_name: null }, 'full')).toBeNull();
    expect(displayName(undefined, 'initials')).toBeNull();
  });
});

describe('the screen’s day', () => {
  it('has every court and hour: booked with the holder as chosen, blocked with its reason, else free', () => {
    const day = dayWith('initials', [booking({})]);
    expect(day).toMatchObject({ club_name: 'TC Grün', date: DAY, club_seq: 7 });
    expect(day.courts.map((court) => court.slots.map((slot) => [slot.hour, slot.state, slot.text]))).toEqual([
      [
        [8, 'free', null],
        [9, 'booked', 'S. G.'],
        [10, 'free', null],
        [11, 'free', null],
      ],
      [
        [8, 'free', null],
        [9, 'free', null],
        [10, 'blocked', 'Platzpflege'],
        [11, 'blocked', 'Platzpflege'],
      ],
    ]);
  });

  it('shows a booking’s label whatever the names setting, and no name when the club shows none', () => {
    const labelled = dayWith('none', [booking({ label: 'Training', user_id: 'admin' })]);
    expect(labelled.courts[0]!.slots[1]!.text).toBe('Training');
    expect(dayWith('none', [booking({})]).courts[0]!.slots[1]!).toEqual({
      hour: 9,
      state: 'booked',
      text: null,
    });
  });

  it('calls each court as the club does: its own name, else "Platz N"', () => {
    const named = displayDay({
      club: { ...club, court_names: { '2': 'Center Court' } },
      displayNames: 'initials',
      date: DAY,
      clubSeq: 1,
      reservations: [],
      blocks: [],
      people: new Map(),
    });
    expect(named.courts.map((court) => court.name)).toEqual(['Platz 1', 'Center Court']);
  });

  it('holds no ids: what a public screen is sent', () => {
    expect(JSON.stringify(dayWith('full', [booking({})]))).not.toMatch(/"u1"|"r1"|"b1"/);
  });
});

describe('a court’s next free hours', () => {
  const court = (states: ('free' | 'booked')[]): DisplayCourt => ({
    court: 1,
    name: 'Platz 1',
    slots: states.map((state, i) => ({ hour: 8 + i, state, text: null })),
  });

  it('are the first run of free hours from the current hour on', () => {
    const c = court(['free', 'booked', 'free', 'free', 'booked', 'free']);
    expect(nextFreeHours(c, { date: DAY, hour: 8 }, DAY)).toEqual({ from: 8, to: 9 });
    expect(nextFreeHours(c, { date: DAY, hour: 9 }, DAY)).toEqual({ from: 10, to: 12 });
    expect(nextFreeHours(c, { date: DAY, hour: 11 }, DAY)).toEqual({ from: 11, to: 12 });
  });

  it('are none once the day has nothing free left, or is over', () => {
    expect(nextFreeHours(court(['free', 'booked']), { date: DAY, hour: 9 }, DAY)).toBeNull();
    expect(nextFreeHours(court(['free']), { date: '2026-06-02', hour: 0 }, DAY)).toBeNull();
  });
});

describe('the hours the screen shows', () => {
  const hours = [8, 9, 10, 11, 12, 13];

  it('are those from the current hour on, today', () => {
    expect(shownHours(hours, { date: DAY, hour: 11 }, DAY)).toEqual([11, 12, 13]);
    expect(shownHours(hours, { date: DAY, hour: 6 }, DAY)).toEqual(hours);
  });

  it('are the whole day before it begins, and the last hour once it is over, never none', () => {
    expect(shownHours(hours, { date: '2026-05-31', hour: 23 }, DAY)).toEqual(hours);
    expect(shownHours(hours, { date: DAY, hour: 20 }, DAY)).toEqual([13]);
    expect(shownHours(hours, { date: '2026-06-02', hour: 0 }, DAY)).toEqual([13]);
    expect(shownHours([], { date: DAY, hour: 9 }, DAY)).toEqual([]);
  });
});

describe('the display_names setting in the log', () => {
  const core = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 };

  it('replays as initials from settings recorded before it existed', () => {
    expect(withLocalRules(core, { time_zone: 'Europe/Berlin' }).display_names).toBe('initials');
  });

  it('is one line of a settings change, in German', () => {
    const before: ClubSettings = {
      ...core,
      ...defaultLocalRules('Europe/Berlin'),
      ...playRulesOf({}),
      court_names: {},
      ...priceSettingsOf({}),
      sepa: null,
    };
    const after: ClubSettings = { ...before, display_names: 'full' };
    expect(settingsChangeLines({ data: { before, after } })).toEqual([
      `Namen im Aushang: ${displayNamesLabels.initials} → ${displayNamesLabels.full}`,
    ]);
  });
});
