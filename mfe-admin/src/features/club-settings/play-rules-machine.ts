/**
 * The play-rules form without its view: the seven rules as a draft, quotas as a list of up to
 * five rows. Submitting checks the body with the schema the API uses (compiled ahead of time) and
 * sends it; errors, the browser's or the API's 400, are kept by their path (`/quotas/0/to_hour`)
 * so each shows under its own control. The save itself is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import { formValidator } from '@platzbuchung/domain/form-validators';
import { QUOTAS_MAX, type ClubSettingsBody, type PlayRules } from '@platzbuchung/domain/schemas';
import { errorsByPath, saveFailure, shiftedAfterRemoval, without, type PathErrors } from './path-errors';
import { newQuota, playRulesPart, type PlayRulesDraft, type QuotaDraft } from './play-rules-body';

/** Errors by path: '/guest_fee_cents', '/quotas/0/days', '/quotas' … */

interface PlayRulesInput {
  draft: PlayRulesDraft;
  /** The body the draft sends (the club's other settings beside it). */
  bodyOf: (draft: PlayRulesDraft) => ClubSettingsBody;
}

interface PlayRulesContext extends PlayRulesInput {
  errors: PathErrors;
  /** Errors no control shows (a conflict, the network). */
  formError: string | null;
  /** The API's "saved" text after the last save, until the next change. */
  saved: string | null;
}

type Scalar = Exclude<keyof PlayRulesDraft, 'quotas'>;

export type PlayRulesEvent =
  | { type: 'rule.change'; name: Scalar; value: PlayRulesDraft[Scalar] }
  | { type: 'quota.add' }
  | { type: 'quota.remove'; index: number }
  | { type: 'quota.change'; index: number; changes: Partial<Omit<QuotaDraft, 'days'>> }
  | { type: 'quota.day'; index: number; day: number; checked: boolean }
  | { type: 'form.submit' };

/** The path of a draft field in the body: the fee is typed in euros and sent in cents. */
const bodyPath = (name: Scalar) => `/${name === 'guest_fee' ? 'guest_fee_cents' : name}`;

const validatePlayRules = formValidator<Partial<PlayRules>>('playRules');
/** The seven rules of a body, checked by their own schema; the club's other settings are sent as they are. */
const validate = validatePlayRules && ((body: ClubSettingsBody) => validatePlayRules(playRulesPart(body)));

export const playRulesMachine = setup({
  types: {
    context: {} as PlayRulesContext,
    events: {} as PlayRulesEvent,
    input: {} as PlayRulesInput,
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
    valid: ({ context }) => {
      if (!validate) return true;
      return validate(context.bodyOf(context.draft)).ok;
    },
  },
}).createMachine({
  id: 'playRules',
  context: ({ input }) => ({ ...input, errors: {}, formError: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'rule.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.name]: event.value },
            errors: without(context.errors, bodyPath(event.name)),
            saved: null,
          })),
        },
        'quota.add': {
          guard: ({ context }) => context.draft.quotas.length < QUOTAS_MAX,
          actions: assign(({ context }) => ({
            draft: { ...context.draft, quotas: [...context.draft.quotas, newQuota()] },
            errors: without(context.errors, '/quotas'),
            saved: null,
          })),
        },
        'quota.remove': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, quotas: context.draft.quotas.filter((_, i) => i !== event.index) },
            errors: shiftedAfterRemoval(
              without(context.errors, `/quotas/${event.index}`),
              'quotas',
              event.index,
            ),
            saved: null,
          })),
        },
        'quota.change': {
          actions: assign(({ context, event }) => ({
            draft: {
              ...context.draft,
              quotas: context.draft.quotas.map((q, i) =>
                i === event.index ? { ...q, ...event.changes } : q,
              ),
            },
            // The row's own error (e.g. a missing field) and the changed controls' are stale.
            errors: Object.fromEntries(
              Object.entries(context.errors).filter(
                ([path]) =>
                  path !== `/quotas/${event.index}` &&
                  !Object.keys(event.changes).some((name) => path === `/quotas/${event.index}/${name}`),
              ),
            ),
            saved: null,
          })),
        },
        'quota.day': {
          actions: assign(({ context, event }) => ({
            draft: {
              ...context.draft,
              quotas: context.draft.quotas.map((q, i) =>
                i !== event.index
                  ? q
                  : {
                      ...q,
                      days: event.checked
                        ? [...new Set([...q.days, event.day])]
                        : q.days.filter((d) => d !== event.day),
                    },
              ),
            },
            errors: without(context.errors, `/quotas/${event.index}/days`),
            saved: null,
          })),
        },
        'form.submit': [
          { guard: 'valid', target: 'saving' },
          {
            actions: assign(({ context }) => {
              const result = validate?.(context.bodyOf(context.draft));
              return {
                errors: result && !result.ok ? errorsByPath(result.errors) : {},
                formError: null,
                saved: null,
              };
            }),
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
          actions: assign(({ event }) => saveFailure(event.error)),
        },
      },
    },
  },
});
