/**
 * The clubhouse screen's link in the Verein tab: loaded, shown, copied, made or renewed. Renewing a
 * link that exists asks first, since it ends the old one at once, also on the screen in the
 * clubhouse. Copying says "Kopiert." for a moment; where the browser refuses, the link is selected
 * for copying by hand.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DisplayNames } from '@platzbuchung/domain/schemas';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { DisplayLink } from './display-api';

interface DisplayLinkContext {
  url: string | null;
  displayNames: DisplayNames | null;
  message: string | null;
  error: string | null;
}

type DisplayLinkEvent =
  | { type: 'link.renew' }
  | { type: 'link.confirm' }
  | { type: 'link.cancel' }
  | { type: 'link.retryLoad' }
  | { type: 'link.copy' };

/** "Kopiert." stays this long, then the card is quiet again. */
export const COPIED_NOTICE_MS = 4000;

export const displayLinkMachine = setup({
  types: { context: {} as DisplayLinkContext, events: {} as DisplayLinkEvent },
  actors: {
    loadLink: fromPromise<DisplayLink>(async () => {
      throw new Error('loadLink muss mit provide() übergeben werden');
    }),
    renewLink: fromPromise<{ url: string | null; message: string }>(async () => {
      throw new Error('renewLink muss mit provide() übergeben werden');
    }),
    copyLink: fromPromise<void, { url: string }>(async () => {
      throw new Error('copyLink muss mit provide() übergeben werden');
    }),
  },
  actions: {
    /** The view's hook when copying failed: select the link's text so the admin can copy it by hand. */
    selectLink: () => {},
  },
  delays: { copiedNotice: COPIED_NOTICE_MS },
  guards: { hasLink: ({ context }) => context.url !== null },
}).createMachine({
  id: 'displayLink',
  context: { url: null, displayNames: null, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadLink',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            url: event.output.url,
            displayNames: event.output.display_names,
          })),
        },
        onError: loadFailure<DisplayLinkContext, DisplayLinkEvent>(),
      },
    },
    loadFailed: loadFailedState<DisplayLinkContext, DisplayLinkEvent>('link.retryLoad'),
    ready: {
      initial: 'idle',
      on: {
        'link.renew': [
          { guard: 'hasLink', target: 'confirming', actions: assign({ message: null, error: null }) },
          { target: 'renewing', actions: assign({ message: null, error: null }) },
        ],
        'link.copy': { guard: 'hasLink', target: '.copying' },
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
        copied: { tags: ['copied'], after: { copiedNotice: 'idle' } },
        /** The clipboard refused: the link is selected, and the card says how to copy it. */
        selectedForCopy: { tags: ['selectedForCopy'] },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'link.confirm': 'renewing', 'link.cancel': 'ready' },
    },
    renewing: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'renewLink',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ url: event.output.url, message: event.output.message })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: failureText(event.error) })) },
      },
    },
  },
});
