/**
 * The days a reservation list covers when its caller names none. The original client asks for the
 * club's list without `from`/`to` and draws both its day grid and "Meine Reservierungen" from that
 * one answer, so the window keeps what those screens need: a few weeks back for browsing the grid,
 * and every booking still to come. A club's older history stays out, so the answer stops growing
 * with the club's age (docs/architecture/read-models.md).
 */
import { addDays } from '../dates';
import type { IsoDate } from '../types';
import { MAX_YEARS_AHEAD } from './limits';

/** How far back a list without a range reaches: four weeks of grid to browse back through. */
export const PAST_DAYS_WITHOUT_RANGE = 28;

/**
 * The window of a list asked for without a range, both days inclusive: from four weeks back to
 * beyond the last bookable day (`lastBookableDay`, `MAX_YEARS_AHEAD` years on). It is counted from
 * the UTC date with a day to spare on either side, since every zone's today lies within a day of
 * it: the window holds the club's today whatever its zone, without asking for the club's zone.
 */
export function listWindowWithoutRange(now: Date): { from: IsoDate; to: IsoDate } {
  const utcToday = now.toISOString().slice(0, 10);
  return {
    from: addDays(utcToday, -(PAST_DAYS_WITHOUT_RANGE + 1)),
    // 366 days a year covers a leap day; one more day for a zone ahead of UTC.
    to: addDays(utcToday, MAX_YEARS_AHEAD * 366 + 1),
  };
}
