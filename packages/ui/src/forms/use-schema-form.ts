/**
 * Binds the generic form machine to a React view: supplies the schema fetch and the view's own
 * submit and success handlers, and hands each field its value, error and change handler.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getJson } from '../api/client';
import { formMachine, type FormValues, type Payload } from './form-machine';

export interface SchemaFormOptions<TResult> {
  schemaName: string | null;
  /** The schema at hand, so the form starts ready (./form-machine, `schema`). */
  schema?: object;
  initialValues: FormValues;
  required?: readonly string[];
  submit: (payload: Payload) => Promise<TResult>;
  onSuccess?: (result: TResult) => void;
}

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  required: boolean;
  onValueChange: (value: string) => void;
}

export function useSchemaForm<TResult>(options: SchemaFormOptions<TResult>) {
  // The machine is built once; handlers that close over fresh props are read through this ref.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const [machine] = useState(() =>
    formMachine.provide({
      actors: {
        loadSchema: fromPromise<object, { name: string }>(({ input, signal }) =>
          getJson<object>(`/schema/${encodeURIComponent(input.name)}.json`, signal),
        ),
        submit: fromPromise<unknown, { payload: Payload }>(({ input }) =>
          latest.current.submit(input.payload),
        ),
      },
      actions: {
        reportSuccess: ({ context }) => latest.current.onSuccess?.(context.result as TResult),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      schemaName: options.schemaName,
      ...(options.schema ? { schema: options.schema } : {}),
      values: options.initialValues,
      ...(options.required ? { required: options.required } : {}),
    },
  });

  const field = (name: string): FieldBinding => ({
    name,
    value: snapshot.context.values[name] ?? '',
    error: snapshot.context.fieldErrors[name],
    required: snapshot.context.required.includes(name),
    onValueChange: (value) => send({ type: 'field.change', name, value }),
  });

  return {
    snapshot,
    field,
    submit: () => send({ type: 'form.submit' }),
    retry: () => send({ type: 'form.retry' }),
    isLoading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    isSending: snapshot.hasTag('sending'),
    succeeded: snapshot.hasTag('succeeded'),
    formError: snapshot.context.formError,
    result: snapshot.context.result as TResult | null,
  };
}

export type SchemaForm<TResult = unknown> = ReturnType<typeof useSchemaForm<TResult>>;
