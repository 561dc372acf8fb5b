/** The fixed bounds of a booking, read by the rules (./rules) and the forms alike. */
import type { IsoDate } from '../types';

/** An admin's booking lasts at most this many hours. */
export const MAX_DURATION_HOURS = 10;
/** A label's length, counted in code points as PostgreSQL counts varchar length. */
export const LABEL_MAX_LENGTH = 40;
/** Without a limit of the club's own, nobody books further ahead than this (a typo like 9999 included). */
export const MAX_YEARS_AHEAD = 2;

/** The last day that may be booked: the same calendar day `MAX_YEARS_AHEAD` years after today. */
export function lastBookableDay(today: IsoDate): IsoDate {
  return `${Number(today.slice(0, 4)) + MAX_YEARS_AHEAD}${today.slice(4)}`;
}
