/**
 * What each screen asks for as it opens, by address: the API names the same addresses in the page
 * as preloads or answers them inline (docs/architecture/first-visit.md). A composition of the
 * features' own paths (the reservations', the Warteliste's), kept apart from them so that no
 * feature imports another to list it.
 */
import type { IsoDate } from '../types';
import {
  blocksPath,
  myWindow,
  reservationsPath,
  usersPath,
  weekWindow,
} from '../reservations/screen-requests';
import { waitlistPath } from '../waitlist/requests';
import { ownCheckInPath } from '../check-in/requests';

/** Who opens the screen, and the club's today (its own time zone's date). */
export interface ScreenOpening {
  clubId: string;
  userId: string;
  today: IsoDate;
  /** The day the grid opens at: the address's day (day-address.ts), else `today`. */
  shownDay: IsoDate;
}

/**
 * What a reservations screen asks for as it opens, in the order it asks: the day grid the week
 * of the day it opens at and its blocks, the members for the cells' names and the member's own bookings for the
 * limit; "Meine Reservierungen" the member's own bookings, Warteliste entries and check-in; the players' list
 * the members. Other screens start with nothing named here.
 */
export function firstRequestsOf(
  screen: { remote: string; module: string },
  opening: ScreenOpening,
): string[] {
  if (screen.remote !== 'reservations') return [];
  const { clubId, userId, today, shownDay } = opening;
  switch (screen.module) {
    case './Reservations':
      return [
        reservationsPath(clubId, weekWindow(shownDay)),
        blocksPath(clubId, weekWindow(shownDay)),
        usersPath(clubId),
        reservationsPath(clubId, myWindow(today), userId),
        waitlistPath(clubId),
      ];
    case './MyReservations':
      // The members' names only when a booking names the member on someone else's: asked then.
      return [
        reservationsPath(clubId, myWindow(today), userId),
        waitlistPath(clubId),
        ownCheckInPath(clubId),
      ];
    case './Players':
      return [usersPath(clubId)];
    default:
      return [];
  }
}
