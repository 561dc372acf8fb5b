/**
 * The one catalogue of event types (docs/architecture/event-log.md). Every kind of change
 * that the log records is listed here once, with the stream it belongs to, the JSON schema of its
 * data, its German label, its one line for the log and the day it concerns. The database's list of
 * known types, the CLI's `--type` filter and lines, the admin log's titles, lines and "Stand davor"
 * day, and the store's check on append are all derived from this table: a new type is one entry
 * here and no switch elsewhere.
 */
import { REASON_MAX_LENGTH } from '../blocks/blocks';
import { checkInTexts } from '../check-in/texts';
import type { BlockEvent } from '../blocks/events';
import type { ClubEvent } from '../clubs/events';
import type { MemberEvent } from '../members/events';
import { clubSettingsSchema } from '../schemas';
import type { ReservationEvent, ReservationMadeData } from '../reservations/events';
import type { AccountEvent } from '../money/account-events';
import { describeAccountLine } from '../money/account';
import type { WaitlistEvent } from '../waitlist/events';
import { describeWaitlistHour } from '../waitlist/waitlist';
import * as playerTexts from '../players/texts';
import { COURT_NUMBER_PATTERN, HOUR_MOMENT_PATTERN } from '../shapes';
import type { IsoDate } from '../types';
import {
  describeBlock,
  describeBooking,
  describeCancellation,
  describeChange,
  describeCheckedIn,
  describeCoPlayerLeft,
  describeOccurrenceCancelled,
  describeReleased,
  describeSeriesEnded,
  roleChangeLine,
  settingsChangeLines,
  statusChangeLine,
  type CourtNameOf,
  type NameOf,
} from './describe';
import { cancelledBookingDay, endedSeriesDay, recordedDay, type EventDayContext } from './event-days';
import { recordedShape } from './recorded-shape';
import { streamKeys, type EventMetadata, type StreamType } from './streams';

export { streams, streamKeys, streamTypes, type EventMetadata, type StreamType } from './streams';

export type DomainEvent =
  ReservationEvent | ClubEvent | MemberEvent | BlockEvent | WaitlistEvent | AccountEvent;
export type EventType = DomainEvent['type'];

type DataOf = { [T in EventType]: Extract<DomainEvent, { type: T }>['data'] };

/** What an event of these types says, without the stream it belongs to: its type and data. */
export type ContentOf<T extends EventType> = { [K in T]: { type: K; data: DataOf[K] } }[T];

export interface EventTypeEntry<T extends EventType = EventType> {
  streamType: StreamType;
  /** What the admin log and the CLI call it. */
  label: string;
  /** JSON schema of the event's `data`; the store refuses events that do not match. */
  schema: object;
  /**
   * One German line of what it changed, for the log and the CLI; `nameOf` names members, `made` is
   * the reservation as it was made (for a reservation's events, undefined when not known).
   */
  describe(
    event: ContentOf<T>,
    nameOf: NameOf | undefined,
    made: ReservationMadeData | undefined,
    courts: CourtNameOf | undefined,
  ): string;
  /** The club-local day it concerns: the day the admin log's "Stand davor" opens. */
  day(event: ContentOf<T>, context: EventDayContext): IsoDate;
}

