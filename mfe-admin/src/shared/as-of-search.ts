/**
 * What "Stand am" shows, kept in the address bar so a link from the event log (or a bookmark)
 * opens the same view: `tag` (the grid's day), `datum` + `zeit` (the moment, club-local) and,
 * from the log, `position` (the exact cut: just before that event).
 */
import type { IsoDate } from '@platzbuchung/domain/types';
import { clubInstant, clubWallClock, type WallClock } from '@platzbuchung/domain/club-time';

/** Where "Stand am" cuts the log: at a moment, or just before an event of the log. */
export type AsOfCut = { at: string } | { position: number };

export interface AsOfView {
  day: IsoDate;
  moment: WallClock;
  /** Set when opened from an event: the cut is that position, the moment only labels it. */
  position: number | null;
  /** No moment was chosen: the grid as it stands now, after the newest event. */
  live: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** "Now": the newest event is the cut; the form shows the current time. */
function nowView(now: Date, timeZone: string): AsOfView {
  const wall = clubWallClock(timeZone, now);
  return { day: wall.date, moment: wall, position: null, live: true };
}

export function viewFromSearch(search: URLSearchParams, now: Date, timeZone: string): AsOfView {
  const fallback = nowView(now, timeZone);
  const day = search.get('tag') ?? '';
  const date = search.get('datum') ?? '';
  const time = search.get('zeit') ?? '';
  const position = search.get('position') ?? '';
  const chosen = ISO_DATE.test(date) && TIME.test(time);
  return {
    day: ISO_DATE.test(day) ? day : fallback.day,
    moment: chosen ? { date, time: time.length === 5 ? `${time}:00` : time } : fallback.moment,
    position: /^\d{1,15}$/.test(position) ? Number(position) : null,
    live: !chosen,
  };
}

export function searchFromView(view: AsOfView): URLSearchParams {
  const search = new URLSearchParams({ tag: view.day });
  if (view.live) return search;
  search.set('datum', view.moment.date);
  search.set('zeit', view.moment.time);
  if (view.position !== null) search.set('position', String(view.position));
  return search;
}

/** Asked as "now": the grid after the newest event, which the loader looks up. */
export const LATEST = 'latest' as const;

/**
 * The cut the API gets. A moment that is not yet past (the API refuses the future, and clocks run
 * apart by a few seconds) is asked as "now".
 */
export function cutOf(view: AsOfView, now: Date, timeZone: string): AsOfCut | typeof LATEST {
  if (view.position !== null) return { position: view.position };
  if (view.live) return LATEST;
  const at = clubInstant(timeZone, view.moment);
  if (at.getTime() > now.getTime() - 5_000) return LATEST;
  return { at: at.toISOString() };
}

/** The view "just before this event": position − 1, with its time one second earlier as the label. */
export function viewBefore(
  event: { position: number; occurred_at: string },
  day: IsoDate,
  timeZone: string,
): AsOfView {
  const moment = clubWallClock(timeZone, new Date(new Date(event.occurred_at).getTime() - 1000));
  return { day, moment, position: Math.max(0, event.position - 1), live: false };
}
