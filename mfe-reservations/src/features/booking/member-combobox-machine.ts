/**
 * The member picker's own state (an ARIA 1.2 combobox with a listbox popup): what is typed, whether
 * the list is open, and which option is active. Which options there are is the view's: it filters
 * the club's members by the query and tells each move how many it shows.
 */
import { assign, setup } from 'xstate';

interface ComboboxContext {
  query: string;
  /** The active option's index in the shown list; -1 when none. */
  active: number;
}

type ComboboxEvent =
  | { type: 'input'; query: string }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'move'; by: 1 | -1; count: number }
  | { type: 'picked'; name: string };

/** One step through `count` options, wrapping at either end; from none, down starts at the first. */
export function movedIndex(active: number, by: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return by === 1 ? 0 : count - 1;
  return (active + by + count) % count;
}

export const memberComboboxMachine = setup({
  types: {
    context: {} as ComboboxContext,
    events: {} as ComboboxEvent,
    input: {} as { query: string },
  },
}).createMachine({
  id: 'memberCombobox',
  context: ({ input }) => ({ query: input.query, active: -1 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        input: { target: 'open', actions: assign({ query: ({ event }) => event.query, active: -1 }) },
        open: { target: 'open', actions: assign({ active: -1 }) },
        move: {
          target: 'open',
          actions: assign({ active: ({ event }) => movedIndex(-1, event.by, event.count) }),
        },
        picked: { actions: assign({ query: ({ event }) => event.name, active: -1 }) },
      },
    },
    open: {
      tags: ['open'],
      on: {
        input: { actions: assign({ query: ({ event }) => event.query, active: -1 }) },
        move: {
          actions: assign({
            active: ({ context, event }) => movedIndex(context.active, event.by, event.count),
          }),
        },
        close: { target: 'closed', actions: assign({ active: -1 }) },
        picked: { target: 'closed', actions: assign({ query: ({ event }) => event.name, active: -1 }) },
      },
    },
  },
});
