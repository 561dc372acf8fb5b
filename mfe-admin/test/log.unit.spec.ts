import { describe, expect, it } from 'vitest';
import {
  emptyFilter,
  entryView,
  eventDay,
  filterFromSearch,
  filterQuery,
  madeDetails,
  mergeNewer,
  mergeOlder,
  missingReservationIds,
  newestPosition,
  reservationOf,
  searchFromFilter,
} from '../src/features/event-log/log';
import type { LogEvent } from '../src/shared/events-api';
import { R1, R2, STEFFI, cancelled, made } from './fixtures';

describe('the log filter', () => {
  it('survives the address bar both ways', () => {
    const filter = {
      from: '2026-11-01',
      to: '2026-11-30',
      type: 'ReservationCancelled',
      userId: STEFFI._id,
      reservationId: '',
    } as const;
    expect(filterFromSearch(searchFromFilter(filter))).toEqual(filter);
    expect(searchFromFilter(emptyFilter).toString()).toBe('');
  });

  it('ignores what is malformed instead of sending it', () => {
    const search = new URLSearchParams({
      von: '1.11.2026',
      typ: 'DROP TABLE',
      mitglied: 'steffi',
      reservierung: R1,
    });
    expect(filterFromSearch(search)).toEqual({ ...emptyFilter, reservationId: R1 });
  });

  it('asks the API for whole club-local days, the end exclusive', () => {
    expect(
      filterQuery(
        { ...emptyFilter, from: '2026-11-23', to: '2026-11-23', type: 'SeriesEnded' },
        'Europe/Berlin',
      ),
    ).toEqual({
      limit: 25,
      since: '2026-11-22T23:00:00.000Z',
      until: '2026-11-23T23:00:00.000Z',
      types: ['SeriesEnded'],
    });
    expect(filterQuery(emptyFilter, 'Europe/Berlin')).toEqual({ limit: 25 });
  });
});

describe('pages of the log', () => {
  it('puts new events (oldest first from the API) on top, newest first, without doubles', () => {
    const shown = [made(5, R1), made(4, R2)];
    expect(mergeNewer(shown, [made(5, R1), made(6, R2), cancelled(7, R1)]).map((e) => e.position)).toEqual([
      7, 6, 5, 4,
    ]);
    expect(newestPosition(shown)).toBe(5);
    expect(newestPosition([])).toBeNull();
  });

  it('adds older pages below', () => {
    expect(mergeOlder([made(9, R1)], [made(9, R1), made(3, R2)]).map((e) => e.position)).toEqual([9, 3]);
  });

  it('looks up only reservations whose making is neither listed nor known', () => {
    const page = [cancelled(9, R1), cancelled(8, R2), made(2, R2)];
    expect(missingReservationIds(page, {})).toEqual([R1]);
    expect(missingReservationIds(page, madeDetails([made(1, R1)]))).toEqual([]);
  });
});

describe('settings and role changes in the log', () => {
  const settings = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };
  const settingsChanged: LogEvent = {
    type: 'ClubSettingsChanged',
    position: 5,
    version: 1,
    occurred_at: '2026-11-18T13:00:00.000Z',
    actor: STEFFI,
    data: { before: settings, after: { ...settings, courts_count: 6, end_hour: 21 } },
  };
  const roleChanged: LogEvent = {
    type: 'MemberRoleChanged',
    user_id: STEFFI._id,
    position: 6,
    version: 1,
    occurred_at: '2026-11-18T14:00:00.000Z',
    actor: STEFFI,
    data: { user_id: STEFFI._id, before: 'player', after: 'admin' },
  };

  it('read in German, with the member named, and belong to no reservation', () => {
    expect(entryView(settingsChanged, {})).toEqual({
      title: 'Einstellungen geändert',
      description: 'Plätze: 4 → 6; Spielzeit bis: 20:00 Uhr → 21:00 Uhr',
      concerns: null,
    });
    expect(entryView(roleChanged, {}, () => 'Steffi Graf').description).toBe(
      'Steffi Graf: Spieler → Administrator',
    );
    expect(reservationOf(settingsChanged)).toBeNull();
    expect(reservationOf(made(1, R1))).toBe(R1);
    expect(missingReservationIds([settingsChanged, roleChanged], {})).toEqual([]);
  });

  it('"Stand davor" opens the club-local day of the change', () => {
    expect(eventDay(settingsChanged, {}, 'Europe/Berlin')).toBe('2026-11-18');
  });

  it('can be chosen in the filter, and survive the address bar', () => {
    const filter = filterFromSearch(new URLSearchParams({ typ: 'MemberRoleChanged' }));
    expect(filter.type).toBe('MemberRoleChanged');
    expect(searchFromFilter(filter).get('typ')).toBe('MemberRoleChanged');
  });
});

