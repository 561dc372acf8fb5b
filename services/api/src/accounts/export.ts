/**
 * Everything stored about one member, as the export of `GET /api/account/export` (docs/privacy.md,
 * "Access and portability"). Each part is read with the member's id as its filter, and nothing that
 * names another member is copied in: events in the member's own streams say only whether the member
 * or someone else acted, and events the member caused in other streams carry no data.
 */
import { eventTitles, type EventType, type StreamType } from '@platzbuchung/domain/events/catalogue';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import type { MemberStatus, Reservation, Role } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from '../events/rows';
import { waitlistExport } from '../reservations/own-waitlist';
import { mandatesOf, type ExportedMandate } from '../sepa/mandates';
import { debitsOf, type ExportedDebit } from '../sepa/collections';
import { accountExport } from '../money/ledger';
import type { ExportedEvent } from './export-section';

import {
  calendarLinkState,
  childrenOf,
  emailChangeState,
  mailsTo,
  namedInBookings,
  pushDevicesOf,
  sessionsOf,
  type NamedIn,
} from './export-records';

export interface ExportedBooking {
  reservation_id: string;
  /** As it stands now; null once it is cancelled. */
  now: Omit<Reservation, '_id' | 'club_id' | 'user_id'> | null;
  history: ExportedEvent[];
}

export const ownStreamSections = {
  /** The hours the member waits for, and every event of their waitlist entries. */
  waitlist: waitlistExport,
  /** The member's account: balance, lines and their events (docs/architecture/money.md). */
  account: accountExport,
};

/**
 * Where each stream type's events about the member stand in the export (docs/privacy.md): the
 * bookings they made, their membership, their own part (`ownStreamSections`), and what they did to
 * anything else among their actions in the club. A new stream type does not compile until it says
 * where, so no kind of change is left out of "Meine Daten" by being forgotten; a test holds each
 * own part to its entry in `ownStreamSections`.
 */
export const streamsInTheExport = {
  reservation: 'bookings',
  member: 'membership',
  waitlist: 'waitlist',
  account: 'account',
  club: 'actions_in_the_club',
  block: 'actions_in_the_club',
} as const satisfies Record<StreamType, keyof AccountExport>;

type OwnStreamParts = {
  [K in keyof typeof ownStreamSections]: Awaited<ReturnType<(typeof ownStreamSections)[K]['section']>>;
};

export interface AccountExport extends OwnStreamParts {
  about: string;
  exported_at: string;
  profile: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    booking_confirmations: boolean;
    co_player_notices: boolean;
    registered_at: string;
  };
  membership: {
    club: { id: string; name: string };
    role: Role;
    status: MemberStatus;
    /** The category the admin chose (docs/who-plays.md, "Member categories"), and the birth year. */
    category_id: string | null;
    birth_year: number | null;
    since: string;
    history: ExportedEvent[];
  };
  bookings: ExportedBooking[];
  /** The children the member keeps in their account (docs/who-plays.md, "Families"). */
  children: Awaited<ReturnType<typeof childrenOf>>;
  /** Bookings of others that name the member as a co-player (docs/who-plays.md). */
  named_in: NamedIn[];
  /** Events the member caused in streams that are not their own (another's booking, a block, the club). */
  actions_in_the_club: (Omit<ExportedEvent, 'by_me' | 'data'> & { stream_type: StreamType })[];
  calendar_link: { exists: boolean; created_at: string | null };
  /** Devices that get push notices: the push service's host and the choices, never the keys. */
  push_devices: Awaited<ReturnType<typeof pushDevicesOf>>;
  /** A change of address waiting for its link: the new address and when; never the link's token. */
  email_change: {
    pending: boolean;
    new_email: string | null;
    requested_at: string | null;
    expires_at: string | null;
  };
  mails: { kind: string; subject: string; status: string; created_at: string; sent_at: string | null }[];
  sessions: { count: number; last_used_at: string | null };
  /** Check-in (docs/check-in.md): whether a PIN is set (never the PIN), and the no-shows that still count. */
  check_in: Awaited<ReturnType<typeof checkInOf>>;
  /** The member's SEPA mandates, the IBAN whole: this export is the member's own (docs/privacy.md). */
  sepa_mandates: ExportedMandate[];
  /** Each SEPA direct debit collected from the member, with the IBAN it was collected from. */
  sepa_debits: ExportedDebit[];
}

