/**
 * The section of one member's account without its view: their lines, loaded, and the form
 * "Zahlung erfassen" (Art, Betrag, Text). The amount is typed in euros with a comma and sent in
 * cents read by its digits (`centsOf`); the API's 400s show under their fields. Each opened form
 * has its own idempotency key, sent with every try of the same entry, so a double click or a retry
 * records it once; a recorded entry makes a new key for the next one. The load and the entry are
 * actors the view provides, and `reportRecorded` tells the page (the balances reload).
 */
import { assign, fromPromise, setup } from 'xstate';
import { centsOf } from '@platzbuchung/domain/cents';
import type { EntryKind } from '@platzbuchung/domain/money/account';
import type { AccountLedger } from '@platzbuchung/domain/money/kasse';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import { serverErrors } from '@platzbuchung/ui/forms/form-machine';
import type { EntryRequest, RecordedEntry } from './api';

export interface EntryValues {
  kind: EntryKind;
  /** Euros as typed: "18,50". */
  euros: string;
  text: string;
}

/** The body's fields, where the API's errors are placed (`/cents` shows under the euros). */
export const ENTRY_FIELDS = ['kind', 'cents', 'text'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

interface MemberAccountInput {
  /** A fresh idempotency key (`randomKey` in the browser). */
  newKey: () => string;
}

interface MemberAccountContext extends MemberAccountInput {
  ledger: AccountLedger | null;
  values: EntryValues;
  key: string;
  fieldErrors: Partial<Record<EntryField, string>>;
  formError: string | null;
  /** The API's confirmation of the last entry, until the next change. */
  message: string | null;
  /** Why the lines could not be loaded. */
  error: string | null;
}

type MemberAccountEvent =
  | { type: 'field.change'; name: keyof EntryValues; value: string }
  | { type: 'form.submit' }
  | { type: 'ledger.retry' };

const EMPTY_ENTRY: EntryValues = { kind: 'payment', euros: '', text: '' };

/** The field of the body a form field's errors show for. */
const bodyField = (name: keyof EntryValues): EntryField => (name === 'euros' ? 'cents' : name);

/** The body of the entry as typed, with this form's key. */
const entryBody = (values: EntryValues, key: string): EntryRequest => ({
  kind: values.kind,
  cents: centsOf(values.euros),
  text: values.text,
  idempotency_key: key,
});

const isKind = (value: string): value is EntryKind =>
  value === 'payment' || value === 'credit' || value === 'charge';

export const memberAccountMachine = setup({
  types: {
    context: {} as MemberAccountContext,
    events: {} as MemberAccountEvent,
    input: {} as MemberAccountInput,
  },
  actors: {
    loadLedger: fromPromise<AccountLedger>(async () => {
      throw new Error('loadLedger muss mit provide() übergeben werden');
    }),
    record: fromPromise<RecordedEntry, EntryRequest>(async () => {
      throw new Error('record muss mit provide() übergeben werden');
    }),
  },
  actions: {
    reportRecorded: () => {},
  },
}).createMachine({
  id: 'memberAccount',
  context: ({ input }) => ({
    ...input,
    ledger: null,
    values: EMPTY_ENTRY,
    key: input.newKey(),
    fieldErrors: {},
    formError: null,
    message: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'field.change': {
      actions: assign(({ context, event }) => {
        if (event.name === 'kind' && !isKind(event.value)) return {};
        // The error under the field being corrected is stale; the others stay until the next try.
        const { [bodyField(event.name)]: _stale, ...fieldErrors } = context.fieldErrors;
        return { values: { ...context.values, [event.name]: event.value }, fieldErrors, message: null };
      }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadLedger',
        onDone: { target: 'ready', actions: assign({ ledger: ({ event }) => event.output, error: null }) },
        onError: loadFailure<MemberAccountContext, MemberAccountEvent>(),
      },
    },
    loadFailed: loadFailedState<MemberAccountContext, MemberAccountEvent>('ledger.retry'),
    ready: {
      on: {
        'form.submit': {
          target: 'sending',
          actions: assign({ fieldErrors: {}, formError: null, message: null }),
        },
      },
    },
    sending: {
      tags: ['sending'],
      // A second click while the first is on its way sends nothing; the entry sent stays as typed.
      on: { 'form.submit': {}, 'field.change': {} },
      invoke: {
        src: 'record',
        input: ({ context }) => entryBody(context.values, context.key),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              ledger: { balance_cents: event.output.balance_cents, data: event.output.data },
              message: event.output.message,
              // The next entry is another one: its own key, the same kind, nothing typed.
              values: { ...EMPTY_ENTRY, kind: context.values.kind },
              key: context.newKey(),
            })),
            'reportRecorded',
          ],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => serverErrors(event.error, ENTRY_FIELDS)),
        },
      },
    },
  },
});
