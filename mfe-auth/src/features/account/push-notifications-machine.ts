/**
 * Push on this device in the account panel (docs/architecture/push.md): whether the browser can,
 * whether this device is subscribed and with which choices, turning it on (the browser asks for
 * permission), changing a choice, and turning it off. The browser's and the API's work are actors
 * given with provide(), so tests run the machine without either.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import type { PushChoiceName, PushChoices } from '@platzbuchung/domain/push/schemas';

/** This device as the API keeps it. */
export type PushDevice = { endpoint: string } & PushChoices;

/** What the browser offers: no push at all, or push with this device's subscription if any. */
export type PushState = { supported: false } | { supported: true; device: PushDevice | null };

export interface PushAnswer {
  message: string;
  data: PushDevice;
}

interface PushContext {
  device: PushDevice | null;
  message: string | null;
  error: string | null;
  /** The choice being saved, shown at once. */
  pending: { name: PushChoiceName; on: boolean } | null;
}

type PushEvent =
  | { type: 'push.enable' }
  | { type: 'push.disable' }
  | { type: 'choice.set'; name: PushChoiceName; on: boolean }
  | { type: 'push.retry' };

const missing = (name: string) => async () => {
  throw new Error(`${name} muss mit provide() übergeben werden`);
};

export const pushNotificationsMachine = setup({
  types: { context: {} as PushContext, events: {} as PushEvent },
  actors: {
    inspect: fromPromise<PushState>(missing('inspect')),
    enable: fromPromise<PushAnswer>(missing('enable')),
    saveChoice: fromPromise<PushAnswer, { endpoint: string; name: PushChoiceName; on: boolean }>(
      missing('saveChoice'),
    ),
    disable: fromPromise<string, { endpoint: string }>(missing('disable')),
  },
}).createMachine({
  id: 'pushNotifications',
  context: { device: null, message: null, error: null, pending: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      invoke: {
        src: 'inspect',
        onDone: [
          { guard: ({ event }) => !event.output.supported, target: 'unsupported' },
          {
            guard: ({ event }) => event.output.supported && event.output.device !== null,
            target: 'on',
            actions: assign(({ event }) => ({ device: event.output.supported ? event.output.device : null })),
          },
          { target: 'off' },
        ],
        onError: {
          target: 'checkFailed',
          actions: assign(({ event }) => ({ error: failureText(event.error) })),
        },
      },
    },
    checkFailed: { on: { 'push.retry': { target: 'checking', actions: assign({ error: null }) } } },
    unsupported: {},
    off: {
      on: { 'push.enable': { target: 'enabling', actions: assign({ message: null, error: null }) } },
    },
    enabling: {
      tags: ['busy'],
      invoke: {
        src: 'enable',
        onDone: {
          target: 'on',
          actions: assign(({ event }) => ({ device: event.output.data, message: event.output.message })),
        },
        onError: { target: 'off', actions: assign(({ event }) => ({ error: failureText(event.error) })) },
      },
    },
    on: {
      on: {
        'choice.set': {
          guard: ({ context, event }) => context.device !== null && context.device[event.name] !== event.on,
          target: 'saving',
          actions: assign(({ event }) => ({
            pending: { name: event.name, on: event.on },
            message: null,
            error: null,
          })),
        },
        'push.disable': { target: 'disabling', actions: assign({ message: null, error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveChoice',
        input: ({ context }) => ({ endpoint: context.device!.endpoint, ...context.pending! }),
        onDone: {
          target: 'on',
          actions: assign(({ event }) => ({
            device: event.output.data,
            message: event.output.message,
            pending: null,
          })),
        },
        onError: {
          target: 'on',
          actions: assign(({ event }) => ({ error: failureText(event.error), pending: null })),
        },
      },
    },
    disabling: {
      tags: ['busy'],
      invoke: {
        src: 'disable',
        input: ({ context }) => ({ endpoint: context.device!.endpoint }),
        onDone: { target: 'off', actions: assign(({ event }) => ({ device: null, message: event.output })) },
        onError: { target: 'on', actions: assign(({ event }) => ({ error: failureText(event.error) })) },
      },
    },
  },
});
