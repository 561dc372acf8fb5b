/** "Stand am": the grid as it was at a cut, one page at a time. */
import type { ClubSettings } from '@platzbuchung/domain/schemas';
import type { Reservation } from '@platzbuchung/domain/types';
import { getJson } from '@platzbuchung/ui/api/client';
import type { AsOfCut } from '../../shared/as-of-search';

export interface AsOfAnswer {
  /** The club's last event number up to the cut: further pages of the same grid ask for it. */
  position: number;
  /** One page of the grid, in its order; a day's grid always fits in one. */
  data: Reservation[];
  /** The cursor of the next page, null when this one is the last. */
  next: { after: string } | null;
  /** The club's settings at that moment (courts, hours, zone), from its settings changes in the log. */
  club: ClubSettings & { _id: string };
}

function asOfQuery(clubId: string, cut: AsOfCut, date: string, after: string | null): string {
  const params = new URLSearchParams({ club_id: clubId, date });
  if ('position' in cut) params.set('position', String(cut.position));
  else params.set('at', cut.at);
  if (after !== null) params.set('after', after);
  return `/api/admin/as-of?${params.toString()}`;
}

/** One page of "Stand am": the first with `after` null, the next with the previous page's cursor. */
export const fetchAsOf = (
  clubId: string,
  cut: AsOfCut,
  date: string,
  after: string | null,
  signal?: AbortSignal,
) => getJson<AsOfAnswer>(asOfQuery(clubId, cut, date, after), signal);
