/**
 * What the day grid shows (SPEC section 2), computed from plain data so it is tested without a
 * browser: the hours and courts, and for every cell its reservation, its marks, its text and the
 * name a screen reader announces.
 */
import { addDays, formatHour, isPastSlot, weekdayOf, type LocalMoment } from '@platzbuchung/domain/dates';
import { occursOn } from '@platzbuchung/domain/reservations/recurrence';
import type { Club, IsoDate, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import { holderName } from '../../shared/club-users';
import type { DateWindow } from '../../shared/reservations-api';

/** The grid loads a whole week (Monday to Sunday) at once, so stepping through it needs no request. */
export function weekWindow(date: IsoDate): DateWindow {
  const from = addDays(date, -((weekdayOf(date) + 6) % 7));
  return { from, to: addDays(from, 6) };
}

export const windowContains = (window: DateWindow | null, date: IsoDate): boolean =>
  window !== null && window.from <= date && date <= window.to;

export function gridHours(club: Pick<Club, 'start_hour' | 'end_hour'>): number[] {
  const hours: number[] = [];
  for (let hour = club.start_hour; hour < club.end_hour; hour++) hours.push(hour);
  return hours;
}

export function gridCourts(club: Pick<Club, 'courts_count'>): number[] {
  return Array.from({ length: club.courts_count }, (_, i) => i + 1);
}

export interface GridCell {
  court: number;
  hour: number;
  reservation: Reservation | null;
  past: boolean;
  mine: boolean;
  /** The label, else the holder as "S. Graf"; empty for a free cell. */
  text: string;
  /** "Platz 3, 14:00, reserviert von S. Graf". */
  accessibleName: string;
}

export interface GridInput {
  club: Pick<Club, 'courts_count' | 'start_hour' | 'end_hour'>;
  date: IsoDate;
  reservations: readonly Reservation[];
  users: readonly UserListEntry[];
  userId: string;
  now: LocalMoment;
}

const slotKey = (court: number | string, hour: number) => `${court}:${hour}`;

/** Which reservation holds each court and hour on the day; `occursOn` decides the recurring ones. */
export function reservationsBySlot(reservations: readonly Reservation[], date: IsoDate) {
  const bySlot = new Map<string, Reservation>();
  for (const reservation of reservations) {
    if (!occursOn(reservation, date)) continue;
    for (let hour = reservation.start_time; hour < reservation.end_time; hour++) {
      bySlot.set(slotKey(reservation.court_num, hour), reservation);
    }
  }
  return bySlot;
}

function cellText(reservation: Reservation | null, users: ReadonlyMap<string, UserListEntry>): string {
  if (!reservation) return '';
  const label = reservation.label?.trim();
  if (label) return label;
  const user = users.get(reservation.user_id);
  return user ? holderName(user) : '';
}

function describeCell(cell: Omit<GridCell, 'accessibleName'>): string {
  const parts = [`Platz ${cell.court}`, formatHour(cell.hour)];
  const { reservation } = cell;
  if (!reservation) parts.push('frei');
  else if (cell.mine) parts.push(cell.text ? `Ihre Reservierung: ${cell.text}` : 'Ihre Reservierung');
  else parts.push(cell.text ? `reserviert von ${cell.text}` : 'reserviert');
  if (reservation?.recurring) parts.push('wöchentlich');
  if (cell.past) parts.push('vergangen');
  return parts.join(', ');
}

/** One row per hour, one cell per court. */
export function buildGrid(input: GridInput): GridCell[][] {
  const users = new Map(input.users.map((u) => [u._id, u]));
  const bySlot = reservationsBySlot(input.reservations, input.date);
  return gridHours(input.club).map((hour) =>
    gridCourts(input.club).map((court) => {
      const reservation = bySlot.get(slotKey(court, hour)) ?? null;
      const cell = {
        court,
        hour,
        reservation,
        past: isPastSlot(input.date, hour, input.now),
        mine: reservation !== null && reservation.user_id === input.userId,
        text: cellText(reservation, users),
      };
      return { ...cell, accessibleName: describeCell(cell) };
    }),
  );
}
