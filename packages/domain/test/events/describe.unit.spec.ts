import { describe, expect, it } from 'vitest';
import { courtName } from '../../src/courts';
import { describeEvent, eventTitles } from '../../src/events/catalogue';
import { describeBlock } from '../../src/events/describe';

const id = '5b0f3a36-1f6e-4f55-9d1b-2f7c1c3b9a10';

describe('events in German', () => {
  it('a made reservation names court, date, hours, repetition and label', () => {
    const made = {
      type: 'ReservationMade',
      reservation_id: id,
      data: {
        club_id: 'c',
        user_id: 'u',
        court_num: '3',
        start_time: 12,
        end_time: 14,
        date: '2026-11-23',
        recurring: true,
        label: 'Jugend',
      },
    } as const;
    expect(describeEvent(made)).toBe('Platz 3 · Mo., 23.11.2026 · 12-14 Uhr · wöchentlich · „Jugend“');
    expect(eventTitles[made.type]).toBe('Reservierung angelegt');
  });

  it('cancellations say what went', () => {
    expect(
      describeEvent({ type: 'OccurrenceCancelled', reservation_id: id, data: { date: '2026-12-07' } }),
    ).toBe('Termin am Mo., 07.12.2026 storniert');
    expect(describeEvent({ type: 'SeriesEnded', reservation_id: id, data: { end_date: '2026-12-21' } })).toBe(
      'keine Termine mehr ab Mo., 21.12.2026',
    );
    expect(
      describeEvent({ type: 'ReservationCancelled', reservation_id: id, data: { delete_type: 'all' } }),
    ).toBe('storniert');
  });
});

describe('membership in German', () => {
  const user_id = '00000000-0000-4000-8000-00000000beef';
  const status = (before: 'pending' | 'active' | 'inactive', after: 'pending' | 'active' | 'inactive') =>
    describeEvent({ type: 'MemberStatusChanged', data: { user_id, before, after } }, () => 'Boris Becker');

  it('names each status change by what the admin did', () => {
    expect(eventTitles.MemberStatusChanged).toBe('Mitgliedschaft geändert');
    expect(status('pending', 'active')).toBe('Boris Becker freigegeben (Offen → Aktiv)');
    expect(status('pending', 'inactive')).toBe('Boris Becker abgelehnt (Offen → Inaktiv)');
    expect(status('active', 'inactive')).toBe('Boris Becker deaktiviert (Aktiv → Inaktiv)');
    expect(status('inactive', 'active')).toBe('Boris Becker wieder aktiviert (Inaktiv → Aktiv)');
  });

  it('says when a club turned approval on; settings recorded before it existed read as off', () => {
    const settings = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };
    const line = (before: object, after: object) =>
      describeEvent({
        type: 'ClubSettingsChanged',
        data: { before: { ...settings, ...before }, after: { ...settings, ...after } },
      });
    expect(line({}, { member_approval: true })).toBe('Neue Mitglieder freigeben: nein → ja');
    expect(line({}, { member_approval: false })).toBe('ohne Änderung gespeichert');
  });

  it('names courts as the club does when it is asked to, "Platz N" otherwise', () => {
    const courts = (court: string) => courtName({ court_names: { '1': 'Center Court' } }, court);
    const booking = {
      type: 'ReservationMade',
      reservation_id: id,
      data: {
        club_id: 'c',
        user_id: 'u',
        court_num: '1',
        start_time: 12,
        end_time: 13,
        date: '2026-11-23',
        recurring: false,
      },
    } as const;
    expect(describeEvent(booking, undefined, undefined, courts)).toBe(
      'Center Court · Mo., 23.11.2026 · 12-13 Uhr',
    );
    expect(describeEvent(booking)).toBe('Platz 1 · Mo., 23.11.2026 · 12-13 Uhr');
    const block = {
      court_nums: ['1', '2'],
      from: '2026-11-23T08:00',
      until: '2026-11-23T12:00',
      reason: 'Turnier',
    };
    expect(describeBlock(block, courts)).toBe(
      'Center Court, Platz 2 · Mo., 23.11.2026 08:00 Uhr bis Mo., 23.11.2026 12:00 Uhr · Turnier',
    );
    expect(describeBlock(block)).toBe(
      'Plätze 1, 2 · Mo., 23.11.2026 08:00 Uhr bis Mo., 23.11.2026 12:00 Uhr · Turnier',
    );
    expect(
      describeEvent(
        { type: 'CourtsBlocked', block_id: id, data: { ...block, court_nums: ['1'] } },
        undefined,
        undefined,
        courts,
      ),
    ).toMatch(/^Center Court · /);
  });
});
