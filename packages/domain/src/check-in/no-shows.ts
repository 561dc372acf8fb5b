/**
 * No-shows and the pause they cost (docs/check-in.md): `strikes` no-shows within `strike_days`
 * pause a member's own bookings for `pause_days`, counted from the day of the last of them.
 */
import { addDays, daysBetween } from '../dates';
import type { CheckInSettings } from '../schemas';
import type { IsoDate } from '../types';

/** One release that counts against the booker: the club-local day it happened. */
export interface NoShow {
  id: string;
  date: IsoDate;
}

type PauseSettings = Pick<CheckInSettings, 'strikes' | 'strike_days' | 'pause_days'>;

/**
 * The last day of the member's pause on `today`, or null when they may book. Each run of `strikes`
 * no-shows within `strike_days` days starts a pause on the day of its last one.
 */
export function pauseEndsOn(
  noShows: readonly NoShow[],
  settings: PauseSettings,
  today: IsoDate,
): IsoDate | null {
  const dates = noShows.map((noShow) => noShow.date).sort();
  let lastDay: IsoDate | null = null;
  for (let last = settings.strikes - 1; last < dates.length; last++) {
    const first = dates[last - settings.strikes + 1]!;
    if (daysBetween(first, dates[last]!) >= settings.strike_days) continue;
    const ends = addDays(dates[last]!, settings.pause_days - 1);
    if (lastDay === null || ends > lastDay) lastDay = ends;
  }
  return lastDay !== null && today <= lastDay ? lastDay : null;
}

/** No-shows older than this day no longer count, and are removed (docs/privacy.md). */
export function oldestCountingDay(settings: Pick<CheckInSettings, 'strike_days'>, today: IsoDate): IsoDate {
  return addDays(today, 1 - settings.strike_days);
}
