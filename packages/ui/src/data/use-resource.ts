/**
 * How a remote's screen loads what it shows: `useResource(load, input)` gives the data, a loading
 * flag, the failure and a retry, from one machine (./resource-machine.ts). Screens that also change
 * what they show (a form, a popup) have a machine of their own that loads the same way.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from './resource-machine';

export function useResource<TInput, TData>(
  load: (input: TInput, signal: AbortSignal) => Promise<TData>,
  input: TInput,
) {
  const latest = useRef(load);
  useLayoutEffect(() => {
    latest.current = load;
  });
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(({ input: given, signal }) =>
          latest.current(given as TInput, signal),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { input } });
  return {
    data: snapshot.context.data as TData | null,
    error: snapshot.context.error,
    loading: snapshot.hasTag('loading'),
    failed: snapshot.matches('failed'),
    load: (next?: TInput) => send({ type: 'resource.load', ...(next !== undefined ? { input: next } : {}) }),
    retry: () => send({ type: 'resource.retry' }),
  };
}
