/**
 * One well-formed event of every type, for the tests that must see every kind of change (the
 * catalogue's schema check, the log's rebuild and verify). Keyed by type, so a new type does not
 * compile until it has an example. Taken in catalogue order, the examples of one stream type form
 * a history the projections accept: a weekly series made, moved, thinned, ended and deleted; a
 * block set and lifted; a settings change; a role and a status change; a waitlist entry joined and
 * left; an account charged, credited, paid and the payment returned.
 */
import { toCents } from '../cents';
import { streamTypes, type DomainEvent, type EventType, type StreamType } from './catalogue';

export interface ExampleIds {
  club: string;
  /** The member who books and whose role and status change. */
  user: string;
}

/**
 * The id of a stream type's example stream, one per type: a new stream type's examples get theirs
 * without any caller naming it.
 */
export function exampleStreamId(stream: StreamType): string {
  const n = streamTypes.indexOf(stream) + 1;
  return `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`;
}

type ExampleOf = { [T in EventType]: Extract<DomainEvent, { type: T }> };

const settings = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };

export function exampleEvents({ club, user }: ExampleIds): ExampleOf {
  const reservation = exampleStreamId('reservation');
  const block = exampleStreamId('block');
  const waitlist = exampleStreamId('waitlist');
  const payment = '00000000-0000-4000-8000-00000000fa01';
  const entry = '00000000-0000-4000-8000-00000000fa02';
  return {
    ReservationMade: {
      type: 'ReservationMade',
      reservation_id: reservation,
      data: {
        club_id: club,
        user_id: user,
        court_num: '3',
        start_time: 10,
        end_time: 11,
        date: '2026-11-23',
        label: 'Training',
        recurring: true,
        players: [{ user_id: user }, { guest_id: reservation, fee_cents: 500 }],
      },
    },
    CoPlayerLeft: { type: 'CoPlayerLeft', reservation_id: reservation, data: { user_id: user } },
    ReservationChanged: {
      type: 'ReservationChanged',
      reservation_id: reservation,
      data: { court_num: '2', date: '2026-11-24', start_time: 18, end_time: 19 },
    },
    OccurrenceCancelled: {
      type: 'OccurrenceCancelled',
      reservation_id: reservation,
      data: { date: '2026-12-01' },
    },
    CheckedIn: {
      type: 'CheckedIn',
      reservation_id: reservation,
      data: { date: '2026-12-08', user_id: user },
    },
    ReservationReleased: {
      type: 'ReservationReleased',
      reservation_id: reservation,
      data: { date: '2026-12-15', no_show_id: '7d3c1f0e-5a2b-4c8d-9e6f-1a2b3c4d5e6f' },
    },
    NoShowForgiven: {
      type: 'NoShowForgiven',
      reservation_id: reservation,
      data: { no_show_id: '7d3c1f0e-5a2b-4c8d-9e6f-1a2b3c4d5e6f' },
    },
    SeriesEnded: { type: 'SeriesEnded', reservation_id: reservation, data: { end_date: '2026-12-22' } },
    ReservationCancelled: {
      type: 'ReservationCancelled',
      reservation_id: reservation,
      data: { delete_type: 'all' },
    },
    CourtsBlocked: {
      type: 'CourtsBlocked',
      block_id: block,
      data: {
        court_nums: ['1', '2'],
        from: '2026-11-24T14:00',
        until: '2026-11-24T18:00',
        reason: 'Turnier',
      },
    },
    BlockLifted: { type: 'BlockLifted', block_id: block, data: {} },
    ClubSettingsChanged: {
      type: 'ClubSettingsChanged',
      club_id: club,
      data: { before: settings, after: { ...settings, courts_count: 6 } },
    },
    MemberRoleChanged: {
      type: 'MemberRoleChanged',
      user_id: user,
      data: { user_id: user, before: 'player', after: 'admin' },
    },
    MemberStatusChanged: {
      type: 'MemberStatusChanged',
      user_id: user,
      data: { user_id: user, before: 'pending', after: 'active' },
    },
    WaitlistJoined: {
      type: 'WaitlistJoined',
      entry_id: waitlist,
      data: { user_id: user, court_num: '2', date: '2026-11-24', start_time: 18 },
    },
    WaitlistLeft: { type: 'WaitlistLeft', entry_id: waitlist, data: {} },
    AccountCharged: {
      type: 'AccountCharged',
      account_id: user,
      data: {
        cents: 2100,
        text: 'Buchung Platz 2, Di., 24.11.2026, 10-11 Uhr',
        reservation_id: reservation,
        lines: [
          { label: 'Hallenmiete', cents: toCents(1800) },
          { label: 'Flutlicht', cents: toCents(300) },
        ],
      },
    },
    AccountCredited: {
      type: 'AccountCredited',
      account_id: user,
      data: {
        cents: 2100,
        text: 'Gutschrift Storno Platz 2, Di., 24.11.2026, 10-11 Uhr',
        reservation_id: reservation,
      },
    },
    PaymentRecorded: {
      type: 'PaymentRecorded',
      account_id: user,
      data: { cents: 5000, text: 'Überweisung', payment_id: payment, method: 'manual', entry_id: entry },
    },
    PaymentReturned: {
      type: 'PaymentReturned',
      account_id: user,
      data: {
        payment_id: payment,
        cents: 5000,
        fee_cents: 350,
        text: 'Rücklastschrift 50,00 € und Bankgebühr 3,50 €',
      },
    },
  };
}
