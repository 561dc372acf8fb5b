/**
 * What every screen of this remote does with the club's live stream: the user's own reservations
 * (the /bookings list and the limit counter) follow each change; a screen may add its own.
 */
import { useCallback } from 'react';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import { clubNow } from '@platzbuchung/domain/club-time';
import { useLiveClub } from './live-club';
import { myWindow } from '@platzbuchung/domain/reservations/screen-requests';
import { applyLiveToOwn, cacheKey, myReservationsCache } from './my-reservations';
import { fetchMemberReservations } from './reservations-api';

/** Loads the user's own reservations from the club's today on. */
export function loadOwnReservations(clubId: string, userId: string, timeZone: string) {
  return fetchMemberReservations(clubId, userId, myWindow(clubNow(timeZone).date));
}

export function useLiveUpdates(
  clubId: string,
  userId: string,
  timeZone: string,
  screen: { change?: (change: LiveChange) => void; resync?: (since?: number) => void } = {},
): void {
  const key = cacheKey(clubId, userId);
  const load = useCallback(() => loadOwnReservations(clubId, userId, timeZone), [clubId, userId, timeZone]);
  useLiveClub(clubId, {
    change: (change) => {
      myReservationsCache.follow(
        key,
        (own) => applyLiveToOwn(own, change, userId, myWindow(clubNow(timeZone).date)),
        change.club_seq,
      );
      screen.change?.(change);
    },
    resync: (since) => {
      myReservationsCache.resync(key, load, since);
      screen.resync?.(since);
    },
  });
}
