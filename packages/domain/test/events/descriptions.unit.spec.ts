/**
 * What the admin's event log and the CLI say of each event type, word for word. The table is keyed
 * by the catalogue's types: a new type without its line here does not compile, and the walk over
 * the catalogue fails on one that is missing at run time.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent, eventTitles, eventTypes, type EventType } from '../../src/events/catalogue';
import { exampleEvents } from '../../src/events/examples';
import { ERASED_MEMBER } from '../../src/names';
import type { ReservationMadeData } from '../../src/reservations/events';

const CLUB = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const examples = exampleEvents({ club: CLUB, user: USER });
const nameOf = (id: string) => (id === USER ? 'Anna Muster' : undefined);
/** The example series as it was made: the later events of its stream are read against it. */
const series = examples.ReservationMade.data as ReservationMadeData;

const expected: Record<EventType, { title: string; line: string }> = {
  ReservationMade: {
    title: 'Reservierung angelegt',
    line: 'Platz 3 · Mo., 23.11.2026 · 10-11 Uhr · wöchentlich · „Training“ · mit Anna Muster, 1 Gast',
  },
  ReservationChanged: {
    title: 'Reservierung geändert',
    line: 'jetzt Platz 2 · Di., 24.11.2026 · 18-19 Uhr',
  },
  CoPlayerLeft: {
    title: 'Mitspieler ausgetragen',
    line: 'Anna Muster hat sich als Mitspieler ausgetragen',
  },
  OccurrenceCancelled: { title: 'Termin storniert', line: 'Termin am Di., 01.12.2026 storniert' },
  CheckedIn: { title: 'Mitglied eingecheckt', line: 'Anna Muster hat für Di., 08.12.2026 eingecheckt' },
  ReservationReleased: {
    title: 'Termin freigegeben',
    line: 'Termin am Di., 15.12.2026 freigegeben: niemand hat eingecheckt',
  },
  NoShowForgiven: { title: 'Versäumnis erlassen', line: 'Ein Versäumnis wurde erlassen' },
  SeriesEnded: { title: 'Serie beendet', line: 'keine Termine mehr ab Di., 22.12.2026' },
  ReservationCancelled: { title: 'Reservierung storniert', line: 'storniert: alle Termine' },
  CourtsBlocked: {
    title: 'Plätze gesperrt',
    line: 'Plätze 1, 2 · Di., 24.11.2026 14:00 Uhr bis Di., 24.11.2026 18:00 Uhr · Turnier',
  },
  BlockLifted: {
    title: 'Sperrung aufgehoben',
    line: 'Sperrung aufgehoben; stornierte Reservierungen bleiben storniert',
  },
  ClubSettingsChanged: { title: 'Einstellungen geändert', line: 'Plätze: 4 → 6' },
  MemberRoleChanged: { title: 'Rolle geändert', line: 'Anna Muster: Spieler → Administrator' },
  MemberStatusChanged: {
    title: 'Mitgliedschaft geändert',
    line: 'Anna Muster freigegeben (Offen → Aktiv)',
  },
  WaitlistJoined: { title: 'Warteliste eingetragen', line: 'Platz 2 · Di., 24.11.2026 · 18-19 Uhr' },
  WaitlistLeft: { title: 'Warteliste verlassen', line: 'Von der Warteliste genommen' },
  AccountCharged: {
    title: 'Konto belastet',
    line: '21,00\u00a0€ – Buchung Platz 2, Di., 24.11.2026, 10-11 Uhr',
  },
  AccountCredited: {
    title: 'Konto gutgeschrieben',
    line: '-21,00\u00a0€ – Gutschrift Storno Platz 2, Di., 24.11.2026, 10-11 Uhr',
  },
  PaymentRecorded: { title: 'Zahlung erfasst', line: '-50,00\u00a0€ – Überweisung' },
  PaymentReturned: {
    title: 'Zahlung zurückgebucht',
    line: '53,50\u00a0€ – Rücklastschrift 50,00 € und Bankgebühr 3,50 €',
  },
};

describe('every event type in German', () => {
  it.each(eventTypes)('%s has its own title and line', (type) => {
    expect(expected[type], `${type} has no expected line here`).toBeDefined();
    expect(eventTitles[type]).toBe(expected[type].title);
    expect(describeEvent(examples[type], nameOf, series)).toBe(expected[type].line);
  });

  it('lists no type the catalogue does not have', () => {
    expect(Object.keys(expected).sort()).toEqual([...eventTypes].sort());
  });
});

describe('a cancellation', () => {
  const cancelled = (data: object) =>
    ({ ...examples.ReservationCancelled, data }) as typeof examples.ReservationCancelled;

  it('of a single booking says "storniert", not "alle Termine"', () => {
    const single = { ...series, recurring: false };
    expect(describeEvent(cancelled({ delete_type: 'all' }), nameOf, single)).toBe('storniert');
  });

  it('of a series says which of its dates went', () => {
    expect(describeEvent(cancelled({ delete_type: 'once_and_future' }), nameOf, series)).toBe(
      'storniert: dieser und alle folgenden Termine',
    );
    expect(describeEvent(cancelled({ delete_type: 'once' }), nameOf, series)).toBe(
      'storniert: nur dieser Termin',
    );
  });

  it('of a booking not known says no more than it knows', () => {
    expect(describeEvent(cancelled({ delete_type: 'all' }))).toBe('storniert');
  });

  it('by a block names the block', () => {
    const byBlock = { block_id: USER, reason: 'Turnier' };
    expect(describeEvent(cancelled(byBlock), nameOf, series)).toBe('storniert wegen Sperrung: Turnier');
    expect(describeEvent({ ...examples.OccurrenceCancelled, data: { date: '2026-12-01', ...byBlock } })).toBe(
      'Termin am Di., 01.12.2026 storniert wegen Sperrung: Turnier',
    );
  });
});

describe('co-players', () => {
  it('are named as the log knows them: an erased member as such', () => {
    const erased = () => ERASED_MEMBER;
    expect(describeEvent(examples.ReservationMade, erased)).toMatch(/ · mit Gelöschtes Mitglied, 1 Gast$/);
  });

  it('say who changed them, and that none are left', () => {
    const changed = { ...examples.ReservationChanged.data, players: [] };
    expect(describeEvent({ ...examples.ReservationChanged, data: changed })).toBe(
      'jetzt Platz 2 · Di., 24.11.2026 · 18-19 Uhr · ohne Mitspieler',
    );
  });
});