const ABOUT =
  'Alle Daten, die Platzbuchung über Sie gespeichert hat. Zeitangaben in UTC (ISO 8601). ' +
  'Daten anderer Mitglieder sind nicht enthalten.';

interface ProfileRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  booking_confirmations: boolean;
  co_player_notices: boolean;
  created_at: Date;
  club_id: string;
  club_name: string;
  category_id: string | null;
  birth_year: number | null;
}

/** Everything stored about this member, or undefined when there is no such member. */
export async function exportAccount(db: Db, userId: string, now: Date): Promise<AccountExport | undefined> {
  const profile: ProfileRow | undefined = await db('users as u')
    .join('clubs as c', 'c.id', 'u.club_id')
    .where('u.id', userId)
    .first(
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.status',
      'u.booking_confirmations',
      'u.co_player_notices',
      'u.created_at',
      'u.club_id',
      'u.category_id',
      'u.birth_year',
      'c.name as club_name',
    );
  if (!profile) return undefined;
  const [
    ownEvents,
    actions,
    calendarLink,
    pushDevices,
    emailChange,
    mails,
    sessions,
    namedIn,
    checkIn,
    children,
  ] = await Promise.all([
    ownStreamEvents(db, profile.club_id, userId),
    actionsInTheClub(db, profile.club_id, userId),
    calendarLinkState(db, userId),
    pushDevicesOf(db, userId),
    emailChangeState(db, userId, now),
    mailsTo(db, userId),
    sessionsOf(db, userId),
    namedInBookings(db, profile.club_id, userId),
    checkInOf(db, userId),
    childrenOf(db, userId),
  ]);
  const exported = (row: EventRow) => exportedEvent(row, userId);
  const ownParts = Object.fromEntries(
    await Promise.all(
      Object.entries(ownStreamSections).map(async ([key, { streamType, section }]) => [
        key,
        await section(
          db,
          userId,
          ownEvents.sections.filter((row) => row.stream_type === streamType),
          exported,
        ),
      ]),
    ),
  ) as OwnStreamParts;
  return {
    about: ABOUT,
    exported_at: now.toISOString(),
    profile: {
      id: profile.id,
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      booking_confirmations: profile.booking_confirmations,
      co_player_notices: profile.co_player_notices,
      registered_at: profile.created_at.toISOString(),
    },
    membership: {
      club: { id: profile.club_id, name: profile.club_name },
      role: profile.role,
      status: profile.status,
      category_id: profile.category_id,
      birth_year: profile.birth_year,
      since: profile.created_at.toISOString(),
      history: ownEvents.member.map((row) => exportedEvent(row, userId)),
    },
    bookings: bookingsOf(ownEvents.reservations, userId),
    children,
    ...ownParts,
    named_in: namedIn,
    actions_in_the_club: actions,
    calendar_link: calendarLink,
    push_devices: pushDevices,
    email_change: emailChange,
    mails,
    sessions,
    check_in: checkIn,
    sepa_mandates: await mandatesOf(db, userId),
    sepa_debits: await debitsOf(db, userId),
  };
}

async function checkInOf(db: Db, userId: string) {
  const pin: { check_in_pin_hash: string | null } | undefined = await db('users')
    .where({ id: userId })
    .first('check_in_pin_hash');
  const noShows: { date: string; released_at: Date }[] = await db('no_shows')
    .where({ user_id: userId })
    .orderBy('date')
    .select(db.raw(`to_char(date, 'YYYY-MM-DD') AS date`), 'released_at');
  return {
    pin_set: Boolean(pin?.check_in_pin_hash),
    no_shows: noShows.map((n) => ({ date: n.date, released_at: n.released_at.toISOString() })),
  };
}

function exportedEvent(row: EventRow, userId: string): ExportedEvent {
  return {
    type: row.type,
    title: eventTitles[row.type],
    occurred_at: row.occurred_at.toISOString(),
    by_me: row.actor_id === userId,
    data: row.data,
  };
}

/** The stream types whose every event the member's export lists as their own. */
const sectionStreamTypes = new Set<string>(Object.values(ownStreamSections).map((s) => s.streamType));

