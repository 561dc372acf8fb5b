/**
 * What check-in reads (docs/check-in.md): the club's setting, the bookings whose check-in window is
 * open on a court, a member's pause, and the club's no-shows for its admins.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import { isReleasable } from '@platzbuchung/domain/check-in/check-in';
import { pauseEndsOn } from '@platzbuchung/domain/check-in/no-shows';
import { dateToCheckIn } from '@platzbuchung/domain/check-in/window';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { CheckInSettings } from '@platzbuchung/domain/schemas';
import { findPlayRules } from '../accounts/users-store';
import type { Club, IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';
import { peopleOf } from '../commands/booking-context';

export async function checkInSettingsOf(db: Db, clubId: string): Promise<CheckInSettings> {
  return ((await findPlayRules(db, clubId)) ?? playRulesOf({})).check_in;
}

/** The club's bookings that may take place from `from` to `to`, on one court or all. */
export async function bookingsAround(
  db: Db,
  clubId: string,
  from: IsoDate,
  to: IsoDate,
  courtNum?: string,
): Promise<Reservation[]> {
  const rows: ReservationRow[] = await db('reservations')
    .where('club_id', clubId)
    // A series only while it runs in the range, as the grid's lists read it (reservations/window-list).
    .andWhere((q) =>
      q
        .where((series) =>
          series
            .where('recurring', true)
            .andWhere('date', '<=', to)
            .andWhere((end) => end.whereNull('end_date').orWhere('end_date', '>', from)),
        )
        .orWhereBetween('date', [from, to]),
    )
    .modify((q) => {
      if (courtNum !== undefined) q.where('court_num', courtNum);
    })
    .select([...RESERVATION_COLUMNS]);
  return rows.map(toReservation);
}

/** A booking on the court whose window is open at `at`, with the members who may check in for it. */
export interface OpenForCheckIn {
  reservation: Reservation;
  date: IsoDate;
  members: string[];
}

export async function openOnCourt(
  db: Db,
  club: Club,
  settings: CheckInSettings,
  courtNum: string,
  at: Date,
): Promise<OpenForCheckIn[]> {
  const today = clubNow(club.time_zone, at).date;
  const bookings = await bookingsAround(db, club._id, addDays(today, -1), addDays(today, 1), courtNum);
  const open: OpenForCheckIn[] = [];
  for (const reservation of bookings) {
    const date = dateToCheckIn(reservation, club.time_zone, today, settings, at);
    if (date === null || !isReleasable(reservation)) continue;
    open.push({ reservation, date, members: await peopleOf(db, reservation._id) });
  }
  return open;
}

/** The last day of the member's pause, or null (also while the club asks for no check-in). */
export async function pauseOf(
  db: Db,
  clubId: string,
  userId: string,
  settings: CheckInSettings,
  today: IsoDate,
): Promise<IsoDate | null> {
  if (!settings.required) return null;
  const noShows: { id: string; date: IsoDate }[] = await db('no_shows')
    .where({ club_id: clubId, user_id: userId })
    .select('id', db.raw(`to_char(date, 'YYYY-MM-DD') AS date`));
  return pauseEndsOn(noShows, settings, today);
}

/** The club's dates of bookings someone checked in for, from yesterday on (no one's name). */
export async function checkedInDates(
  db: Db,
  clubId: string,
  today: IsoDate,
): Promise<{ reservation_id: string; date: IsoDate }[]> {
  return db('check_ins')
    .where('club_id', clubId)
    .andWhere('date', '>=', addDays(today, -1))
    .select('reservation_id', db.raw(`to_char(date, 'YYYY-MM-DD') AS date`));
}

/** The club's no-shows that still count, newest first, with the member's name and the hour. */
export async function listNoShows(db: Db, clubId: string) {
  return db('no_shows as n')
    .join('users as u', 'u.id', 'n.user_id')
    .where('n.club_id', clubId)
    .orderBy([
      { column: 'n.date', order: 'desc' },
      { column: 'n.released_at', order: 'desc' },
    ])
    .select(
      { _id: 'n.id', user_id: 'n.user_id', first_name: 'u.first_name', last_name: 'u.last_name' },
      db.raw(`to_char(n.date, 'YYYY-MM-DD') AS date`),
      'n.released_at',
    );
}
