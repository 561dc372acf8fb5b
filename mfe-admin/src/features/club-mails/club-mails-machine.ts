/**
 * Benachrichtigungen: the club's mails and push messages, loaded together, shown, and a failed mail
 * sent again. One retry at a time; the server's answer (the refreshed mails, or its refusal) is
 * shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MailList, MailStatus } from '@platzbuchung/domain/mail/notices';
import type { PushList } from '@platzbuchung/domain/push/outbox-list';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

/** What the screen loads: the club's mails and its members' push messages. */
export interface ClubNotices {
  mails: MailList;
  pushes: PushList;
}

interface ClubMailsContext {
  list: MailList;
  pushes: PushList;
  /** The mail being sent again. */
  retrying: string | null;
  message: string | null;
  error: string | null;
}

type ClubMailsEvent =
  { type: 'mail.retry'; id: string } | { type: 'mails.reload' } | { type: 'mails.retryLoad' };

const emptyCounts: Record<MailStatus, number> = { waiting: 0, sent: 0, failed: 0, held: 0, dropped: 0 };

export const clubMailsMachine = setup({
  types: {
    context: {} as ClubMailsContext,
    events: {} as ClubMailsEvent,
  },
  actors: {
    loadNotices: fromPromise<ClubNotices>(async () => {
      throw new Error('loadNotices muss mit provide() übergeben werden');
    }),
    retryMail: fromPromise<MailList & { message: string }, string>(async () => {
      throw new Error('retryMail muss mit provide() übergeben werden');
    }),
  },
  guards: {
    isFailed: ({ context, event }) =>
      event.type === 'mail.retry' &&
      context.list.data.some((mail) => mail.id === event.id && mail.status === 'failed'),
  },
}).createMachine({
  id: 'clubMails',
  context: {
    list: { data: [], counts: emptyCounts },
    pushes: { data: [], counts: { waiting: 0, sent: 0, failed: 0 } },
    retrying: null,
    message: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadNotices',
        onDone: {
          target: 'ready',
          actions: assign({
            list: ({ event }) => event.output.mails,
            pushes: ({ event }) => event.output.pushes,
            error: null,
          }),
        },
        onError: loadFailure<ClubMailsContext, ClubMailsEvent>(),
      },
    },
    loadFailed: loadFailedState<ClubMailsContext, ClubMailsEvent>('mails.retryLoad'),
    ready: {
      on: {
        'mail.retry': {
          guard: 'isFailed',
          target: 'retrying',
          actions: assign(({ event }) => ({ retrying: event.id, message: null, error: null })),
        },
        'mails.reload': { target: 'loading', actions: assign({ message: null, error: null }) },
      },
    },
    retrying: {
      tags: ['retrying'],
      invoke: {
        src: 'retryMail',
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
