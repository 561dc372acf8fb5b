/**
 * The one schema-driven form machine behind every form: fetch the form's JSON schema, validate
 * client-side with the same schemas as the API (compiled ahead of time), send only non-empty
 * values, and place server errors under their fields. Side effects are named actors and
 * actions that each view supplies with `formMachine.provide(...)`; nothing here knows about React.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '@platzbuchung/domain/types';
import { formValidator } from '@platzbuchung/domain/form-validators';
import { fieldOf, type Validate } from '@platzbuchung/domain/validation-core';
import { ApiError } from '../api/client';
import { uiTexts } from '../texts';

/** Raw input values as the fields hold them; a checkbox holds its value ("agree") or "". */
export type FormValues = Record<string, string>;
export type FieldErrorMap = Record<string, string>;
export type Payload = Record<string, unknown>;

export interface FormMachineInput {
  /** Name of `/schema/<name>.json`; null for a form without schema (forgot-password). */
  schemaName: string | null;
  /**
   * The schema itself when the form has it at hand (the domain's): the form starts ready, so its
   * first render, on the server too, shows its fields (docs/architecture/first-visit.md, "Pages
   * painted from their HTML"). Without it the form asks `/schema/<name>.json` first.
   */
  schema?: object;
  values: FormValues;
  /** Required fields of a form without schema; a schema's own `required` list wins otherwise. */
  required?: readonly string[];
}

export interface FormContext {
  schemaName: string | null;
  values: FormValues;
  required: readonly string[];
  validate: Validate<Payload> | null;
  fieldErrors: FieldErrorMap;
  /** Errors that belong to no field (a login refusal, a rate limit, a network failure). */
  formError: string | null;
  /** The schema is read (or there is none to read): the form need not ask for it. */
  schemaRead: boolean;
  /** What was last sent: only non-empty values, coerced by the schema. */
  payload: Payload;
  /** The successful response, for the view to show (forgot-password shows its message). */
  result: unknown;
}

export type FormEvent =
  { type: 'field.change'; name: string; value: string } | { type: 'form.submit' } | { type: 'form.retry' };

/** Values the user left empty are not sent at all, so a missing required field reads as "required". */
export function nonEmptyValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** Sorts errors into those shown under a known field and the rest, shown once above the form. */
export function placeErrors(
  errors: readonly FieldError[],
  fields: readonly string[],
): { fieldErrors: FieldErrorMap; formError: string | null } {
  const fieldErrors: FieldErrorMap = {};
  const rest: string[] = [];
  for (const error of errors) {
    const field = fieldOf(error);
    if (fields.includes(field)) fieldErrors[field] ??= error.message;
    else rest.push(error.message);
  }
  return { fieldErrors, formError: rest.length ? rest.join(' ') : null };
}

/** Where a failed submit's messages go: under their fields, or above the form. */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
): { fieldErrors: FieldErrorMap; formError: string | null } {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, formError: uiTexts.networkError };
  const placed = placeErrors(error.fieldErrors, fields);
  const formError = [error.formMessage, placed.formError].filter(Boolean).join(' ') || null;
  return { fieldErrors: placed.fieldErrors, formError };
}

function schemaId(schema: object): string | undefined {
  const id = (schema as { $id?: unknown }).$id;
  return typeof id === 'string' ? id : undefined;
}

function schemaRequired(schema: object): string[] {
  const required = (schema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * What the form takes from its schema. Validators are compiled ahead of time: no ajv compiler in
 * the browser and no 'unsafe-eval' in the CSP. A schema we have no validator for is left to the
 * server to check.
 */
function readSchema(schema: object, schemaName: string | null) {
  return {
    validate: formValidator<Payload>(schemaId(schema) ?? schemaName ?? '') ?? null,
    required: schemaRequired(schema),
    schemaRead: true,
  };
}

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormMachineInput,
  },
  actors: {
    loadSchema: fromPromise<object, { name: string }>(async () => {
      throw new Error('loadSchema muss mit provide() übergeben werden');
    }),
    submit: fromPromise<unknown, { payload: Payload }>(async () => {
      throw new Error('submit muss mit provide() übergeben werden');
    }),
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      // The error under a field the user is correcting is stale; the others stay until the next submit.
      const { [event.name]: _stale, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.name]: event.value }, fieldErrors };
    }),
    useSchema: assign(({ context }, schema: object) => readSchema(schema, context.schemaName)),
    validateValues: assign(({ context }) => {
      const filled: Payload = nonEmptyValues(context.values);
      if (!context.validate) return { payload: filled, fieldErrors: {}, formError: null };
      const result = context.validate(filled);
      if (result.ok) return { payload: result.value, fieldErrors: {}, formError: null };
      return { payload: filled, ...placeErrors(result.errors, Object.keys(context.values)) };
    }),
    /** What happens after success (navigate, store the session) is the view's business; it reads `context.result`. */
    reportSuccess: () => {},
  },
  guards: {
    schemaToAsk: ({ context }) => !context.schemaRead,
    hasErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0 || context.formError !== null,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    schemaName: input.schemaName,
    values: input.values,
    required: input.required ?? [],
    validate: null,
    schemaRead: input.schemaName === null,
    ...(input.schema ? readSchema(input.schema, input.schemaName) : {}),
    fieldErrors: {},
    formError: null,
    payload: {},
    result: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'schemaToAsk', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSchema',
        input: ({ context }) => ({ name: context.schemaName ?? '' }),
        onDone: { target: 'ready', actions: { type: 'useSchema', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    ready: {
      on: {
        'field.change': { actions: 'setValue' },
        'form.submit': 'validating',
      },
    },
    validating: {
      entry: 'validateValues',
      always: [{ guard: 'hasErrors', target: 'ready' }, { target: 'sending' }],
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ payload: context.payload }),
        onDone: {
          target: 'succeeded',
          actions: [assign({ result: ({ event }) => event.output }), 'reportSuccess'],
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => serverErrors(event.error, Object.keys(context.values))),
        },
      },
    },
    succeeded: {
      tags: ['succeeded'],
      // Forgot-password stays on its page: a user may correct the address and send again.
      on: {
        'field.change': { target: 'ready', actions: 'setValue' },
        'form.submit': 'validating',
      },
    },
  },
});

export type FormMachine = typeof formMachine;
