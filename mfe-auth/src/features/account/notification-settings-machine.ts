/**
 * The member's mail switch in the account panel: loaded, shown, and each change saved at once. A
 * change while one is being saved waits for it; a refused or failed save puts the box back.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { NotificationSettings } from '@platzbuchung/domain/schemas';

interface NotificationSettingsContext {
  settings: NotificationSettings;
  /** What the box shows while a save runs. */
  wanted: boolean;
  message: string | null;
  error: string | null;
}

type NotificationSettingsEvent = { type: 'confirmations.set'; on: boolean } | { type: 'settings.retry' };

export interface SaveAnswer {
  message: string;
  data: NotificationSettings;
}

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<NotificationSettings>(async () => {
      throw new Error('loadSettings must be provided');
    }),
    saveSettings: fromPromise<SaveAnswer, NotificationSettings>(async () => {
      throw new Error('saveSettings must be provided');
    }),
  },
  guards: {
    changes: ({ context, event }) =>
      event.type === 'confirmations.set' && event.on !== context.settings.booking_confirmations,
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: { booking_confirmations: false }, wanted: false, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            settings: event.output,
            wanted: event.output.booking_confirmations,
            error: null,
          })),
        },
        onError: loadFailure<NotificationSettingsContext, NotificationSettingsEvent>(),
      },
    },
    loadFailed: loadFailedState<NotificationSettingsContext, NotificationSettingsEvent>('settings.retry'),
    ready: {
      on: {
        'confirmations.set': {
          guard: 'changes',
          target: 'saving',
          actions: assign(({ event }) => ({ wanted: event.on, message: null, error: null })),
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ booking_confirmations: context.wanted }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            settings: event.output.data,
            wanted: event.output.data.booking_confirmations,
            message: event.output.message,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            error: failureText(event.error),
            wanted: context.settings.booking_confirmations,
          })),
        },
      },
    },
  },
});
