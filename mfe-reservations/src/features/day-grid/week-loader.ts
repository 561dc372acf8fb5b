/** How the day grid loads a week: the reservations and the court blocks of its days. */
import { fromPromise } from 'xstate';
import { fetchBlocks, fetchReservations, type DateWindow } from '../../shared/reservations-api';
import type { WeekData } from './day-grid-machine';

function requestWeek(clubId: string, window: DateWindow, signal?: AbortSignal): Promise<WeekData> {
  return Promise.all([fetchReservations(clubId, window, signal), fetchBlocks(clubId, window, signal)]).then(
    ([reservations, blocks]) => ({
      reservations: reservations.value,
      blocks: blocks.value,
      clubSeq: Math.min(reservations.clubSeq, blocks.clubSeq),
    }),
  );
}

/**
 * The week loader for one mounted grid. Its first week is asked for while the grid first renders,
 * not when the machine starts: @xstate/react starts the actor in an effect, which Preact runs only
 * after the next paint, and on a slow phone that paint is time the request need not wait for. The
 * machine's first load takes that answer (once, for the same window); every other load asks anew.
 */
export function weekLoader(clubId: string, firstWindow: DateWindow) {
  let early: Promise<WeekData> | null = requestWeek(clubId, firstWindow);
  // Failing before the machine takes it is the machine's failure to see, not an unhandled one.
  early.catch(() => {});
  return fromPromise<WeekData, { clubId: string; window: DateWindow }>(({ input, signal }) => {
    const taken = early;
    early = null;
    const same =
      input.clubId === clubId && input.window.from === firstWindow.from && input.window.to === firstWindow.to;
    return taken && same ? taken : requestWeek(input.clubId, input.window, signal);
  });
}
