/**
 * What each page the API serves carries for the shell's start: the same answers `GET /api/clubs`
 * and `GET /api/verifyAuth` give this request (`PageStartup` in the host contract). The shell then
 * shows its layout without asking first, one round trip sooner on every visit
 * (docs/architecture/first-visit.md).
 */
import type { PageStartup } from '@platzbuchung/host/contract';
import type { SessionUser } from '@platzbuchung/domain/types';
import { usersPath } from '@platzbuchung/domain/reservations/screen-requests';
import { ClubDirectory } from '../accounts/club-directory';
import { listClubMembers } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { waitlistInlineAnswer } from '../reservations/own-waitlist';
import { checkInInlineAnswer } from '../check-in/own-check-in';
import type { InlineAnswer } from './inline-answer';
import { currentUser } from './auth';
import type { AppContext } from './context';

/**
 * The request's `PageStartup` as JSON text (the clubs' text is the directory's, never parsed again),
 * and whether it names nobody: every anonymous visitor then gets the same page, kept compressed.
 */
export interface PageStartupText {
  json: string;
  anonymous: boolean;
  /** The session's user, so the page can name the files of the screen this user will see. */
  user: SessionUser | null;
  /** The time zone of the user's club (its today names the week the grid opens with), if known. */
  clubTimeZone: string | null;
  /** The name of the user's club, which the logged-in layout's header shows, if known. */
  clubName: string | null;
}
export type PageStartupFor = (ctx: AppContext) => Promise<PageStartupText>;

export function pageStartup(db: Db): PageStartupFor {
  const directory = ClubDirectory.of(db);
  return async (ctx) => {
    const [snapshot, user] = await Promise.all([directory.current(), currentUser(ctx, db)]);
    const startupUser: PageStartup['user'] = user ?? null;
    const club = snapshot.clubs.find(({ club }) => club._id === user?.club_id)?.club;
    return {
      json: `{"clubs":${snapshot.body},"user":${JSON.stringify(startupUser)}}`,
      anonymous: startupUser === null,
      user: startupUser,
      clubTimeZone: club?.time_zone ?? null,
      clubName: club?.name ?? null,
    };
  };
}

/**
 * An answer the page may carry in place of the opened screen's request for it, as `GET` of that
 * path answers this user, or undefined when the screen asks itself.
 */
export type InlineAnswerFor = (path: string, user: SessionUser) => Promise<unknown>;

/**
 * The lists a first screen asks for that the page answers inline, one read each, the same as their
 * `GET` route makes, for an active member of that club (the page names a screen's requests only for
 * those): the club's members, which the grid and the players' list ask for as they open, and the
 * member's Warteliste, which the grid marks. The lists that carry a club sequence are preloaded
 * instead, so their route stays their one reader. A new list is one entry here and its address in
 * `firstRequestsOf` (docs/adding-a-change.md).
 */
const inlineAnswers: readonly InlineAnswer[] = [
  { path: usersPath, read: (db, user) => listClubMembers(db, user.club_id) },
  waitlistInlineAnswer,
  checkInInlineAnswer,
];

export function firstScreenAnswers(db: Db, clock: () => Date): InlineAnswerFor {
  return async (path, user) => {
    if (user.status !== 'active') return undefined;
    const answer = inlineAnswers.find((one) => one.path(user.club_id) === path);
    return answer?.read(db, user, clock());
  };
}
