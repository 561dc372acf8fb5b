/**
 * The Platzordnung page: loading the club's rules, showing them, or the reason it failed with a
 * retry. The text is the club's own; the page shows it as plain text (ClubRules.tsx).
 */
import { assign, fromPromise, setup } from 'xstate';

interface ClubRulesContext {
  clubId: string;
  rules: string | null;
  error: string | null;
}

export const clubRulesMachine = setup({
  types: {
    context: {} as ClubRulesContext,
    events: {} as { type: 'rules.retry' },
    input: {} as { clubId: string },
  },
  actors: {
    loadRules: fromPromise<string, { clubId: string }>(async () => {
      throw new Error('loadRules must be provided');
    }),
  },
}).createMachine({
  id: 'clubRules',
  context: ({ input }) => ({ clubId: input.clubId, rules: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadRules',
        input: ({ context }) => ({ clubId: context.clubId }),
        onDone: { target: 'shown', actions: assign({ rules: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    shown: {},
    failed: { on: { 'rules.retry': 'loading' } },
  },
});
