/**
 * "Lastschriftmandat" in Mein Konto (docs/architecture/money.md, "SEPA direct debit"): load what
 * the club offers and the mandate in force, give one (holder, IBAN, consent to the text shown) or
 * revoke it. Loading, giving and revoking are actors the view supplies; the IBAN's check digits are
 * checked here before it is sent (`mandateErrors`), and again by the API.
 */
import { assign, fromPromise, setup } from 'xstate';
import { mandateErrors, type SepaMandateBody } from '@platzbuchung/domain/money/sepa/schemas';
import { sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import { fieldOf } from '@platzbuchung/domain/validation-core';
import type { FieldError } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

export interface ShownMandate {
  reference: string;
  account_holder: string;
  iban_masked: string;
  signed_on: string;
}

/** `GET /api/account/sepa-mandate`. */
export interface MandateState {
  creditor: { creditor_name: string; creditor_id: string } | null;
  mandate_text: string | null;
  pre_notification_days: number;
  mandate: ShownMandate | null;
}

interface MandateDraft {
  account_holder: string;
  iban: string;
  consent: boolean;
}

interface MandateContext {
  state: MandateState | null;
  draft: MandateDraft;
  /** Errors under the fields, by field name. */
  errors: Record<string, string>;
  /** Why loading or saving failed, above the form; null otherwise. */
  error: string | null;
  /** "Ihr Lastschriftmandat ist erteilt." after a change; null otherwise. */
  done: string | null;
}

type MandateEvent =
  | { type: 'retry' }
  | { type: 'field.change'; name: keyof MandateDraft; value: string | boolean }
  | { type: 'give' }
  | { type: 'revoke' };

const EMPTY_DRAFT: MandateDraft = { account_holder: '', iban: '', consent: false };

/** Errors by field: the first message of each, as the form shows one under each control. */
function byField(errors: readonly FieldError[]): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const error of errors) placed[fieldOf(error)] ??= error.message;
  return placed;
}

/** What the browser can say before sending: the field that is empty, the IBAN's check digits, consent. */
export function draftErrors(draft: MandateDraft): Record<string, string> {
  const body: SepaMandateBody = { account_holder: draft.account_holder, iban: draft.iban, consent: true };
  const empty = draft.account_holder.trim().length < 2;
  const errors: FieldError[] = [
    ...(empty ? [{ instancePath: '/account_holder', message: sepaTexts.accountHolderInvalid }] : []),
    // A name too short says so first; one in another script is mandateErrors' to name.
    ...mandateErrors(body).filter((error) => !empty || error.instancePath !== '/account_holder'),
    ...(draft.consent ? [] : [{ instancePath: '/consent', message: sepaTexts.consentRequired }]),
  ];
  return byField(errors);
}

const failed = (error: unknown): Pick<MandateContext, 'errors' | 'error'> =>
  error instanceof ApiError && error.fieldErrors.length
    ? { errors: byField(error.fieldErrors), error: error.formMessage }
    : { errors: {}, error: failureText(error) };

export const sepaMandateMachine = setup({
  types: { context: {} as MandateContext, events: {} as MandateEvent },
  actors: {
    loadMandate: fromPromise<MandateState>(async () => {
      throw new Error('loadMandate muss mit provide() übergeben werden');
    }),
    giveMandate: fromPromise<{ message: string; mandate: ShownMandate }, SepaMandateBody>(async () => {
      throw new Error('giveMandate muss mit provide() übergeben werden');
    }),
    revokeMandate: fromPromise<{ message: string }>(async () => {
      throw new Error('revokeMandate muss mit provide() übergeben werden');
    }),
  },
  guards: {
    draftIsComplete: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
  },
}).createMachine({
  id: 'sepaMandate',
  context: { state: null, draft: EMPTY_DRAFT, errors: {}, error: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMandate',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ state: event.output })) },
        onError: loadFailure<MandateContext, MandateEvent>(),
      },
    },
    loadFailed: loadFailedState<MandateContext, MandateEvent>('retry'),
    ready: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.name]: _fixed, ...errors } = context.errors;
            return { draft: { ...context.draft, [event.name]: event.value }, errors, done: null };
          }),
        },
        give: [
          { guard: 'draftIsComplete', target: 'giving' },
          { actions: assign(({ context }) => ({ errors: draftErrors(context.draft), done: null })) },
        ],
        revoke: 'revoking',
      },
    },
    giving: {
      entry: assign({ error: null, done: null }),
      invoke: {
        src: 'giveMandate',
        input: ({ context }) => ({
          account_holder: context.draft.account_holder.trim(),
          iban: context.draft.iban,
          consent: true as const,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            state: context.state && { ...context.state, mandate: event.output.mandate },
            draft: EMPTY_DRAFT,
            errors: {},
            done: event.output.message,
          })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => failed(event.error)) },
      },
    },
    revoking: {
      entry: assign({ error: null, done: null }),
      invoke: {
        src: 'revokeMandate',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            state: context.state && { ...context.state, mandate: null },
            done: event.output.message,
          })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: failureText(event.error) })) },
      },
    },
  },
});
