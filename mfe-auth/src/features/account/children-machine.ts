/**
 * The Konto card "Kinder" (docs/who-plays.md, "Families"): the children loaded and listed, one form
 * at a time to add or edit a child, and a child removed. A refused form keeps what was typed and
 * shows each field's error under it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Child } from '@platzbuchung/domain/families/schemas';
import { ApiError } from '@platzbuchung/ui/api/client';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { ChildRequest } from '../../shared/auth-api';

/** The form as typed: the birth year is text until the server judges it. */
export interface ChildDraft {
  /** null: a new child. */
  id: string | null;
  first_name: string;
  last_name: string;
  birth_year: string;
}
export type DraftField = Exclude<keyof ChildDraft, 'id'>;

interface ChildrenContext {
  children: Child[];
  draft: ChildDraft | null;
  fieldErrors: Partial<Record<DraftField, string>>;
  /** The child whose removal runs. */
  removingId: string | null;
  message: string | null;
  error: string | null;
}

type ChildrenEvent =
  | { type: 'children.retry' }
  | { type: 'child.add' }
  | { type: 'child.edit'; child: Child }
  | { type: 'child.remove'; id: string }
  | { type: 'draft.change'; field: DraftField; value: string }
  | { type: 'draft.submit' }
  | { type: 'draft.cancel' };

export interface ChildAnswer {
  message: string;
  data: Child;
}

const EMPTY_DRAFT: ChildDraft = { id: null, first_name: '', last_name: '', birth_year: '' };
const DRAFT_FIELDS: readonly DraftField[] = ['first_name', 'last_name', 'birth_year'];

/** What the server is sent: a year it can read as a number, else the text for its 400 to judge. */
export function childBodyOf(draft: ChildDraft): ChildRequest {
  const year = draft.birth_year.trim();
  return {
    id: draft.id,
    first_name: draft.first_name,
    last_name: draft.last_name,
    birth_year: /^\d{1,4}$/.test(year) ? Number(year) : year,
  };
}

/** The server's field errors under their fields; anything else as the card's error. */
function refusalOf(error: unknown): Pick<ChildrenContext, 'fieldErrors' | 'error'> {
  const fieldErrors: ChildrenContext['fieldErrors'] = {};
  if (error instanceof ApiError) {
    for (const { instancePath, message } of error.fieldErrors) {
      const field = DRAFT_FIELDS.find((name) => instancePath === `/${name}`);
      if (field && !fieldErrors[field]) fieldErrors[field] = message;
    }
  }
  return { fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : failureText(error) };
}

const byFirstName = (a: Child, b: Child) => a.first_name.localeCompare(b.first_name, 'de');

export const childrenMachine = setup({
  types: { context: {} as ChildrenContext, events: {} as ChildrenEvent },
  actors: {
    loadChildren: fromPromise<Child[]>(async () => {
      throw new Error('loadChildren muss mit provide() übergeben werden');
    }),
    saveChild: fromPromise<ChildAnswer, ChildDraft>(async () => {
      throw new Error('saveChild muss mit provide() übergeben werden');
    }),
    removeChild: fromPromise<{ message: string }, string>(async () => {
      throw new Error('removeChild muss mit provide() übergeben werden');
    }),
  },
}).createMachine({
  id: 'children',
  context: { children: [], draft: null, fieldErrors: {}, removingId: null, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadChildren',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ children: event.output, error: null })),
        },
        onError: loadFailure<ChildrenContext, ChildrenEvent>(),
      },
    },
    loadFailed: loadFailedState<ChildrenContext, ChildrenEvent>('children.retry'),
    ready: {
      on: {
        'child.add': {
          target: 'editing',
          actions: assign({ draft: EMPTY_DRAFT, fieldErrors: {}, message: null, error: null }),
        },
        'child.edit': {
          target: 'editing',
          actions: assign(({ event }) => ({
            draft: {
              id: event.child._id,
              first_name: event.child.first_name,
              last_name: event.child.last_name,
              birth_year: String(event.child.birth_year),
            },
            fieldErrors: {},
            message: null,
            error: null,
          })),
        },
        'child.remove': {
          target: 'removing',
          actions: assign(({ event }) => ({ removingId: event.id, message: null, error: null })),
        },
      },
    },
    editing: {
      on: {
        'draft.change': {
          actions: assign(({ context, event }) => ({
            draft: context.draft && { ...context.draft, [event.field]: event.value },
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          })),
        },
        'draft.submit': { target: 'saving' },
        'draft.cancel': { target: 'ready', actions: assign({ draft: null, fieldErrors: {}, error: null }) },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveChild',
        input: ({ context }) => context.draft ?? EMPTY_DRAFT,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            children: [
              ...context.children.filter((c) => c._id !== event.output.data._id),
              event.output.data,
            ].sort(byFirstName),
            draft: null,
            fieldErrors: {},
            message: event.output.message,
            error: null,
          })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => refusalOf(event.error)) },
      },
    },
    removing: {
      tags: ['saving'],
      invoke: {
        src: 'removeChild',
        input: ({ context }) => context.removingId ?? '',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            children: context.children.filter((c) => c._id !== context.removingId),
            removingId: null,
            message: event.output.message,
            error: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            removingId: null,
            error: failureText(event.error),
            message: null,
          })),
        },
      },
    },
  },
});
