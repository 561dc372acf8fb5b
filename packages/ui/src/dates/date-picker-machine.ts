/**
 * The calendar popup of the German date field: closed, or open with a cursor day that the arrow
 * keys move (the month shown is the cursor's). Choosing a day closes the popup and emits `chosen`;
 * the field's owner keeps the value, so the machine only knows it to open the calendar there.
 */
import { assign, emit, setup } from 'xstate';
import { addDays, addMonths, mondayOf } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';

export interface DatePickerInput {
  value: IsoDate;
  /** Earliest and latest choosable day (inclusive); either may be absent. */
  min?: IsoDate | undefined;
  max?: IsoDate | undefined;
}

interface DatePickerContext {
  value: IsoDate;
  cursor: IsoDate;
  min: IsoDate | undefined;
  max: IsoDate | undefined;
}

export type DatePickerEvent =
  | { type: 'value.set'; value: IsoDate }
  /** The owner's bounds changed (a "Bis" field whose earliest day is the "Von" field's). */
  | { type: 'bounds.set'; min: IsoDate | undefined; max: IsoDate | undefined }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'cursor.days'; days: number }
  | { type: 'cursor.months'; months: number }
  | { type: 'cursor.weekStart' }
  | { type: 'cursor.weekEnd' }
  | { type: 'choose'; date?: IsoDate };

/** Inside [min, max]; ISO dates compare as strings. */
export function clampDate(date: IsoDate, min: IsoDate | undefined, max: IsoDate | undefined): IsoDate {
  if (min && date < min) return min;
  if (max && date > max) return max;
  return date;
}

export function isChoosable(date: IsoDate, min: IsoDate | undefined, max: IsoDate | undefined): boolean {
  return clampDate(date, min, max) === date;
}

/** The 6 weeks × 7 days (Monday first) a month sheet shows for the cursor's month. */
export function monthSheet(cursor: IsoDate): IsoDate[][] {
  const first = mondayOf(`${cursor.slice(0, 7)}-01`);
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(first, week * 7 + day)),
  );
}

export const datePickerMachine = setup({
  types: {
    context: {} as DatePickerContext,
    events: {} as DatePickerEvent,
    input: {} as DatePickerInput,
    emitted: {} as { type: 'chosen'; date: IsoDate },
  },
}).createMachine({
  id: 'datePicker',
  context: ({ input }) => ({
    value: input.value,
    cursor: input.value,
    min: input.min,
    max: input.max,
  }),
  initial: 'closed',
  on: {
    'value.set': { actions: assign({ value: ({ event }) => event.value }) },
    'bounds.set': {
      actions: assign(({ context, event }) => ({
        min: event.min,
        max: event.max,
        cursor: clampDate(context.cursor, event.min, event.max),
      })),
    },
  },
  states: {
    closed: {
      on: {
        open: {
          target: 'open',
          actions: assign({ cursor: ({ context }) => clampDate(context.value, context.min, context.max) }),
        },
      },
    },
    open: {
      on: {
        close: 'closed',
        'cursor.days': {
          actions: assign({
            cursor: ({ context, event }) =>
              clampDate(addDays(context.cursor, event.days), context.min, context.max),
          }),
        },
        'cursor.months': {
          actions: assign({
            cursor: ({ context, event }) =>
              clampDate(addMonths(context.cursor, event.months), context.min, context.max),
          }),
        },
        'cursor.weekStart': {
          actions: assign({
            cursor: ({ context }) => clampDate(mondayOf(context.cursor), context.min, context.max),
          }),
        },
        'cursor.weekEnd': {
          actions: assign({
            cursor: ({ context }) =>
              clampDate(addDays(mondayOf(context.cursor), 6), context.min, context.max),
          }),
        },
        choose: {
          // A click names its day; Enter chooses the cursor. Days outside the bounds are not offered.
          guard: ({ context, event }) => isChoosable(event.date ?? context.cursor, context.min, context.max),
          target: 'closed',
          actions: [
            assign({ value: ({ context, event }) => event.date ?? context.cursor }),
            emit(({ context }) => ({ type: 'chosen' as const, date: context.value })),
          ],
        },
      },
    },
  },
});
