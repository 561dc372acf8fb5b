/**
 * The day grid's data without its view: the chosen day,
 * the week of reservations and court blocks loaded around it, and reloads. Stepping within the loaded week needs no
 * request; leaving it loads the new week. A failed load is only logged.
 *
 * Changes from the club's live stream (../../shared/live-club) are applied as they arrive; those
 * arriving while a week loads wait and are applied to its answer, which may predate them. When the
 * stream had to start afresh, the week is loaded again unless what is shown already includes the
 * club sequence the stream starts from; when polling replaces the stream, at every poll.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isIsoDate } from '@platzbuchung/domain/dates';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { DateWindow } from '../../shared/reservations-api';
import { weekWindow } from '@platzbuchung/domain/reservations/screen-requests';
import { applyLiveChanges, windowContains } from './grid-model';

interface DayGridInput {
  clubId: string;
  date: IsoDate;
}

/** What one load brings: the week's reservations and the blocks that touch it. */
export interface WeekData {
  reservations: Reservation[];
  blocks: Block[];
  /** The club sequence both lists include at least (their `Club-Seq`; 0 when unknown). */
  clubSeq: number;
}

interface DayGridContext {
  clubId: string;
  date: IsoDate;
  /** The week being loaded or shown. */
  window: DateWindow;
  /** The window `reservations` belong to; null before the first answer. */
  loadedWindow: DateWindow | null;
  reservations: Reservation[];
  /** Court blocks touching `loadedWindow`. */
  blocks: Block[];
  /** Live changes that arrived during a load, for its answer. */
  pending: LiveChange[];
  /** The club sequence of the last live change applied to the shown data; 0 before any. */
  liveSeq: number;
  /** The club sequence the last answer included. */
  loadedSeq: number;
  /**
   * The stream started afresh at this sequence while a load ran: an answer that does not include
   * it is loaded once more (Infinity: every answer, as when a poll came due).
   */
  mustInclude: number;
  /**
   * A load failed since the last answer: the changes that arrived during it were dropped, so the
   * shown week may lack them, whatever sequence its later live changes reach. Until an answer
   * comes, every fresh stream or poll loads again.
   */
  behind: boolean;
}

export type DayGridEvent =
  | { type: 'date.change'; date: IsoDate }
  | { type: 'grid.reload' }
  | { type: 'reservations.replaced'; window: DateWindow; reservations: Reservation[] }
  | { type: 'live.change'; change: LiveChange }
  /**
   * The stream started afresh at club sequence `since`, or a poll is due (no `since`): what is
   * shown may have missed changes.
   */
  | { type: 'live.resync'; since?: number };

/** Whether the shown week may lack changes since a stream (re)started at `since`; a poll (no `since`) always. */
function mayHaveMissed(context: DayGridContext, since: number | undefined): boolean {
  return since === undefined || context.behind || Math.max(context.loadedSeq, context.liveSeq) < since;
}

/** The shown week with live changes applied, and the sequence it now includes. */
function withLiveChanges(context: DayGridContext, changes: readonly LiveChange[], window: DateWindow) {
  return {
    ...applyLiveChanges(context, changes, window),
    liveSeq: Math.max(context.liveSeq, ...changes.map((change) => change.club_seq)),
  };
}

export const dayGridMachine = setup({
  types: {
    context: {} as DayGridContext,
    events: {} as DayGridEvent,
    input: {} as DayGridInput,
  },
  actors: {
    loadWeek: fromPromise<WeekData, { clubId: string; window: DateWindow }>(async () => {
      throw new Error('loadWeek muss mit provide() übergeben werden');
    }),
  },
  actions: {
    /** A week's answer, with the live changes that arrived while it loaded. */
    showAnswer: assign(({ context }, answer: WeekData) => ({
      ...applyLiveChanges(answer, context.pending, context.window),
      loadedWindow: context.window,
      loadedSeq: answer.clubSeq,
      pending: [],
      behind: false,
    })),
    /** Back to the loaded week while another one loaded: its changes so far belong on screen too. */
    showPending: assign(({ context }) => {
      if (!context.loadedWindow || !context.pending.length) return {};
      return { ...withLiveChanges(context, context.pending, context.loadedWindow), pending: [] };
    }),
    reportLoadFailed: (_, _error: unknown) => {},
    /** Someone may keep the chosen day for the next visit. */
    reportDate: (_, _date: IsoDate) => {},
  },
  guards: {
    isCalendarDate: ({ event }) => event.type === 'date.change' && isIsoDate(event.date),
    /** Back in the loaded week, which may lack what a stream started during the load announced. */
    isLoadedAndCurrent: ({ context }) =>
      windowContains(context.loadedWindow, context.date) && !mayHaveMissed(context, context.mustInclude),
    isLoadedWindow: ({ context, event }) =>
      event.type === 'reservations.replaced' &&
      event.window.from === context.loadedWindow?.from &&
      event.window.to === context.loadedWindow.to,
  },
}).createMachine({
  id: 'dayGrid',
  context: ({ input }) => ({
    clubId: input.clubId,
    date: input.date,
    window: weekWindow(input.date),
    loadedWindow: null,
    reservations: [],
    blocks: [],
    pending: [],
    liveSeq: 0,
    loadedSeq: 0,
    mustInclude: 0,
    behind: false,
  }),
  initial: 'loading',
  on: {
    // A cleared or half-typed date in the picker is not a day to show.
    'date.change': {
      guard: 'isCalendarDate',
      target: '.choosing',
      actions: [
        assign({ date: ({ event }) => event.date }),
        { type: 'reportDate', params: ({ event }) => event.date },
      ],
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      // A load that starts now reads after any stream start announced so far.
      entry: assign({ mustInclude: 0 }),
      on: {
        'live.change': {
          actions: assign({ pending: ({ context, event }) => [...context.pending, event.change] }),
        },
        // The load under way may have read before the stream began: its answer says whether it
        // did, and if so the week is read again (not aborted: an aborted request is an error in
        // the browser's tools for nothing).
        'live.resync': {
          actions: assign({
            mustInclude: ({ context, event }) => Math.max(context.mustInclude, event.since ?? Infinity),
          }),
        },
      },
      invoke: {
        src: 'loadWeek',
        input: ({ context }) => ({ clubId: context.clubId, window: context.window }),
        onDone: [
          {
            guard: ({ context, event }) => event.output.clubSeq < context.mustInclude,
            target: 'loading',
            reenter: true,
            actions: { type: 'showAnswer', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'showAnswer', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'ready',
          actions: [
            assign({ pending: [], mustInclude: 0, behind: true }),
            { type: 'reportLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
    choosing: {
      always: [
        // Within the loaded week: no request, and a load of another week still running is dropped;
        // unless a stream started during it that the shown week may not include.
        {
          guard: 'isLoadedAndCurrent',
          target: 'ready',
          actions: [
            assign({ window: ({ context }) => context.loadedWindow ?? context.window }),
            'showPending',
          ],
        },
        { target: 'loading', actions: assign({ window: ({ context }) => weekWindow(context.date) }) },
      ],
    },
    ready: {
      on: {
        'grid.reload': 'loading',
        'live.resync': {
          guard: ({ context, event }) => mayHaveMissed(context, event.since),
          target: 'loading',
        },
        'live.change': {
          guard: ({ context }) => context.loadedWindow !== null,
          actions: assign(({ context, event }) =>
            withLiveChanges(context, [event.change], context.loadedWindow!),
          ),
        },
        'reservations.replaced': {
          guard: 'isLoadedWindow',
          actions: assign({ reservations: ({ event }) => event.reservations }),
        },
      },
    },
  },
});
