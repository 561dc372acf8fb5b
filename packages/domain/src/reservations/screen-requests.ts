/**
 * The lists the reservations screens ask for, by address: the screens build their requests with
 * these, and the API names the same addresses in the page as preloads, so the first screen's data
 * starts with the page and the screen takes the answers the browser already has
 * (docs/architecture/first-visit.md). One place for both, or the addresses would drift and
 * the browser would ask twice.
 */
import { addDays, mondayOf } from '../dates';
import type { IsoDate } from '../types';
import { MAX_RANGE_DAYS } from './schemas';

/** A span of club-local days, both ends included. */
export interface DateWindow {
  from: IsoDate;
  to: IsoDate;
}

/** The grid loads a whole week (Monday to Sunday) at once, so stepping through it needs no request. */
export function weekWindow(date: IsoDate): DateWindow {
  const from = mondayOf(date);
  return { from, to: addDays(from, 6) };
}

/** A member's own bookings: today and as far ahead as one call may reach. */
export function myWindow(today: IsoDate): DateWindow {
  return { from: today, to: addDays(today, MAX_RANGE_DAYS) };
}

const windowQuery = ({ from, to }: DateWindow) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** The club's reservations in the window; with `userId`, only those of that member. */
export function reservationsPath(clubId: string, window: DateWindow, userId?: string): string {
  const member = userId === undefined ? '' : `&user_id=${encodeURIComponent(userId)}`;
  return `/api/reservations?club_id=${encodeURIComponent(clubId)}${member}&${windowQuery(window)}`;
}

/** The court blocks that touch the window's days. */
export function blocksPath(clubId: string, window: DateWindow): string {
  return `/api/blocks?club_id=${encodeURIComponent(clubId)}&${windowQuery(window)}`;
}

/** The club's members. */
export function usersPath(clubId: string): string {
  return `/api/users?club_id=${encodeURIComponent(clubId)}`;
}
