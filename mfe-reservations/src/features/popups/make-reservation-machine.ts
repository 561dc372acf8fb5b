/**
 * The makeReservation popup (SPEC sections 4 and 5) without its view: admins choose a duration of
 * 1 to 10 hours, a label and weekly repetition; players reserve one hour. While the request runs
 * the popup is `sending` (controls disabled, spinner); when it finishes, whatever the outcome, the
 * popup is done. What then happens (store the answer, show the error in an alert) is named here
 * and supplied by the view with `makeReservationMachine.provide(...)`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { LABEL_MAX_LENGTH, MAX_DURATION_HOURS } from '@platzbuchung/domain/reservations/make-reservation';
import type { Reservation } from '@platzbuchung/domain/types';
import type { MakeReservationBody } from '../../shared/reservations-api';
import type { MakeSlot } from './slot-click';
import { requestErrorText } from './request-error';

export interface MakeReservationInput {
  slot: MakeSlot;
  isAdmin: boolean;
  clubId: string;
  userId: string;
  /** The club's end_hour: a reservation cannot run past closing time. */
  endHour: number;
}

export interface MakeReservationContext extends MakeReservationInput {
  duration: number;
  label: string;
  recurring: boolean;
  /** How the popup ended; null while it is open. */
  outcome: PopupOutput | null;
}

export type MakeReservationEvent =
  | { type: 'duration.change'; hours: number }
  | { type: 'label.change'; label: string }
  | { type: 'recurring.change'; recurring: boolean }
  | { type: 'popup.submit' }
  | { type: 'popup.cancel' };

export type PopupOutput =
  | { outcome: 'saved'; reservations: Reservation[] }
  | { outcome: 'failed'; error: string }
  | { outcome: 'cancelled' };

/** 1 up to 10 hours, and never past the club's closing hour. */
export function durationOptions(slot: Pick<MakeSlot, 'hour'>, endHour: number): number[] {
  const longest = Math.max(1, Math.min(MAX_DURATION_HOURS, endHour - slot.hour));
  return Array.from({ length: longest }, (_, i) => i + 1);
}

/** The body of POST /api/reservations; a player's is always one hour, unlabelled, not repeated. */
export function makeReservationBody(context: MakeReservationContext): MakeReservationBody {
  const { slot } = context;
  const duration = context.isAdmin ? context.duration : 1;
  const label = context.isAdmin ? context.label.trim() : '';
  return {
    club_id: context.clubId,
    user_id: context.userId,
    court_num: String(slot.court),
    start_time: slot.hour,
    end_time: slot.hour + duration,
    date: slot.date,
    ...(label ? { label } : {}),
    recurring: context.isAdmin && context.recurring,
  };
}

export const makeReservationMachine = setup({
  types: {
    context: {} as MakeReservationContext,
    events: {} as MakeReservationEvent,
    input: {} as MakeReservationInput,
    output: {} as PopupOutput,
  },
  actors: {
    submit: fromPromise<Reservation[], { body: MakeReservationBody }>(async () => {
      throw new Error('submit must be provided');
    }),
  },
  actions: {
    /** The answer replaces the client's list (SPEC section 7). */
    reportSaved: (_, _reservations: Reservation[]) => {},
    /** SPEC section 8: logged and shown in an alert as received. */
    reportFailed: (_, _error: string) => {},
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
  },
}).createMachine({
  id: 'makeReservation',
  context: ({ input }) => ({ ...input, duration: 1, label: '', recurring: false, outcome: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'duration.change': {
          guard: 'isAdmin',
          actions: assign({
            duration: ({ context, event }) =>
              durationOptions(context.slot, context.endHour).includes(event.hours)
                ? event.hours
                : context.duration,
          }),
        },
        'label.change': {
          guard: 'isAdmin',
          actions: assign({ label: ({ event }) => [...event.label].slice(0, LABEL_MAX_LENGTH).join('') }),
        },
        'recurring.change': {
          guard: 'isAdmin',
          actions: assign({ recurring: ({ event }) => event.recurring }),
        },
        'popup.submit': 'sending',
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ body: makeReservationBody(context) }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ outcome: ({ event }) => ({ outcome: 'saved', reservations: event.output }) }),
            { type: 'reportSaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'closed',
          actions: [
            assign({ outcome: ({ event }) => ({ outcome: 'failed', error: requestErrorText(event.error) }) }),
            { type: 'reportFailed', params: ({ event }) => requestErrorText(event.error) },
          ],
        },
      },
    },
    /** Closed whatever the outcome (SPEC section 4). */
    closed: { type: 'final' },
  },
  output: ({ context }): PopupOutput => context.outcome ?? { outcome: 'cancelled' },
});

export type MakeReservationMachine = typeof makeReservationMachine;
