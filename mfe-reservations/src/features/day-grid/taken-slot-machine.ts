/**
 * A click on someone else's booking still to come: every registered piece may offer something
 * there (the Warteliste, later others). One offer opens at once; several are offered as a choice
 * first, so no piece's popup is ever left out.
 */
import { assign, setup } from 'xstate';

export const takenSlotMachine = setup({
  types: {
    input: {} as { offers: number },
    context: {} as { chosen: number | null },
    events: {} as { type: 'offer.choose'; index: number } | { type: 'popup.cancel' },
    output: {} as { cancelled: boolean },
  },
  guards: {
    onlyOne: ({ context }) => context.chosen !== null,
  },
}).createMachine({
  id: 'takenSlot',
  context: ({ input }) => ({ chosen: input.offers === 1 ? 0 : null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'onlyOne', target: 'open' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        'offer.choose': { target: 'open', actions: assign({ chosen: ({ event }) => event.index }) },
        'popup.cancel': 'closed',
      },
    },
    open: {},
    closed: { type: 'final' },
  },
});