/** The kinds of stream that are a member's own when their opening event names the member. */
const openedByTheMember: readonly { streamType: StreamType; opening: EventType }[] = [
  { streamType: 'reservation', opening: 'ReservationMade' },
  ...Object.values(ownStreamSections).flatMap(({ streamType, opening }) =>
    opening ? [{ streamType, opening }] : [],
  ),
];

/** The kinds of stream named by the member's own id: their membership, their account. */
const namedByTheMember: readonly StreamType[] = [
  'member',
  ...Object.values(ownStreamSections).flatMap(({ streamType, opening }) => (opening ? [] : [streamType])),
];

/**
 * The member's own streams as `(stream_type, stream_id)`: those whose opening event (version 1)
 * names the member, found by `events_opened_for_idx`, and the member's membership stream.
 */
function ownStreams(db: Db, clubId: string, userId: string) {
  return db('events')
    .where({ club_id: clubId, version: 1 })
    .whereRaw("data->>'user_id' = ?", [userId])
    .where((kinds) => {
      for (const { streamType, opening } of openedByTheMember) {
        kinds.orWhere({ stream_type: streamType, type: opening });
      }
    })
    .select('stream_type', 'stream_id')
    .unionAll(db.raw(`SELECT unnest(?::text[]), ?::uuid`, [namedByTheMember as StreamType[], userId]));
}

/**
 * The member's own streams: each booking held by the member (its `ReservationMade` names them) with
 * every later event of it, whoever caused it, the member's own membership stream and the streams of
 * `ownStreamSections`. Each stream is read by its key, so the export reads the member's rows only,
 * however long the club's log (docs/security/cost.md, "The data export reads one member's rows").
 */
async function ownStreamEvents(db: Db, clubId: string, userId: string) {
  const rows: EventRow[] = await db('events')
    .where({ club_id: clubId })
    .whereIn(['stream_type', 'stream_id'], ownStreams(db, clubId, userId))
    .orderBy('club_seq')
    .select([...EVENT_COLUMNS]);
  return {
    reservations: rows.filter((row) => row.stream_type === 'reservation'),
    member: rows.filter((row) => row.stream_type === 'member'),
    sections: rows.filter((row) => sectionStreamTypes.has(row.stream_type)),
  };
}

/** Each booking as it stands now (folded by the domain, as the read model is) and its history. */
function bookingsOf(rows: readonly EventRow[], userId: string): ExportedBooking[] {
  const byStream = new Map<string, EventRow[]>();
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
  return [...byStream].map(([reservationId, events]) => {
    let state: Reservation | null = null;
    for (const row of events) state = evolve(state, toEnvelope(row) as unknown as ReservationEvent);
    return {
      reservation_id: reservationId,
      now: state && withoutIds(state),
      history: events.map((row) => exportedEvent(row, userId)),
    };
  });
}

function withoutIds({ _id, club_id: _club, user_id: _holder, ...rest }: Reservation) {
  return rest;
}

/**
 * What the member did in streams that are not their own: only what and when, never whose. Read by
 * `events_club_actor_idx`: the member's own actions, in the club's order.
 */
async function actionsInTheClub(db: Db, clubId: string, userId: string) {
  const rows: Pick<EventRow, 'type' | 'occurred_at' | 'stream_type' | 'stream_id' | 'data'>[] = await db(
    'events',
  )
    .where({ club_id: clubId, actor_id: userId })
    .orderBy('club_seq')
    .select('type', 'occurred_at', 'stream_type', 'stream_id', 'data');
  const ownReservations = new Set(
    rows
      .filter(
        (row) => row.type === 'ReservationMade' && (row.data as { user_id?: string }).user_id === userId,
      )
      .map((row) => row.stream_id),
  );
  return rows
    .filter(
      (row) =>
        !ownReservations.has(row.stream_id) &&
        !(row.stream_type === 'member' && row.stream_id === userId) &&
        // Only its member acts on such a stream: all of its events are in the member's own part.
        !sectionStreamTypes.has(row.stream_type),
    )
    .map((row) => ({
      type: row.type,
      title: eventTitles[row.type],
      occurred_at: row.occurred_at.toISOString(),
      stream_type: row.stream_type,
    }));
}
