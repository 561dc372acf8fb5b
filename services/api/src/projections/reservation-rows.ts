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

/**
 * A row `r` as the JSON text of `toReservation(r)`, written by PostgreSQL: the same keys in the
 * same order (the columns' own, `id` named `_id`), `group_id` only when there is one (dates are ISO
 * days in JSON whatever the session's DateStyle). `joins` name the row's two shapes (lateral subqueries, which the planner folds into
 * the scan, unlike a subquery per row); `column` picks one, cast to text so pg hands the text
 * over instead of parsing it. A test keeps this and `toReservation` in step
 * (test/reservation-list-json.int.spec.ts).
 */
const JSON_FIELDS = RESERVATION_COLUMNS.filter((column) => column !== 'group_id')
  .map((column) => (column === 'id' ? 'r.id AS _id' : `r.${column}`))
  .join(', ');
/**
 * The booking's co-players as its JSON names them (docs/who-plays.md): members
 * with their names (both null once erased), guests by name; `[]` for none.
 */
export const PLAYERS_JSON = `(SELECT coalesce(json_agg(CASE WHEN p.user_id IS NULL
      THEN json_build_object('guest_name', g.name)
      ELSE json_build_object('user_id', p.user_id, 'first_name', u.first_name, 'last_name', u.last_name)
    END ORDER BY p.ordinal), '[]')
  FROM reservation_players p
  LEFT JOIN users u ON u.id = p.user_id
  LEFT JOIN reservation_guests g ON g.guest_id = p.guest_id
  WHERE p.reservation_id = r.id) AS players`;

export const RESERVATION_JSON = {
  joins: `CROSS JOIN LATERAL (SELECT ${JSON_FIELDS}, ${PLAYERS_JSON}) AS single
    CROSS JOIN LATERAL (SELECT ${JSON_FIELDS}, r.group_id, ${PLAYERS_JSON}) AS grouped`,
  column: `(CASE WHEN r.group_id IS NULL THEN row_to_json(single) ELSE row_to_json(grouped) END)::text`,
};

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
    // Only bookings made over several courts carry a group; the original shape stays as it was.
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
