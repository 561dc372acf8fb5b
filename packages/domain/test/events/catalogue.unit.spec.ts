import { describe, expect, it } from 'vitest';
import {
  eventCatalogue,
  eventFromStored,
  eventTypes,
  isEventType,
  streamIdOf,
  streamKeys,
  type DomainEvent,
} from '../../src/events/catalogue';
import { eventDataError } from '../../src/events/validate';
import { eventTitles } from '../../src/events/describe';

const CLUB = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const RESERVATION = '00000000-0000-4000-8000-000000000003';
const settings = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };

/** One well-formed event of every type: a new type without an example fails the test below. */
const examples: Record<DomainEvent['type'], DomainEvent> = {
  ReservationMade: {
    type: 'ReservationMade',
    reservation_id: RESERVATION,
    data: {
      club_id: CLUB,
      user_id: USER,
      court_num: '3',
      start_time: 10,
      end_time: 11,
      date: '2026-11-23',
      label: 'Training',
      recurring: true,
    },
  },
  ReservationChanged: {
    type: 'ReservationChanged',
    reservation_id: RESERVATION,
    data: { court_num: '2', date: '2026-11-24', start_time: 18, end_time: 19 },
  },
  OccurrenceCancelled: {
    type: 'OccurrenceCancelled',
    reservation_id: RESERVATION,
    data: { date: '2026-11-30' },
  },
  SeriesEnded: { type: 'SeriesEnded', reservation_id: RESERVATION, data: { end_date: '2026-12-07' } },
  ReservationCancelled: {
    type: 'ReservationCancelled',
    reservation_id: RESERVATION,
    data: { delete_type: 'all' },
  },
  CourtsBlocked: {
    type: 'CourtsBlocked',
    block_id: RESERVATION,
    data: { court_nums: ['1', '2'], from: '2026-11-24T14:00', until: '2026-11-24T18:00', reason: 'Turnier' },
  },
  BlockLifted: { type: 'BlockLifted', block_id: RESERVATION, data: {} },
  ClubSettingsChanged: {
    type: 'ClubSettingsChanged',
    club_id: CLUB,
    data: { before: settings, after: { ...settings, courts_count: 6 } },
  },
  MemberRoleChanged: {
    type: 'MemberRoleChanged',
    user_id: USER,
    data: { user_id: USER, before: 'player', after: 'admin' },
  },
  MemberStatusChanged: {
    type: 'MemberStatusChanged',
    user_id: USER,
    data: { user_id: USER, before: 'pending', after: 'active' },
  },
};

describe('the event catalogue', () => {
  it('lists every event type once, each with a stream type, a German label and a schema', () => {
    expect(eventTypes.sort()).toEqual(Object.keys(examples).sort());
    for (const type of eventTypes) {
      const entry = eventCatalogue[type];
      expect(Object.keys(streamKeys)).toContain(entry.streamType);
      expect(entry.label).toMatch(/^[A-ZÄÖÜ][a-zäöüß]+ [a-zäöüß]+$/);
      expect(eventTitles[type]).toBe(entry.label);
    }
  });

  it("accepts each type's example and refuses it with a changed or missing field", () => {
    for (const event of Object.values(examples)) {
      expect(eventDataError(event), event.type).toBeNull();
      const broken = { ...event, data: { ...event.data, unexpected: true } } as unknown as DomainEvent;
      expect(eventDataError(broken), event.type).not.toBeNull();
    }
    const noCourt = {
      ...examples.ReservationMade,
      data: { ...examples.ReservationMade.data, court_num: '0' },
    };
    expect(eventDataError(noCourt as DomainEvent)).not.toBeNull();
  });

  it('knows the stream of each event, and rebuilds the event from what the store keeps', () => {
    for (const event of Object.values(examples)) {
      const streamId = streamIdOf(event);
      expect(eventFromStored(event.type, streamId, event.data)).toEqual(event);
    }
    expect(streamIdOf(examples.ClubSettingsChanged)).toBe(CLUB);
    expect(streamIdOf(examples.MemberRoleChanged)).toBe(USER);
  });

  it('tells known type names from unknown ones, also inherited property names', () => {
    expect(isEventType('ReservationMade')).toBe(true);
    expect(isEventType('Nope')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});
