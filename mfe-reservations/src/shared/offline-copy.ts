/**
 * The member's own upcoming bookings kept for a phone without network (docs/architecture/offline.md):
 * each time the own list is loaded or changes, the screens write it as the offline page shows it.
 * Only what the member needs to find their court: day, hours, court, label or series, whether they
 * are named on it; the other players' names are left out, so nobody else's name stays on the phone.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { courtName } from '@platzbuchung/domain/courts';
import { formatDateDe, formatTimeRange, wallClockOf, type WallClock } from '@platzbuchung/domain/dates';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, Reservation, SessionUser } from '@platzbuchung/domain/types';
import { keepOfflineCopy, type OfflineCopy } from '@platzbuchung/ui/offline-copy';
import { bookingEntries, cacheKey, myReservationsCache } from './my-reservations';

/** The copy of the own list as it stands at `clock` on the club's wall. */
export function offlineCopyOf(
  own: readonly Reservation[],
  club: Pick<Club, 'court_names'>,
  userId: string,
  clock: WallClock,
): OfflineCopy {
  const now = { date: clock.date, hour: Number(clock.time.slice(0, 2)) };
  return {
    readOn: formatDateDe(clock.date),
    readAt: clock.time.slice(0, 5),
    bookings: bookingEntries(own, now).map(({ reservation: r, date }) => ({
      day: formatDateDe(date),
      time: formatTimeRange(r.start_time, r.end_time),
      court: courtName(club, r.court_num),
      note: [
        r.label ?? '',
        r.recurring ? texts.recurringMarker : '',
        r.user_id === userId ? '' : playerTexts.coPlayer,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  };
}

/** Keeps the offline copy current while a reservations screen is open. */
export function useOfflineCopy(club: Club, user: SessionUser): void {
  const mine = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const key = cacheKey(club._id, user._id);
  const own = mine.key === key && mine.status === 'loaded' ? mine.value : null;
  useEffect(() => {
    if (own)
      void keepOfflineCopy(offlineCopyOf(own, club, user._id, wallClockOf(new Date(), club.time_zone)));
  }, [own, club, user._id]);
}
