import { describe, expect, it } from 'vitest';
import {
  eventCatalogue,
  eventFromStored,
  eventTitles,
  describeEvent,
  eventDay,
  streams,
  eventTypes,
  isEventType,
  streamIdOf,
  streamKeys,
  type DomainEvent,
} from '../../src/events/catalogue';
import type { ReservationMadeData } from '../../src/reservations/events';
import { exampleEvents } from '../../src/events/examples';
import { eventDataError } from '../../src/events/validate';

const CLUB = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';

/** One well-formed event of every type: a new type without an example does not compile. */
const examples: Record<DomainEvent['type'], DomainEvent> = exampleEvents({
  club: CLUB,
  user: USER,
});

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

  it('gives every type its German line, the day it concerns and its stream’s word', () => {
    const context = { recordedOn: '2026-11-20', made: examples.ReservationMade.data as ReservationMadeData };
    const days = Object.fromEntries(eventTypes.map((type) => [type, eventDay(examples[type], context)]));
    expect(days).toEqual({
      ReservationMade: '2026-11-23',
      ReservationChanged: '2026-11-24',
      // A co-player leaving concerns the day it was recorded.
      CoPlayerLeft: '2026-11-20',
      OccurrenceCancelled: '2026-12-01',
      // The date checked in for, the date released; forgiving is about the day it happened.
      CheckedIn: '2026-12-08',
      ReservationReleased: '2026-12-15',
      NoShowForgiven: '2026-11-20',
      // The first date the series no longer takes place: the Monday on or after the end.
      SeriesEnded: '2026-12-28',
      // A whole series deleted: the first date it would still have taken place after the deletion.
      ReservationCancelled: '2026-11-23',
      CourtsBlocked: '2026-11-24',
      BlockLifted: '2026-11-20',
      ClubSettingsChanged: '2026-11-20',
      MemberRoleChanged: '2026-11-20',
      MemberStatusChanged: '2026-11-20',
      // The hour waited for; leaving is about the day it happened.
      WaitlistJoined: '2026-11-24',
      WaitlistLeft: '2026-11-20',
      // An account's lines are about the day they were written.
      AccountCharged: '2026-11-20',
      AccountCredited: '2026-11-20',
      PaymentRecorded: '2026-11-20',
      PaymentReturned: '2026-11-20',
    });
    for (const type of eventTypes) {
      expect(
        describeEvent(examples[type], () => 'Anna Muster'),
        type,
      ).toMatch(/\S/);
      expect(streams[eventCatalogue[type].streamType].label, type).toMatch(/^[A-ZÄÖÜ]/);
    }
  });

  it('tells known type names from unknown ones, also inherited property names', () => {
    expect(isEventType('ReservationMade')).toBe(true);
    expect(isEventType('Nope')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});
