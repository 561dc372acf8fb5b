/**
 * The categories card without its view: the categories as a list of rows, each with its windows,
 * and the junior age. Submitting checks the draft as the API will and sends it; errors, the
 * browser's or the API's 400, are kept by their path (`/categories/0/name`) so each shows under its
 * control. The save itself is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CategoryWindow, ClubSettingsBody } from '@platzbuchung/domain/schemas';
import type { FieldError } from '@platzbuchung/domain/types';
import {
  errorsByPath,
  saveFailure,
  shiftedAfterRemoval,
  toggled,
  without,
  type PathErrors,
} from './path-errors';
import {
  canAddCategory,
  canAddWindow,
  newCategory,
  withIds,
  type CategoriesDraft,
  type CategoryDraft,
} from './categories-body';

interface CategoriesInput {
  draft: CategoriesDraft;
  newWindow: () => CategoryWindow;
  bodyOf: (draft: CategoriesDraft) => ClubSettingsBody;
  errorsOf: (draft: CategoriesDraft) => FieldError[];
}

interface CategoriesContext extends CategoriesInput {
  errors: PathErrors;
  formError: string | null;
  saved: string | null;
}

export type CategoriesEvent =
  | { type: 'category.add' }
  | { type: 'category.remove'; index: number }
  | { type: 'category.change'; index: number; changes: Partial<Omit<CategoryDraft, 'windows' | 'id'>> }
  | { type: 'window.add'; index: number }
  | { type: 'window.remove'; index: number; window: number }
  | { type: 'window.change'; index: number; window: number; changes: Partial<Omit<CategoryWindow, 'days'>> }
  | { type: 'window.day'; index: number; window: number; day: number; checked: boolean }
  | { type: 'junior.change'; value: string }
  | { type: 'form.submit' };

/**
 * An id's error shows at the name it is made from, a window's weekday error at its weekdays, the
 * limit's where it is typed.
 */
const shownAt = (path: string) =>
  path
    .replace(/^(\/categories\/\d+)\/id$/, '$1/name')
    .replace(/^(\/categories\/\d+\/windows\/\d+\/days)\/\d+$/, '$1');

const withCategory = (
  draft: CategoriesDraft,
  index: number,
  change: (category: CategoryDraft) => CategoryDraft,
): CategoriesDraft => ({
  ...draft,
  categories: draft.categories.map((category, i) => (i === index ? change(category) : category)),
});

const withWindow = (
  category: CategoryDraft,
  index: number,
  change: (window: CategoryWindow) => CategoryWindow,
): CategoryDraft => ({ ...category, windows: category.windows.map((w, i) => (i === index ? change(w) : w)) });

/** A draft field's path in the body: the limit's choice and value are one field there. */
const bodyName = (name: string) =>
  name === 'limit_choice' || name === 'limit' ? 'reservations_limit' : name;

export const categoriesMachine = setup({
  types: {
    context: {} as CategoriesContext,
    events: {} as CategoriesEvent,
    input: {} as CategoriesInput,
  },
  actors: {
    save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(async () => {
      throw new Error('save muss mit provide() übergeben werden');
    }),
  },
  actions: { reportSaved: () => {} },
  guards: { valid: ({ context }) => context.errorsOf(context.draft).length === 0 },
}).createMachine({
  id: 'categories',
  context: ({ input }) => ({ ...input, errors: {}, formError: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'category.add': {
          guard: ({ context }) => canAddCategory(context.draft),
          actions: assign(({ context }) => ({
            draft: { ...context.draft, categories: [...context.draft.categories, newCategory()] },
            errors: without(context.errors, '/categories'),
            saved: null,
          })),
        },
        'category.remove': {
          // The club keeps one category at least.
          guard: ({ context }) => context.draft.categories.length > 1,
          actions: assign(({ context, event }) => ({
            draft: {
              ...context.draft,
              categories: context.draft.categories.filter((_, i) => i !== event.index),
            },
            errors: shiftedAfterRemoval(
              without(context.errors, `/categories/${event.index}`),
              'categories',
              event.index,
            ),
            saved: null,
          })),
        },
        'category.change': {
          actions: assign(({ context, event }) => ({
            draft: withCategory(context.draft, event.index, (c) => ({ ...c, ...event.changes })),
            errors: Object.keys(event.changes).reduce(
              (errors, name) => without(errors, `/categories/${event.index}/${bodyName(name)}`),
              without(without(context.errors, `/categories/${event.index}/id`), '/junior_until_age'),
            ),
            saved: null,
          })),
        },
        'window.add': {
          guard: ({ context, event }) => canAddWindow(context.draft.categories[event.index]!),
          actions: assign(({ context, event }) => ({
            draft: withCategory(context.draft, event.index, (c) => ({
              ...c,
              windows: [...c.windows, context.newWindow()],
            })),
            errors: without(context.errors, `/categories/${event.index}/windows`),
            saved: null,
          })),
        },
        'window.remove': {
          actions: assign(({ context, event }) => ({
            draft: withCategory(context.draft, event.index, (c) => ({
              ...c,
              windows: c.windows.filter((_, i) => i !== event.window),
            })),
            errors: without(context.errors, `/categories/${event.index}/windows`),
            saved: null,
          })),
        },
        'window.change': {
          actions: assign(({ context, event }) => ({
            draft: withCategory(context.draft, event.index, (c) =>
              withWindow(c, event.window, (w) => ({ ...w, ...event.changes })),
            ),
            errors: without(context.errors, `/categories/${event.index}/windows/${event.window}`),
            saved: null,
          })),
        },
        'window.day': {
          actions: assign(({ context, event }) => ({
            draft: withCategory(context.draft, event.index, (c) =>
              withWindow(c, event.window, (w) => ({ ...w, days: toggled(w.days, event.day, event.checked) })),
            ),
            errors: without(context.errors, `/categories/${event.index}/windows/${event.window}/days`),
            saved: null,
          })),
        },
        'junior.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, junior_until_age: event.value },
            errors: without(context.errors, '/junior_until_age'),
            saved: null,
          })),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving' },
          {
            actions: assign(({ context }) => ({
              errors: errorsByPath(context.errorsOf(context.draft), shownAt),
              formError: null,
              saved: null,
            })),
          },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'save',
        input: ({ context }) => ({ body: context.bodyOf(context.draft) }),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              draft: ({ context }) => withIds(context.draft),
              errors: {},
              formError: null,
              saved: ({ event }) => event.output.message,
            }),
            'reportSaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => saveFailure(event.error, shownAt)),
        },
      },
    },
  },
});
