/** What "Stand am" shows: the day's reservations as of the chosen moment, with the club as it was. */
import type { Club, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import { fetchAsOf, fetchEvents, fetchMembers } from '../../shared/admin-api';
import { LATEST, cutOf, type AsOfView } from '../../shared/as-of-search';

interface AsOfData {
  reservations: Reservation[];
  /** Every member of the club, whatever their status: whoever is missing was erased. */
  users: UserListEntry[];
  /** Courts and hours as the club had them then. */
  club: Club;
}

export async function loadAsOf(
  { clubId, view, timeZone }: { clubId: string; view: AsOfView; timeZone: string },
  signal: AbortSignal,
): Promise<AsOfData> {
  const cut = cutOf(view, new Date(), timeZone);
  const [asOf, users] = await Promise.all([
    cut === LATEST
      ? fetchEvents(clubId, { limit: 1 }, signal).then((newest) =>
          fetchAsOf(clubId, { position: newest.data[0]?.position ?? 0 }, view.day, signal),
        )
      : fetchAsOf(clubId, cut, view.day, signal),
    fetchMembers(clubId, signal),
  ]);
  const { rules, ...settings } = asOf.club;
  return {
    reservations: asOf.data,
    club: { ...settings, member_approval: settings.member_approval ?? false, has_rules: rules !== '' },
    users,
  };
}