const uuid = { type: 'string', format: 'uuid' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
const hour = { type: 'integer', minimum: 0, maximum: 24 } as const;
const role = { enum: ['admin', 'player'] } as const;
const courtNumber = { type: 'string', pattern: COURT_NUMBER_PATTERN } as const;
const hourMoment = { type: 'string', pattern: HOUR_MOMENT_PATTERN } as const;
const memberStatus = { enum: ['active', 'pending', 'inactive'] } as const;

const object = (properties: Record<string, object>, required: readonly string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** What a court block adds to the bookings it cancels. */
const closedBy = {
  block_id: uuid,
  reason: { type: 'string', minLength: 1, maxLength: REASON_MAX_LENGTH },
} as const;

/** An amount on an account: whole cents, more than nothing (the event's type says which way). */
const cents = { type: 'integer', minimum: 1, maximum: 100_000_000 } as const;
const lineText = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** What every line of an account carries (money/account-events). */
const accountLine = { cents, text: lineText, reservation_id: uuid, entry_id: uuid } as const;

/** A booking's co-players (reservations/events `PlayerRef`): members and guests by id only. */
const players = {
  type: 'array',
  maxItems: 3,
  items: {
    oneOf: [
      object({ user_id: uuid }, ['user_id']),
      object({ guest_id: uuid, fee_cents: { type: 'integer', minimum: 0 } }, ['guest_id', 'fee_cents']),
    ],
  },
} as const;

/**
 * A club's settings as `ClubSettingsChanged` records them: the admin's settings form's shape
 * (./recorded-shape); every setting but the first five is optional, since events written before it
 * lack it (clubs/local-rules, players/play-rules, money/prices).
 */
const clubSettings = recordedShape(clubSettingsSchema);

export const eventCatalogue = {
  ReservationMade: {
    streamType: 'reservation',
    label: 'Reservierung angelegt',
    describe: (event, nameOf, _made, courts) => describeBooking(event, nameOf, courts),
    day: (event) => event.data.date,
    schema: object(
      {
        club_id: uuid,
        user_id: uuid,
        court_num: courtNumber,
        start_time: hour,
        end_time: hour,
        date: isoDate,
        label: { type: 'string' },
        recurring: { type: 'boolean' },
        group_id: uuid,
        moved_from: object({ reservation_id: uuid, date: isoDate }, ['reservation_id', 'date']),
        players,
      },
      ['club_id', 'user_id', 'court_num', 'start_time', 'end_time', 'date', 'recurring'],
    ),
  },
  ReservationChanged: {
    streamType: 'reservation',
    label: 'Reservierung geändert',
    describe: (event, nameOf, _made, courts) => describeChange(event, nameOf, courts),
    day: (event) => event.data.date,
    schema: object(
      {
        court_num: courtNumber,
        date: isoDate,
        start_time: hour,
        end_time: hour,
        label: { type: 'string' },
        players,
      },
      ['court_num', 'date', 'start_time', 'end_time'],
    ),
  },
  CoPlayerLeft: {
    streamType: 'reservation',
    label: playerTexts.coPlayerLeftLabel,
    describe: describeCoPlayerLeft,
    day: recordedDay,
    schema: object({ user_id: uuid }, ['user_id']),
  },
  OccurrenceCancelled: {
    streamType: 'reservation',
    label: 'Termin storniert',
    describe: describeOccurrenceCancelled,
    day: (event) => event.data.date,
    schema: object({ date: isoDate, ...closedBy }, ['date']),
  },
  CheckedIn: {
    streamType: 'reservation',
    label: checkInTexts.label.checkedIn,
    describe: (event, nameOf) => describeCheckedIn(event, nameOf),
    day: (event) => event.data.date,
    schema: object({ date: isoDate, user_id: uuid }, ['date', 'user_id']),
  },
  ReservationReleased: {
    streamType: 'reservation',
    label: checkInTexts.label.released,
    describe: describeReleased,
    day: (event) => event.data.date,
    schema: object({ date: isoDate, no_show_id: uuid }, ['date', 'no_show_id']),
  },
  NoShowForgiven: {
    streamType: 'reservation',
    label: checkInTexts.label.forgiven,
    describe: () => 'Ein Versäumnis wurde erlassen',
    day: recordedDay,
    schema: object({ no_show_id: uuid }, ['no_show_id']),
  },
  SeriesEnded: {
    streamType: 'reservation',
    label: 'Serie beendet',
    describe: describeSeriesEnded,
    day: endedSeriesDay,
    schema: object({ end_date: isoDate }, ['end_date']),
  },
  ReservationCancelled: {
    streamType: 'reservation',
    label: 'Reservierung storniert',
    describe: (event, _nameOf, made) => describeCancellation(event, made),
    day: cancelledBookingDay,
    schema: object({ delete_type: { enum: ['once', 'once_and_future', 'all'] }, ...closedBy }, []),
  },
  CourtsBlocked: {
    streamType: 'block',
    label: 'Plätze gesperrt',
    describe: (event, _nameOf, _made, courts) => describeBlock(event.data, courts),
    day: (event) => event.data.from.slice(0, 10),
    schema: object(
      {
        court_nums: { type: 'array', items: courtNumber, minItems: 1 },
        from: hourMoment,
        until: hourMoment,
        reason: closedBy.reason,
        // Weekly blocks: absent for a block of one time, and in every event from before them.
        repeat_until: isoDate,
      },
      ['court_nums', 'from', 'until', 'reason'],
    ),
  },
  BlockLifted: {
    streamType: 'block',
    label: 'Sperrung aufgehoben',
    describe: () => 'Sperrung aufgehoben; stornierte Reservierungen bleiben storniert',
    day: recordedDay,
    schema: object({}, []),
  },
  ClubSettingsChanged: {
    streamType: 'club',
    label: 'Einstellungen geändert',
    describe: (event) => settingsChangeLines(event).join('; '),
    day: recordedDay,
    schema: object({ before: clubSettings, after: clubSettings }, ['before', 'after']),
  },
  MemberRoleChanged: {
    streamType: 'member',
    label: 'Rolle geändert',
    describe: roleChangeLine,
    day: recordedDay,
    schema: object({ user_id: uuid, before: role, after: role }, ['user_id', 'before', 'after']),
  },
  MemberStatusChanged: {
    streamType: 'member',
    label: 'Mitgliedschaft geändert',
    describe: statusChangeLine,
    day: recordedDay,
    schema: object({ user_id: uuid, before: memberStatus, after: memberStatus }, [
      'user_id',
      'before',
      'after',
    ]),
  },
  WaitlistJoined: {
    streamType: 'waitlist',
    label: 'Warteliste eingetragen',
    describe: (event) => describeWaitlistHour(event.data),
    day: (event) => event.data.date,
    schema: object({ user_id: uuid, court_num: courtNumber, date: isoDate, start_time: hour }, [
      'user_id',
      'court_num',
      'date',
      'start_time',
    ]),
  },
  WaitlistLeft: {
    streamType: 'waitlist',
    label: 'Warteliste verlassen',
    describe: () => 'Von der Warteliste genommen',
    day: recordedDay,
    schema: object({}, []),
  },
  AccountCharged: {
    streamType: 'account',
    label: 'Konto belastet',
    describe: (event) => describeAccountLine(event),
    day: recordedDay,
    schema: object(
      {
        ...accountLine,
        lines: {
          type: 'array',
          maxItems: 40,
          items: object({ label: { type: 'string', minLength: 1 }, cents }, ['label', 'cents']),
        },
      },
      ['cents', 'text'],
    ),
  },
  AccountCredited: {
    streamType: 'account',
    label: 'Konto gutgeschrieben',
    describe: (event) => describeAccountLine(event),
    day: recordedDay,
    schema: object(accountLine, ['cents', 'text']),
  },
  PaymentRecorded: {
    streamType: 'account',
    label: 'Zahlung erfasst',
    describe: (event) => describeAccountLine(event),
    day: recordedDay,
    schema: object({ ...accountLine, payment_id: uuid, method: { enum: ['manual', 'sepa'] } }, [
      'cents',
      'text',
      'payment_id',
      'method',
    ]),
  },
  PaymentReturned: {
    streamType: 'account',
    label: 'Zahlung zurückgebucht',
    describe: (event) => describeAccountLine(event),
    day: recordedDay,
    schema: object({ payment_id: uuid, cents, fee_cents: { type: 'integer', minimum: 0 }, text: lineText }, [
      'payment_id',
      'cents',
      'fee_cents',
      'text',
    ]),
  },
} as const satisfies { [T in EventType]: EventTypeEntry<T> };

export const eventTypes = Object.keys(eventCatalogue) as EventType[];

export function isEventType(name: string): name is EventType {
  return Object.hasOwn(eventCatalogue, name);
}

/** What an event says, without the stream it belongs to: its type and data. */
export type EventContent = ContentOf<EventType>;

/** What the admin log and the CLI call each type. */
export const eventTitles = Object.fromEntries(
  eventTypes.map((type) => [type, eventCatalogue[type].label]),
) as Record<EventType, string>;

/** The catalogue seen per type, so that an event's own entry takes that event. */
const entries: { [T in EventType]: EventTypeEntry<T> } = eventCatalogue;

function describeContent<T extends EventType>(
  event: ContentOf<T>,
  nameOf: NameOf | undefined,
  made: ReservationMadeData | undefined,
  courts: CourtNameOf | undefined,
): string {
  return entries[event.type].describe(event, nameOf, made, courts);
}

function dayOfContent<T extends EventType>(event: ContentOf<T>, context: EventDayContext): IsoDate {
  return entries[event.type].day(event, context);
}

/**
 * One line of what happened, e.g. "Platz 3 · Mo., 23.11.2026 · 12-13 Uhr · wöchentlich · „Jugend“".
 * `made`: for a reservation's later events, the booking as it was made (a single booking's
 * cancellation then says no "alle Termine"). `courts` names courts as the club does (`courtName`).
 * Generic so that whole stored events pass as they are.
 */
export function describeEvent<E extends EventContent>(
  event: E,
  nameOf?: NameOf,
  made?: ReservationMadeData,
  courts?: CourtNameOf,
): string {
  return describeContent<EventType>(event, nameOf, made, courts);
}

/** The club-local day an event concerns (see `EventTypeEntry.day`). */
export function eventDay<E extends EventContent>(event: E, context: EventDayContext): IsoDate {
  return dayOfContent<EventType>(event, context);
}

type ReservationEventType = ReservationEvent['type'];

/** Narrows any event-shaped value to the reservation stream's events. */
export function isReservationEvent<E extends { type: EventType }>(
  event: E,
): event is Extract<E, { type: ReservationEventType }> {
  return eventCatalogue[event.type].streamType === 'reservation';
}

/** The events of one stream type. */
export type EventOfStream<S extends StreamType> = Extract<
  DomainEvent,
  { type: { [T in EventType]: (typeof eventCatalogue)[T]['streamType'] extends S ? T : never }[EventType] }
>;

export function streamTypeOf(type: EventType): StreamType {
  return eventCatalogue[type].streamType;
}

/** The id of the stream an event belongs to. */
export function streamIdOf(event: DomainEvent): string {
  const key = streamKeys[streamTypeOf(event.type)];
  return (event as unknown as Record<string, string>)[key]!;
}

/** The domain event from what the store keeps: its type, its stream's id and its data. */
export function eventFromStored(type: EventType, streamId: string, data: unknown): DomainEvent {
  const key = streamKeys[streamTypeOf(type)];
  return { type, [key]: streamId, data } as unknown as DomainEvent;
}

/** A stored event; still discriminated by `type`, so the evolve functions accept it as it is. */
export type EventEnvelope<E extends DomainEvent = DomainEvent> = E & EventMetadata;
