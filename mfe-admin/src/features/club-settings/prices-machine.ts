/**
 * The prices card without its view: the rules as a list of up to 30 rows, whether the court fee is
 * split, and the example hour the preview prices. Submitting checks the draft as the API will and
 * sends it; errors, the browser's or the API's 400, are kept by their path (`/prices/0/label`) so
 * each shows under its own control. The save itself is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PRICE_RULES_MAX, type ClubSettingsBody, type Payment } from '@platzbuchung/domain/schemas';
import type { FieldError } from '@platzbuchung/domain/types';
import {
  errorsByPath,
  saveFailure,
  shiftedAfterRemoval,
  toggled,
  without,
  type PathErrors,
} from './path-errors';
import type { PreviewHour, PriceRuleDraft, PricesDraft } from './prices-body';

interface PricesInput {
  draft: PricesDraft;
  /** A new row, with the club's opening hours. */
  newRule: () => PriceRuleDraft;
  /** The body the draft sends (the club's other settings beside it). */
  bodyOf: (draft: PricesDraft) => ClubSettingsBody;
  /** What the browser refuses before sending. */
  errorsOf: (draft: PricesDraft) => FieldError[];
}

interface PricesContext extends PricesInput {
  errors: PathErrors;
  /** Errors no control shows (a conflict, the network). */
  formError: string | null;
  /** The API's "saved" text after the last save, until the next change. */
  saved: string | null;
}

type RuleChanges = Partial<Omit<PriceRuleDraft, 'days' | 'courts'>>;

export type PricesEvent =
  | { type: 'rule.add' }
  | { type: 'rule.remove'; index: number }
  | { type: 'rule.change'; index: number; changes: RuleChanges }
  | { type: 'rule.day'; index: number; day: number; checked: boolean }
  | { type: 'rule.court'; index: number; court: string; checked: boolean }
  | { type: 'split.change'; value: boolean }
  | { type: 'payment.change'; value: Payment }
  | { type: 'preview.change'; changes: Partial<PreviewHour> }
  | { type: 'form.submit' };

/** The draft field's path in the body: the price is typed in euros and sent in cents. */
const bodyName = (name: string) =>
  name === 'price' ? 'cents_per_hour' : name === 'all_courts' ? 'courts' : name;

/** A row's weekday or court error shows at its list (`/prices/0/days/2` at `/prices/0/days`). */
const atItsList = (path: string) => path.replace(/^(\/prices\/\d+\/(?:days|courts))\/\d+$/, '$1');

/** The draft with row `index` changed by `change`. */
const withRule = (draft: PricesDraft, index: number, change: (rule: PriceRuleDraft) => PriceRuleDraft) => ({
  ...draft,
  rules: draft.rules.map((rule, i) => (i === index ? change(rule) : rule)),
});

export const pricesMachine = setup({
  types: {
    context: {} as PricesContext,
    events: {} as PricesEvent,
    input: {} as PricesInput,
  },
  actors: {
    save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(async () => {
      throw new Error('save muss mit provide() übergeben werden');
    }),
  },
  actions: {
    reportSaved: () => {},
  },
  guards: {
    valid: ({ context }) => context.errorsOf(context.draft).length === 0,
  },
}).createMachine({
  id: 'prices',
  context: ({ input }) => ({ ...input, errors: {}, formError: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'rule.add': {
          guard: ({ context }) => context.draft.rules.length < PRICE_RULES_MAX,
          actions: assign(({ context }) => ({
            draft: { ...context.draft, rules: [...context.draft.rules, context.newRule()] },
            errors: without(context.errors, '/prices'),
            saved: null,
          })),
        },
        'rule.remove': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, rules: context.draft.rules.filter((_, i) => i !== event.index) },
            errors: shiftedAfterRemoval(
              without(context.errors, `/prices/${event.index}`),
              'prices',
              event.index,
            ),
            saved: null,
          })),
        },
        'rule.change': {
          actions: assign(({ context, event }) => ({
            draft: withRule(context.draft, event.index, (rule) => ({ ...rule, ...event.changes })),
            // The row's own error and the changed controls' are stale.
            errors: Object.fromEntries(
              Object.entries(context.errors).filter(
                ([path]) =>
                  path !== `/prices/${event.index}` &&
                  !Object.keys(event.changes).some((name) =>
                    path.startsWith(`/prices/${event.index}/${bodyName(name)}`),
                  ),
              ),
            ),
            saved: null,
          })),
        },
        'rule.day': {
          actions: assign(({ context, event }) => ({
            draft: withRule(context.draft, event.index, (rule) => ({
              ...rule,
              days: toggled(rule.days, event.day, event.checked),
            })),
            errors: without(context.errors, `/prices/${event.index}/days`),
            saved: null,
          })),
        },
        'rule.court': {
          actions: assign(({ context, event }) => ({
            draft: withRule(context.draft, event.index, (rule) => ({
              ...rule,
              courts: toggled(rule.courts, event.court, event.checked),
            })),
            errors: without(context.errors, `/prices/${event.index}/courts`),
            saved: null,
          })),
        },
        'split.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, split_court_fee: event.value },
            errors: without(context.errors, '/split_court_fee'),
            saved: null,
          })),
        },
        'payment.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, payment: event.value },
            errors: without(context.errors, '/payment'),
            saved: null,
          })),
        },
        'preview.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, preview: { ...context.draft.preview, ...event.changes } },
          })),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving' },
          {
            actions: assign(({ context }) => ({
              errors: errorsByPath(context.errorsOf(context.draft), atItsList),
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
            assign({ errors: {}, formError: null, saved: ({ event }) => event.output.message }),
            'reportSaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => saveFailure(event.error, atItsList)),
        },
      },
    },
  },
});
