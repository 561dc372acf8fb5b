/**
 * Refusals and notices the screens used to hand to the browser's `alert()`: shown one at a time in
 * our own alert dialog, in the order they came; closing one shows the next.
 */
import { assign, setup } from 'xstate';

export const alertMachine = setup({
  types: {
    context: {} as { queue: readonly string[] },
    events: {} as { type: 'alert.show'; message: string } | { type: 'alert.close' },
  },
}).createMachine({
  id: 'alert',
  context: { queue: [] },
  on: {
    'alert.show': { actions: assign({ queue: ({ context, event }) => [...context.queue, event.message] }) },
    'alert.close': { actions: assign({ queue: ({ context }) => context.queue.slice(1) }) },
  },
});
