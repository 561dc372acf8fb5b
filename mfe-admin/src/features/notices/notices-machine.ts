/**
 * Benachrichtigungen: the club's notices, loaded, shown, and a failed one sent again. One retry at
 * a time; the server's answer (the refreshed list, or its refusal) is shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MailList, MailStatus } from '@platzbuchung/domain/mail/notices';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

interface NoticesContext {
  list: MailList;
  /** The notice being sent again. */
  retrying: string | null;
  message: string | null;
  error: string | null;
}

type NoticesEvent =
  { type: 'notice.retry'; id: string } | { type: 'notices.reload' } | { type: 'notices.retryLoad' };

const emptyCounts: Record<MailStatus, number> = { waiting: 0, sent: 0, failed: 0, held: 0, dropped: 0 };

export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent,
  },
  actors: {
    loadNotices: fromPromise<MailList>(async () => {
      throw new Error('loadNotices must be provided');
    }),
    retryNotice: fromPromise<MailList & { message: string }, string>(async () => {
      throw new Error('retryNotice must be provided');
    }),
  },
  guards: {
    isFailed: ({ context, event }) =>
      event.type === 'notice.retry' &&
      context.list.data.some((notice) => notice.id === event.id && notice.status === 'failed'),
  },
}).createMachine({
  id: 'notices',
  context: { list: { data: [], counts: emptyCounts }, retrying: null, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadNotices',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: loadFailure<NoticesContext, NoticesEvent>(),
      },
    },
    loadFailed: loadFailedState<NoticesContext, NoticesEvent>('notices.retryLoad'),
    ready: {
      on: {
        'notice.retry': {
          guard: 'isFailed',
          target: 'retrying',
          actions: assign(({ event }) => ({ retrying: event.id, message: null, error: null })),
        },
        'notices.reload': { target: 'loading', actions: assign({ message: null, error: null }) },
      },
    },
    retrying: {
      tags: ['retrying'],
      invoke: {
        src: 'retryNotice',
        input: ({ context }) => context.retrying!,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            list: { data: event.output.data, counts: event.output.counts },
            message: event.output.message,
            retrying: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: failureText(event.error), retrying: null })),
        },
      },
    },
  },
});
