/**
 * The day the grid shows belongs in the address (`/reservations?date=2026-12-01`): a reload keeps
 * it, Back steps to the day before, and a mail links to the day it speaks of
 * (docs/architecture/first-visit.md). The screen, the page's preloads and the mails read and write
 * it here, so the three agree on one name and one format.
 */
import { isIsoDate } from '../dates';
import type { IsoDate } from '../types';

const DAY_PARAMETER = 'date';

/** The query that shows `day`: "?date=2026-12-01". */
export const dayQuery = (day: IsoDate): string => `?${DAY_PARAMETER}=${day}`;

/** The day a query names ("?date=2026-12-01" or "date=…"), or null when it names none or no real one. */
export function dayInQuery(search: string): IsoDate | null {
  const day = new URLSearchParams(search).get(DAY_PARAMETER);
  return day !== null && isIsoDate(day) ? day : null;
}
