/**
 * How a remote's screen loads what it shows: `useResource(load, input)` gives the data, a loading
 * flag, the failure and a retry, from one machine (./resource-machine.ts). Screens that also change
 * what they show (a form, a popup) have a machine of their own that loads the same way.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from './resource-machine';

/** What a screen gets to show a resource: a part of the screen may take it whole. */
export interface Resource<TData, TInput> {
  data: TData | null;
  error: string | null;
  loading: boolean;
  failed: boolean;
  /** Loads again, with a new input when one is given. */
  load: (next?: TInput) => void;
  retry: () => void;
}

export function useResource<TInput, TData>(
  load: (input: TInput, signal: AbortSignal) => Promise<TData>,
  input: TInput,
): Resource<TData, TInput> {
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
    failed: snapshot.matches('loadFailed'),
    load: (next?: TInput) => send({ type: 'resource.load', ...(next !== undefined ? { input: next } : {}) }),
    retry: () => send({ type: 'resource.retry' }),
  };
}