describe('an entry', () => {
  it('says what happened and, for a cancellation, which booking it was', () => {
    const details = madeDetails([made(1, R1, { court_num: '3', date: '2026-11-24', label: 'Jugend' })]);
    // A single booking is recorded as cancelled with delete type 'all': it says no "alle Termine".
    expect(entryView(cancelled(2, R1), details)).toEqual({
      title: 'Reservierung storniert',
      description: 'storniert',
      concerns: 'Platz 3 · Di., 24.11.2026 · 10-11 Uhr · „Jugend“',
    });
    expect(entryView(made(1, R1), details).concerns).toBeNull();
    expect(entryView(cancelled(2, R2), details).concerns).toBeNull();
  });

  it('says which dates of a series went', () => {
    const details = madeDetails([made(1, R1, { date: '2026-11-03', recurring: true })]);
    expect(entryView(cancelled(2, R1), details).description).toBe('storniert: alle Termine');
  });

  it("names the co-players, in the line and in the booking it concerns, and an erased one's as such", () => {
    const players = [{ user_id: STEFFI._id }, { user_id: R2 }, { guest_id: R1, fee_cents: 500 }];
    const details = madeDetails([made(1, R1, { players })]);
    const nameOf = (id: string) => (id === STEFFI._id ? 'Steffi Graf' : 'Gelöschtes Mitglied');
    expect(entryView(made(1, R1, { players }), details, nameOf).description).toMatch(
      / · mit Steffi Graf, Gelöschtes Mitglied, 1 Gast$/,
    );
    expect(entryView(cancelled(2, R1), details, nameOf).concerns).toMatch(
      / · mit Steffi Graf, Gelöschtes Mitglied, 1 Gast$/,
    );
  });

  describe('"Stand davor" opens the day the event was about', () => {
    it('the booked date for a single booking', () => {
      expect(
        eventDay(cancelled(2, R1), madeDetails([made(1, R1, { date: '2026-11-24' })]), 'Europe/Berlin'),
      ).toBe('2026-11-24');
    });

    it('for a whole series cancelled, the first date it would still have taken place', () => {
      const details = madeDetails([made(1, R1, { date: '2026-11-03', recurring: true })]);
      // Cancelled on Wed 18 Nov: the next Tuesday is the 24th.
      expect(eventDay(cancelled(2, R1, '2026-11-18T13:00:00.000Z'), details, 'Europe/Berlin')).toBe(
        '2026-11-24',
      );
    });

    it('the cancelled date of one occurrence, and the first dropped date of an ended series', () => {
      const base = { reservation_id: R1, version: 2, occurred_at: '2026-11-18T13:00:00.000Z', actor: STEFFI };
      const details = madeDetails([made(1, R1, { date: '2026-11-03', recurring: true })]);
      expect(
        eventDay(
          { ...base, position: 2, type: 'OccurrenceCancelled', data: { date: '2026-11-10' } },
          details,
          'Europe/Berlin',
        ),
      ).toBe('2026-11-10');
      expect(
        eventDay(
          { ...base, position: 3, type: 'SeriesEnded', data: { end_date: '2026-11-20' } },
          details,
          'Europe/Berlin',
        ),
      ).toBe('2026-11-24');
    });

    it("the event's own day when the booking is unknown", () => {
      expect(eventDay(cancelled(2, R2, '2026-11-18T23:30:00.000Z'), {}, 'Europe/Berlin')).toBe('2026-11-19');
    });
  });
});
