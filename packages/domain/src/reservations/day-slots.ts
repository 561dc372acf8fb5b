/**
 * One day of a club as courts × hours: which reservation holds each slot, and what its cell says.
 * The day grid and "Stand am" draw a day from this, so both show the same bookings the same way.
 */
import { holderName, type Named } from '../names';
import type { IsoDate, Reservation } from '../types';
import { occursOn } from '../recurrence';

/** The key of one court at one hour. */
export const slotKey = (court: number | string, hour: number): string => `${court}:${hour}`;

/** Which reservation holds each court and hour on the day; `occursOn` decides the recurring ones. */
export function reservationsBySlot(
  reservations: readonly Reservation[],
  date: IsoDate,
): Map<string, Reservation> {
  const bySlot = new Map<string, Reservation>();
  for (const reservation of reservations) {
    if (!occursOn(reservation, date)) continue;
    for (let hour = reservation.start_time; hour < reservation.end_time; hour++) {
      bySlot.set(slotKey(reservation.court_num, hour), reservation);
    }
  }
  return bySlot;
}

/**
 * What a booked cell says: the booking's label, else its holder as "S. Graf". `people` is whom the
 * screen knows, by id; a holder not among them reads `unknown`.
 */
export function slotText(
  reservation: Reservation,
  people: ReadonlyMap<string, Named>,
  unknown: string,
): string {
  const label = reservation.label?.trim();
  if (label) return label;
  const holder = people.get(reservation.user_id);
  return holder ? holderName(holder) : unknown;
}

/** `from` up to, not including, `to`. */
export const numbersFrom = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** The club's courts, numbered from 1. */
export const courtNumbers = (club: { courts_count: number }): number[] =>
  numbersFrom(1, club.courts_count + 1);

/** Every hour a booking may start at: from opening to the last hour before closing. */
export const startHours = (club: { start_hour: number; end_hour: number }): number[] =>
  numbersFrom(club.start_hour, club.end_hour);
