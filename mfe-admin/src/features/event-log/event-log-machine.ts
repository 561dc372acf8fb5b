/**
 * The event log's state: the first page for a filter, older pages below ('Ältere laden'), new
 * events on top ('Aktualisieren', by position, without reloading), and the court and date of
 * reservations whose making is not on screen. Network calls are actors the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { LogEvent } from '../../shared/events-api';
import {
  emptyFilter,
  mergeNewer,
  mergeOlder,
  newestPosition,
  sameFilter,
  type LogFilter,
  type ReservationDetails,
} from './log';

export interface PageInput {
  filter: LogFilter;
  before?: number;
  known: ReservationDetails;
}

export interface PageOutput {
  events: LogEvent[];
  /** The `before` cursor for the next older page, or null at the end. */
  next: number | null;
  details: ReservationDetails;
}

export interface NewerInput {
  filter: LogFilter;
  after: number;
  known: ReservationDetails;
}

export interface NewerOutput {
  events: LogEvent[];
  details: ReservationDetails;
}

interface EventLogContext {
  filter: LogFilter;
  entries: LogEvent[];
  next: number | null;
  details: ReservationDetails;
  error: string | null;
  /** How many events the last refresh added; null before any refresh. */
  added: number | null;
}

type EventLogEvent =
  | { type: 'log.filter'; filter: LogFilter }
  | { type: 'log.more' }
  | { type: 'log.refresh' }
  | { type: 'log.retry' };

export const eventLogMachine = setup({
  types: {
    context: {} as EventLogContext,
    events: {} as EventLogEvent,
    input: {} as { filter?: LogFilter },
  },
  actors: {
    loadPage: fromPromise<PageOutput, PageInput>(async () => {
      throw new Error('loadPage muss mit provide() übergeben werden');
    }),
    loadNewer: fromPromise<NewerOutput, NewerInput>(async () => {
      throw new Error('loadNewer muss mit provide() übergeben werden');
    }),
  },
  guards: {
    hasOlder: ({ context }) => context.next !== null,
    hasEntries: ({ context }) => context.entries.length > 0,
    filterChanged: ({ context, event }) =>
      event.type === 'log.filter' && !sameFilter(event.filter, context.filter),
  },
  actions: {
    setFilter: assign(({ event }) =>
      event.type === 'log.filter'
        ? { filter: event.filter, entries: [], next: null, error: null, added: null }
        : {},
    ),
  },
}).createMachine({
  id: 'eventLog',
  context: ({ input }) => ({
    filter: input.filter ?? emptyFilter,
    entries: [],
    next: null,
    details: {},
    error: null,
    added: null,
  }),
  initial: 'loading',
  on: {
    'log.filter': { guard: 'filterChanged', target: '.loading', actions: 'setFilter' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, known: context.details }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: event.output.events,
            next: event.output.next,
            details: { ...context.details, ...event.output.details },
            error: null,
          })),
        },
        onError: loadFailure<EventLogContext, EventLogEvent>(),
      },
    },
    loadFailed: loadFailedState<EventLogContext, EventLogEvent>('log.retry'),
    ready: {
      on: {
        'log.more': { guard: 'hasOlder', target: 'loadingOlder' },
        'log.refresh': [{ guard: 'hasEntries', target: 'refreshing' }, { target: 'loading' }],
      },
    },
    loadingOlder: {
      tags: ['busy', 'loadingOlder'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({
          filter: context.filter,
          before: context.next ?? undefined,
          known: context.details,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            entries: mergeOlder(context.entries, event.output.events),
            next: event.output.next,
            details: { ...context.details, ...event.output.details },
            error: null,
          })),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    refreshing: {
      tags: ['busy', 'refreshing'],
      invoke: {
        src: 'loadNewer',
        input: ({ context }) => ({
          filter: context.filter,
          after: newestPosition(context.entries) ?? 0,
          known: context.details,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const entries = mergeNewer(context.entries, event.output.events);
            return {
              entries,
              added: entries.length - context.entries.length,
              details: { ...context.details, ...event.output.details },
              error: null,
            };
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
  },
});
