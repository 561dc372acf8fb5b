/**
 * Joining and leaving the Warteliste, without a view: the popup of a taken slot and the leave
 * buttons of "Meine Reservierungen" run it. It starts `waiting` when the member already is on the
 * list, `choosing` when not; a request runs in `sending`; it ends with what happened.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { JoinWaitlistBody } from '@platzbuchung/domain/waitlist/schemas';
import type { WaitlistEntryShown } from './api';

export interface WaitlistInput {
  hour: JoinWaitlistBody;
  /** The member's entry for that hour, when they are on the list already. */
  entry: WaitlistEntryShown | null;
}

export type WaitlistOutput =
  | { outcome: 'joined'; entry: WaitlistEntryShown }
  | { outcome: 'left'; id: string }
  | { outcome: 'failed'; error: string }
  | { outcome: 'cancelled' };

type WaitlistEvent = { type: 'waitlist.join' } | { type: 'waitlist.leave' } | { type: 'popup.cancel' };

interface WaitlistContext extends WaitlistInput {
  outcome: WaitlistOutput | null;
}

/** What the `send` actor is asked to do; it answers the outcome and never throws. */
export type WaitlistRequest = { join: JoinWaitlistBody } | { leave: string };

export const waitlistMachine = setup({
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as WaitlistInput,
    output: {} as WaitlistOutput,
  },
  actors: {
    send: fromPromise<WaitlistOutput, WaitlistRequest>(async () => {
      throw new Error('send muss mit provide() übergeben werden');
    }),
  },
  guards: { isWaiting: ({ context }) => context.entry !== null },
}).createMachine({
  id: 'waitlist',
  context: ({ input }) => ({ ...input, outcome: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isWaiting', target: 'waiting' }, { target: 'choosing' }] },
    choosing: {
      on: {
        'waitlist.join': 'joining',
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
      },
    },
    waiting: {
      on: {
        'waitlist.leave': 'leaving',
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
      },
    },
    joining: {
      tags: ['sending'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ join: context.hour }),
        onDone: { target: 'closed', actions: assign({ outcome: ({ event }) => event.output }) },
      },
    },
    leaving: {
      tags: ['sending'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ leave: context.entry!._id }),
        onDone: { target: 'closed', actions: assign({ outcome: ({ event }) => event.output }) },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }): WaitlistOutput => context.outcome ?? { outcome: 'cancelled' },
});
