/**
 * The member's mail switches in the account panel: loaded, shown, and each change saved at once.
 * A change while one is being saved waits for it; a refused or failed save puts the boxes back.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { NotificationSettings } from '@platzbuchung/domain/schemas';

/** One switch of the panel. */
type NotificationSwitch = keyof NotificationSettings;

interface NotificationSettingsContext {
  settings: NotificationSettings;
  /** What the boxes show while a save runs. */
  wanted: NotificationSettings;
  message: string | null;
  error: string | null;
}

type NotificationSettingsEvent =
  { type: 'setting.set'; name: NotificationSwitch; on: boolean } | { type: 'settings.retry' };

export interface SaveAnswer {
  message: string;
  data: NotificationSettings;
}

/** Before the server answered: as a new account starts. */
const NEW_ACCOUNT: NotificationSettings = { booking_confirmations: false, co_player_notices: true };

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<NotificationSettings>(async () => {
      throw new Error('loadSettings muss mit provide() übergeben werden');
    }),
    saveSettings: fromPromise<SaveAnswer, NotificationSettings>(async () => {
      throw new Error('saveSettings muss mit provide() übergeben werden');
    }),
  },
  guards: {
    changes: ({ context, event }) =>
      event.type === 'setting.set' && event.on !== context.settings[event.name],
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: NEW_ACCOUNT, wanted: NEW_ACCOUNT, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ settings: event.output, wanted: event.output, error: null })),
        },
        onError: loadFailure<NotificationSettingsContext, NotificationSettingsEvent>(),
      },
    },
    loadFailed: loadFailedState<NotificationSettingsContext, NotificationSettingsEvent>('settings.retry'),
    ready: {
      on: {
        'setting.set': {
          guard: 'changes',
          target: 'saving',
          actions: assign(({ context, event }) => ({
            wanted: { ...context.settings, [event.name]: event.on },
            message: null,
            error: null,
          })),
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => context.wanted,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            settings: event.output.data,
            wanted: event.output.data,
            message: event.output.message,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            error: failureText(event.error),
            wanted: context.settings,
          })),
        },
      },
    },
  },
});
