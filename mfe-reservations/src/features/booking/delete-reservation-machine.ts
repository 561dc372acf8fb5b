/**
 * The deleteReservation popup without its view. A recurring
 * reservation offers 'once', 'once_and_future' and 'all' (preselected: only this date); a single
 * one is always deleted as 'all'. It is `sending` while the request runs and done when it finishes,
 * whatever the outcome: there is nothing typed to keep, so a refusal shows after it closed
 * (docs/architecture/micro-frontends.md, "The booking popups").
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DeleteType } from '@platzbuchung/domain/types';
import type { DeleteReservationBody } from '../../shared/reservations-api';
import type { PopupOutput } from '../../shared/popup/popup-submit';
import type { DeleteSlot } from '../../shared/popup/slot-click';

export interface DeleteReservationInput {
  slot: DeleteSlot;
}

interface DeleteReservationContext extends DeleteReservationInput {
  deleteType: DeleteType;
  /** For a booking over several courts: delete it on all of them. */
  wholeGroup: boolean;
  outcome: PopupOutput | null;
}

type DeleteReservationEvent =
  | { type: 'deleteType.change'; deleteType: DeleteType }
  | { type: 'wholeGroup.change'; wholeGroup: boolean }
  | { type: 'popup.submit' }
  | { type: 'popup.cancel' };

/** The choices in the order shown, with their German labels. */
export const deleteOptions: readonly { value: DeleteType; label: string }[] = [
  { value: 'once', label: 'Nur diesen Termin' },
  { value: 'once_and_future', label: 'Diesen und alle folgenden' },
  { value: 'all', label: 'Alle Termine' },
];

/** For a booking over several courts, in the order shown. */
export const groupOptions: readonly { value: boolean; label: string }[] = [
  { value: false, label: 'Nur dieser Platz' },
  { value: true, label: 'Alle Plätze' },
];

export interface DeleteRequest {
  reservationId: string;
  body: DeleteReservationBody;
}

export function deleteRequest(context: DeleteReservationContext): DeleteRequest {
  const { slot } = context;
  return {
    reservationId: slot.reservation_id,
    body: {
      form_method: 'delete',
      date: slot.date,
      delete_type: slot.recurring ? context.deleteType : 'all',
      ...(slot.group_id && context.wholeGroup ? { whole_group: true } : {}),
    },
  };
}

export const deleteReservationMachine = setup({
  types: {
    context: {} as DeleteReservationContext,
    events: {} as DeleteReservationEvent,
    input: {} as DeleteReservationInput,
    output: {} as PopupOutput,
  },
  actors: {
    submit: fromPromise<PopupOutput, DeleteRequest>(async () => {
      throw new Error('submit muss mit provide() übergeben werden');
    }),
  },
  guards: {
    isRecurring: ({ context }) => context.slot.recurring,
    isGroup: ({ context }) => Boolean(context.slot.group_id),
  },
}).createMachine({
  id: 'deleteReservation',
  context: ({ input }) => ({
    ...input,
    deleteType: input.slot.recurring ? 'once' : 'all',
    wholeGroup: false,
    outcome: null,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'deleteType.change': {
          guard: 'isRecurring',
          actions: assign({ deleteType: ({ event }) => event.deleteType }),
        },
        'wholeGroup.change': {
          guard: 'isGroup',
          actions: assign({ wholeGroup: ({ event }) => event.wholeGroup }),
        },
        'popup.submit': 'sending',
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'submit',
        input: ({ context }) => deleteRequest(context),
        onDone: { target: 'closed', actions: assign({ outcome: ({ event }) => event.output }) },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }): PopupOutput => context.outcome ?? { outcome: 'cancelled' },
});
