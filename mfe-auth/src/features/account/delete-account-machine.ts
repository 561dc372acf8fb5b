/**
 * "Konto löschen" in the account panel (docs/privacy-erasure.md): a popup that says what happens
 * and asks for the password; the erasure, then the logout. A refused password stays in the popup
 * under its field; anything else is said in the popup, which can be tried again or closed.
 */
import { assign, fromPromise, setup } from 'xstate';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import type { FieldError } from '@platzbuchung/domain/types';

interface DeleteAccountContext {
  password: string;
  passwordError: string | null;
  error: string | null;
}

type DeleteAccountEvent =
  | { type: 'erase.open' }
  | { type: 'erase.cancel' }
  | { type: 'password.change'; value: string }
  | { type: 'erase.confirm' };

/** What a refused erasure carries: its field errors (the password's) or a text for the popup. */
export interface ErasureFailure {
  fieldErrors: readonly FieldError[];
  message: string;
}

const closed = { password: '', passwordError: null, error: null };

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
  },
  actors: {
    eraseAccount: fromPromise<{ message: string }, { password: string }>(async () => {
      throw new Error('eraseAccount muss mit provide() übergeben werden');
    }),
    /** Logs out and leaves the panel; the account is gone by then. */
    leave: fromPromise<void>(async () => {
      throw new Error('leave muss mit provide() übergeben werden');
    }),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
  },
}).createMachine({
  id: 'deleteAccount',
  context: closed,
  initial: 'closed',
  states: {
    closed: {
      on: { 'erase.open': { target: 'asking', actions: assign(closed) } },
    },
    asking: {
      tags: ['open'],
      on: {
        'erase.cancel': 'closed',
        'password.change': {
          actions: assign(({ event }) => ({ password: event.value, passwordError: null, error: null })),
        },
        'erase.confirm': [
          { guard: 'hasPassword', target: 'erasing', actions: assign({ passwordError: null, error: null }) },
          { actions: assign({ passwordError: erasureTexts.passwordMissing }) },
        ],
      },
    },
    erasing: {
      tags: ['open', 'busy'],
      invoke: {
        src: 'eraseAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: 'leaving',
        onError: {
          target: 'asking',
          actions: assign(({ event }) => {
            const failure = event.error as Partial<ErasureFailure>;
            const atPassword = failure.fieldErrors?.find((e) => e.instancePath === '/password');
            return atPassword
              ? { passwordError: atPassword.message, error: null }
              : { passwordError: null, error: failure.message ?? String(event.error) };
          }),
        },
      },
    },
    leaving: {
      tags: ['open', 'busy'],
      invoke: { src: 'leave', onDone: 'erased', onError: 'erased' },
    },
    erased: { type: 'final' },
  },
});
