/**
 * "Kalender abonnieren" in the account panel: load the member's calendar link, copy it, and make a
 * new one after a confirmation (the old link stops working then). Loading the link, renewing it and
 * copying it are actors the view supplies; nothing here knows about React, fetch or the clipboard.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

export interface CalendarLink {
  url: string;
}

interface CalendarLinkContext {
  url: string | null;
  /** Why loading or renewing failed, for the notice; null otherwise. */
  error: string | null;
  /** The link was just renewed: the panel says that the old one no longer works. */
  renewed: boolean;
}

type CalendarLinkEvent =
  | { type: 'retry' }
  | { type: 'copy' }
  | { type: 'renew.ask' }
  | { type: 'renew.confirm' }
  | { type: 'renew.cancel' };

/** "Link kopiert" stays this long, then the panel is quiet again. */
export const COPIED_NOTICE_MS = 4000;

export const calendarLinkMachine = setup({
  types: {
    context: {} as CalendarLinkContext,
    events: {} as CalendarLinkEvent,
  },
  actors: {
    loadLink: fromPromise<CalendarLink>(async () => {
      throw new Error('loadLink muss mit provide() übergeben werden');
    }),
    renewLink: fromPromise<CalendarLink>(async () => {
      throw new Error('renewLink muss mit provide() übergeben werden');
    }),
    copyLink: fromPromise<void, { url: string }>(async () => {
      throw new Error('copyLink muss mit provide() übergeben werden');
    }),
  },
  actions: {
    /** The view's hook when copying failed: select the link's text so the member can copy it by hand. */
    selectLink: () => {},
  },
  delays: { copiedNotice: COPIED_NOTICE_MS },
}).createMachine({
  id: 'calendarLink',
  context: { url: null, error: null, renewed: false },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'loadLink',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ url: event.output.url })) },
        onError: loadFailure<CalendarLinkContext, CalendarLinkEvent>(),
      },
    },
    loadFailed: loadFailedState<CalendarLinkContext, CalendarLinkEvent>('retry'),
    ready: {
      initial: 'idle',
      on: {
        copy: '.copying',
        'renew.ask': '.confirming',
      },
      states: {
        idle: {},
        copying: {
          invoke: {
            src: 'copyLink',
            input: ({ context }) => ({ url: context.url ?? '' }),
            onDone: 'copied',
            onError: { target: 'selectedForCopy', actions: 'selectLink' },
          },
        },
        copied: {
          after: { copiedNotice: 'idle' },
        },
        /** The clipboard refused: the text is selected, and the panel says how to copy it. */
        selectedForCopy: {},
        confirming: {
          entry: assign({ error: null, renewed: false }),
          on: {
            'renew.confirm': 'renewing',
            'renew.cancel': 'idle',
            // Copying an address that is about to be replaced makes no sense; asking again neither.
            copy: {},
            'renew.ask': {},
          },
        },
        renewing: {
          on: { copy: {}, 'renew.ask': {} },
          invoke: {
            src: 'renewLink',
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({ url: event.output.url, renewed: true })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ error: failureText(event.error) })),
            },
          },
        },
      },
    },
  },
});
