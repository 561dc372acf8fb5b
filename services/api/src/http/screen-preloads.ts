/**
 * What a page names of the screen its visitor will see, so the browser fetches it beside the
 * shell's own scripts instead of after them (docs/architecture/first-visit.md): the remote's
 * files and contract, and the screen's first requests, answered inline or preloaded.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { authStateOf, remoteScreenAt } from '@platzbuchung/host/routes';
import { dayInQuery } from '@platzbuchung/domain/reservations/day-address';
import { firstRequestsOf } from '@platzbuchung/domain/screens/first-requests';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { AppContext } from './context';
import { inlineAnswersBlock, inlineContractsBlock } from './page-head';
import type { InlineAnswerFor, PageStartupText } from './page-startup';
import { dataPreloadLinks, screenPreloadLinks, type ScreenFiles, type ScreenFilesFor } from './remote-files';

export interface PreloadSources {
  screenFilesFor: ScreenFilesFor;
  inlineAnswerFor: InlineAnswerFor | undefined;
}

/** What a page names of its screen: the links for its head, and the screen's files they name. */
interface ScreenPreloads {
  links: string;
  /** From the served manifest; null when the page shows no remote's screen or the manifest is unread. */
  files: ScreenFiles | null;
}

/**
 * The preload links of the screen this visitor will see at this path: its remote's files from the
 * served manifest, and the lists it asks for as it opens (`firstRequestsOf`), fetched with the
 * session's cookie. None where the shell shows no remote's screen (an unknown path, a redirect,
 * the membership notice); no files when the manifest cannot be read.
 */
export async function preloadsFor(
  ctx: AppContext,
  startup: PageStartupText,
  sources: PreloadSources,
): Promise<ScreenPreloads> {
  const screen = remoteScreenAt(ctx.path, authStateOf(startup.user));
  if (!screen) return { links: '', files: null };
  const [files, data] = await Promise.all([
    sources.screenFilesFor(screen.remote, screen.module, ctx.state.logger),
    firstData(screen, startup, dayInQuery(ctx.querystring), sources.inlineAnswerFor),
  ]);
  const contract = files?.contract ? inlineContractsBlock({ [screen.remote]: files.contract }) : '';
  const answers = Object.keys(data.answers).length ? inlineAnswersBlock(data.answers) : '';
  return {
    links: (files ? screenPreloadLinks(files) : '') + dataPreloadLinks(data.preloads) + contract + answers,
    files,
  };
}

/** The screen's first requests: those the page answers itself, and the others, to preload. */
async function firstData(
  screen: { remote: string; module: string },
  startup: PageStartupText,
  /** The day the address names, if any: the grid opens at it. */
  dayInAddress: IsoDate | null,
  inlineAnswerFor: InlineAnswerFor | undefined,
): Promise<{ answers: Record<string, unknown>; preloads: string[] }> {
  const { user, clubTimeZone } = startup;
  if (!user || !clubTimeZone) return { answers: {}, preloads: [] };
  const today = clubNow(clubTimeZone).date;
  const paths = firstRequestsOf(screen, {
    clubId: user.club_id,
    userId: user._id,
    today,
    shownDay: dayInAddress ?? today,
  });
  const inline = await Promise.all(paths.map((path) => inlineAnswerFor?.(path, user)));
  return {
    answers: Object.fromEntries(
      paths.flatMap((path, i) => (inline[i] === undefined ? [] : [[path, inline[i]] as const])),
    ),
    preloads: paths.filter((_, i) => inline[i] === undefined),
  };
}
