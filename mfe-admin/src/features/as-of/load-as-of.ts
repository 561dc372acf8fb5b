/** What "Stand am" shows: the day's reservations as of the chosen moment, with the club as it was. */
import type { Club, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import { fetchAsOf, type AsOfAnswer } from './api';
import { fetchEvents } from '../../shared/events-api';
import { fetchMembers } from '../../shared/members-api';
import type { AsOfCut } from '../../shared/as-of-search';
import { LATEST, cutOf, type AsOfView } from '../../shared/as-of-search';

interface AsOfData {
  reservations: Reservation[];
  /** Every member of the club, whatever their status: whoever is missing was erased. */
  users: UserListEntry[];
  /** Courts and hours as the club had them then. */
  club: Club;
}

/** Asks for one page: the first (`after` null) at `cut`, a later one at the position the first answered. */
type AsOfPageFetcher = (cut: AsOfCut, after: string | null) => Promise<AsOfAnswer>;

/**
 * The whole grid of the view, page by page: the API answers in pages (a day's grid fits in one, so
 * this is one request in practice); later pages ask for the position the first one answered, so
 * all pages show the same moment even when events followed meanwhile.
 */
export async function allAsOfPages(cut: AsOfCut, fetchPage: AsOfPageFetcher): Promise<AsOfAnswer> {
  const first = await fetchPage(cut, null);
  const data = [...first.data];
  for (let next = first.next; next !== null;) {
    const page = await fetchPage({ position: first.position }, next.after);
    data.push(...page.data);
    next = page.next;
  }
  return { ...first, data, next: null };
}

export async function loadAsOf(
  { clubId, view, timeZone }: { clubId: string; view: AsOfView; timeZone: string },
  signal: AbortSignal,
): Promise<AsOfData> {
  const cut = cutOf(view, new Date(), timeZone);
  const fetchPage: AsOfPageFetcher = (pageCut, after) => fetchAsOf(clubId, pageCut, view.day, after, signal);
  const [asOf, users] = await Promise.all([
    cut === LATEST
      ? fetchEvents(clubId, { limit: 1 }, signal).then((newest) =>
          allAsOfPages({ position: newest.data[0]?.position ?? 0 }, fetchPage),
        )
      : allAsOfPages(cut, fetchPage),
    fetchMembers(clubId, signal),
  ]);
  const { rules, ...settings } = asOf.club;
  return {
    reservations: asOf.data,
    club: { ...settings, member_approval: settings.member_approval ?? false, has_rules: rules !== '' },
    users,
  };
}
