/**
 * What the club's exports and the treasurer's guest list read (docs/architecture/exports.md):
 * every date a live booking takes place within a range, with who booked and who plays, from the
 * read models (`reservations`, `reservation_players`, `reservation_guests`), and the members.
 */
import { fullName } from '@platzbuchung/domain/names';
import { occurrencesBetween } from '@platzbuchung/domain/recurrence';
import type { GuestList, GuestRow, GuestTotal, Person } from '@platzbuchung/domain/exports/guest-list';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import { hasBegun } from '@platzbuchung/domain/reservations/delete-reservation';
import type { Db } from '../db/connect';
import type { DateRange } from '../http/date-range';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';

/** One co-player of a booking: a member, or a guest with the fee per hour fixed when named. */
export type Player = { member: Person } | { guest_name: string; fee_cents: number };

/** One date a booking takes place on. */
export interface Occurrence {
  date: IsoDate;
  booking: Reservation;
  booker: Person;
  players: Player[];
}

type NamedRow = ReservationRow & { first_name: string | null; last_name: string | null };

/** The club's live bookings that take place within the range, each date on its own, in order. */
export async function occurrencesIn(db: Db, clubId: string, { from, to }: DateRange): Promise<Occurrence[]> {
  const rows: NamedRow[] = await db('reservations as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where('r.club_id', clubId)
    .where('r.date', '<=', to)
    .andWhere((q) =>
      q
        .where('r.date', '>=', from)
        .orWhere((series) =>
          series
            .where('r.recurring', true)
            .andWhere((end) => end.whereNull('r.end_date').orWhere('r.end_date', '>', from)),
        ),
    )
    .select([
      ...RESERVATION_COLUMNS.map((column) => `r.${column}`),
      'r.version',
      'u.first_name',
      'u.last_name',
    ]);
  const players = await playersOf(
    db,
    clubId,
    rows.map((row) => row.id),
  );
  const occurrences = rows.flatMap((row) => {
    const booking = toReservation(row);
    const booker = { user_id: row.user_id, first_name: row.first_name, last_name: row.last_name };
    return occurrencesBetween(booking, from, to).map((date) => ({
      date,
      booking,
      booker,
      players: players.get(row.id) ?? [],
    }));
  });
  return occurrences.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.booking.start_time - b.booking.start_time ||
      a.booking.court_num.localeCompare(b.booking.court_num, 'de', { numeric: true }),
  );
}

/** The co-players of these bookings, in the order the booking names them. */
async function playersOf(
  db: Db,
  clubId: string,
  reservationIds: readonly string[],
): Promise<Map<string, Player[]>> {
  const byBooking = new Map<string, Player[]>();
  if (reservationIds.length === 0) return byBooking;
  const rows: {
    reservation_id: string;
    user_id: string | null;
    fee_cents: number | null;
    first_name: string | null;
    last_name: string | null;
    guest_name: string | null;
  }[] = await db('reservation_players as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('reservation_guests as g', 'g.guest_id', 'p.guest_id')
    .where('p.club_id', clubId)
    .whereIn('p.reservation_id', reservationIds)
    .orderBy([{ column: 'p.reservation_id' }, { column: 'p.ordinal' }])
    .select(
      'p.reservation_id',
      'p.user_id',
      'p.fee_cents',
      'u.first_name',
      'u.last_name',
      'g.name as guest_name',
    );
  for (const row of rows) {
    const player: Player = row.user_id
      ? { member: { user_id: row.user_id, first_name: row.first_name, last_name: row.last_name } }
      : { guest_name: row.guest_name ?? '', fee_cents: row.fee_cents ?? 0 };
    byBooking.set(row.reservation_id, [...(byBooking.get(row.reservation_id) ?? []), player]);
  }
  return byBooking;
}

/** How a player is named in a list: a member by full name, a guest by name with "(Gast)". */
export const playerName = (player: Player): string =>
  'member' in player ? fullName(player.member) : `${player.guest_name} (Gast)`;

/**
 * The treasurer's list: every guest booked within the range, and the fees per member. A range may
 * reach past `now` (the club's): hours not yet begun count too, each marked, their part summed.
 */
export async function guestList(
  db: Db,
  clubId: string,
  range: DateRange,
  now: LocalMoment,
): Promise<GuestList> {
  const data: GuestRow[] = (await occurrencesIn(db, clubId, range)).flatMap(
    ({ date, booking, booker, players }) =>
      players.flatMap((player) => {
        if ('member' in player) return [];
        const hours = booking.end_time - booking.start_time;
        return [
          {
            date,
            hours,
            court_num: booking.court_num,
            member: booker,
            guest_name: player.guest_name,
            fee_cents: player.fee_cents * hours,
            played: hasBegun(date, booking.start_time, now),
          },
        ];
      }),
  );
  const upcoming = (row: GuestRow) => (row.played ? 0 : row.fee_cents);
  const totals = new Map<string, GuestTotal>();
  for (const row of data) {
    const total = totals.get(row.member.user_id) ?? {
      ...row.member,
      guest_hours: 0,
      fee_cents: 0,
      upcoming_fee_cents: 0,
    };
    totals.set(row.member.user_id, {
      ...total,
      guest_hours: total.guest_hours + row.hours,
      fee_cents: total.fee_cents + row.fee_cents,
      upcoming_fee_cents: total.upcoming_fee_cents + upcoming(row),
    });
  }
  const byName = [...totals.values()].sort((a, b) => fullName(a).localeCompare(fullName(b), 'de'));
  return {
    data,
    totals: byName,
    total_fee_cents: data.reduce((sum, row) => sum + row.fee_cents, 0),
    upcoming_fee_cents: data.reduce((sum, row) => sum + upcoming(row), 0),
  };
}

export interface MemberRow extends Person {
  email: string;
  role: 'admin' | 'player';
  status: 'active' | 'pending' | 'inactive';
  created_at: Date;
}

export async function clubMembers(db: Db, clubId: string): Promise<MemberRow[]> {
  return db('users')
    .where({ club_id: clubId })
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }])
    .select({ user_id: 'id' }, 'first_name', 'last_name', 'email', 'role', 'status', 'created_at');
}
