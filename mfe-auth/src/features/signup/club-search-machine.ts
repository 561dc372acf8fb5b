/**
 * The sign-up form's club picker once a plain list would be too long: the member types part of the
 * club's name, the API searches by folded name (case, accents and look-alike letters do not
 * matter), and the member picks one of the hits with the mouse or the keyboard. The search itself
 * is an actor the view supplies; nothing here knows about React or fetch.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Club } from '@platzbuchung/domain/types';

/** A plain select up to this many clubs; beyond it, this search. */
export const CLUB_SEARCH_THRESHOLD = 20;
/** Hits shown at once. */
export const CLUB_SEARCH_LIMIT = 10;
/** Characters typed before the first search: one letter matches nearly every club. */
export const CLUB_SEARCH_MIN_LENGTH = 2;
/** Typing pauses this long before a request goes out. */
export const CLUB_SEARCH_DEBOUNCE_MS = 250;

interface ClubSearchContext {
  query: string;
  hits: readonly Club[];
  /** Index of the hit the arrow keys point at; -1 for none. */
  active: number;
  picked: Club | null;
  failed: boolean;
}

type ClubSearchEvent =
  | { type: 'query.change'; query: string }
  | { type: 'active.move'; by: 1 | -1 }
  | { type: 'club.pick'; club: Club }
  | { type: 'active.pick' }
  | { type: 'list.close' }
  | { type: 'search.retry' };

const searchable = (query: string) => query.trim().length >= CLUB_SEARCH_MIN_LENGTH;

export const clubSearchMachine = setup({
  types: {
    context: {} as ClubSearchContext,
    events: {} as ClubSearchEvent,
  },
  actors: {
    searchClubs: fromPromise<readonly Club[], { q: string }>(async () => {
      throw new Error('searchClubs muss mit provide() übergeben werden');
    }),
  },
  actions: {
    setQuery: assign(({ event }) =>
      event.type === 'query.change' ? { query: event.query, picked: null, active: -1, failed: false } : {},
    ),
    clearHits: assign({ hits: [], active: -1 }),
    moveActive: assign(({ context, event }) => {
      if (event.type !== 'active.move' || context.hits.length === 0) return {};
      const count = context.hits.length;
      return { active: (context.active + event.by + count) % count };
    }),
    pick: assign(({ context, event }) => {
      const club =
        event.type === 'club.pick'
          ? event.club
          : event.type === 'active.pick'
            ? context.hits[context.active]
            : undefined;
      return club ? { picked: club, query: club.name, hits: [], active: -1 } : {};
    }),
    /** The view's hook: the form field gets the picked club's id, or '' while none is picked. */
    reportPick: () => {},
  },
  guards: {
    searchable: ({ context }) => searchable(context.query),
    hasActive: ({ context }) => context.active >= 0 && context.active < context.hits.length,
  },
  delays: { debounce: CLUB_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'clubSearch',
  context: { query: '', hits: [], active: -1, picked: null, failed: false },
  initial: 'idle',
  on: {
    'query.change': { target: '.typing', actions: ['setQuery', 'reportPick'] },
    'club.pick': { target: '.idle', actions: ['pick', 'reportPick'] },
    'list.close': { target: '.idle', actions: 'clearHits' },
  },
  states: {
    idle: {},
    typing: {
      always: { guard: ({ context }) => !searchable(context.query), target: 'idle', actions: 'clearHits' },
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['searching'],
      invoke: {
        src: 'searchClubs',
        input: ({ context }) => ({ q: context.query.trim() }),
        onDone: { target: 'showing', actions: assign({ hits: ({ event }) => event.output, active: -1 }) },
        onError: { target: 'failed', actions: assign({ failed: true, hits: [] }) },
      },
    },
    showing: {
      on: {
        'active.move': { actions: 'moveActive' },
        'active.pick': { guard: 'hasActive', target: 'idle', actions: ['pick', 'reportPick'] },
      },
    },
    failed: {
      on: {
        'search.retry': { guard: 'searchable', target: 'searching', actions: assign({ failed: false }) },
      },
    },
  },
});
