import type { Reservation } from '@platzbuchung/domain/types';

/** A `reservations` row as pg returns it (`date` columns stay strings, see db/connect). */
export interface ReservationRow {
  id: string;
  club_id: string;
  user_id: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: string;
  label: string | null;
  recurring: boolean;
  deleted_dates: string[];
  end_date: string | null;
  group_id: string | null;
  version: number;
}

export const RESERVATION_COLUMNS = [
  'id',
  'club_id',
  'user_id',
  'court_num',
  'start_time',
  'end_time',
  'date',
  'label',
  'recurring',
  'deleted_dates',
  'end_date',
  'group_id',
] as const;

export function toReservation(row: Omit<ReservationRow, 'version'>): Reservation {
  return {
    _id: row.id,
    club_id: row.club_id,
    user_id: row.user_id,
    court_num: row.court_num,
    start_time: row.start_time,
    end_time: row.end_time,
    date: row.date,
    label: row.label,
    recurring: row.recurring,
    deleted_dates: row.deleted_dates,
    end_date: row.end_date,
    // Only bookings made over several courts carry a group; the SPEC's shape stays as it was.
    ...(row.group_id ? { group_id: row.group_id } : {}),
  };
}

export function toRow(reservation: Reservation, version: number): ReservationRow {
  return {
    id: reservation._id,
    club_id: reservation.club_id,
    user_id: reservation.user_id,
    court_num: reservation.court_num,
    start_time: reservation.start_time,
    end_time: reservation.end_time,
    date: reservation.date,
    label: reservation.label ?? null,
    recurring: reservation.recurring,
    deleted_dates: reservation.deleted_dates,
    end_date: reservation.end_date ?? null,
    group_id: reservation.group_id ?? null,
    version,
  };
}
