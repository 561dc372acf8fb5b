/**
 * The section "Kontostände" without its view: the club's balances, loaded, then shown whole or
 * only those who owe ("Nur offene"), and loaded again after the treasurer enters something, while
 * the list stays on screen. The load is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import { openBalances, type MemberBalance } from '@platzbuchung/domain/money/kasse';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

interface BalancesContext {
  balances: MemberBalance[];
  onlyOpen: boolean;
  error: string | null;
}

type BalancesEvent =
  { type: 'filter.onlyOpen'; value: boolean } | { type: 'balances.reload' } | { type: 'balances.retry' };

/** The members the list shows under the chosen filter. */
export const shownBalances = ({ balances, onlyOpen }: Pick<BalancesContext, 'balances' | 'onlyOpen'>) =>
  onlyOpen ? openBalances(balances) : balances;

export const balancesMachine = setup({
  types: {
    context: {} as BalancesContext,
    events: {} as BalancesEvent,
  },
  actors: {
    loadBalances: fromPromise<MemberBalance[]>(async () => {
      throw new Error('loadBalances muss mit provide() übergeben werden');
    }),
  },
}).createMachine({
  id: 'balances',
  context: { balances: [], onlyOpen: false, error: null },
  initial: 'loading',
  on: {
    'filter.onlyOpen': { actions: assign(({ event }) => ({ onlyOpen: event.value })) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadBalances',
        onDone: { target: 'ready', actions: assign({ balances: ({ event }) => event.output, error: null }) },
        onError: loadFailure<BalancesContext, BalancesEvent>(),
      },
    },
    loadFailed: loadFailedState<BalancesContext, BalancesEvent>('balances.retry'),
    ready: {
      on: { 'balances.reload': 'refreshing' },
    },
    refreshing: {
      tags: ['refreshing'],
      on: {
        // An entry made while the list loads is one more reason to load it again afterwards.
        'balances.reload': { target: 'refreshing', reenter: true },
      },
      invoke: {
        src: 'loadBalances',
        onDone: { target: 'ready', actions: assign({ balances: ({ event }) => event.output, error: null }) },
        // The list as it was stays; the failure says it may be out of date.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
  },
});
