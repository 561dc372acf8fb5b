/**
 * Sperrungen without its view: the club's upcoming court blocks, a form for a new one (courts or
 * all, from, until, reason, weekly until a day), a preview of the bookings it would cancel before anything is written,
 * and lifting a block after a confirming question. The server's German refusals are shown as sent.
 */
import { assign, fromPromise, setup } from 'xstate';
import { blockTexts, REASON_MAX_LENGTH, type Block } from '@platzbuchung/domain/blocks/blocks';
import { addDays, compareIso, formatHour, isIsoDate } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { AffectedBooking, BlockRequest } from './api';
import { courtNumbers, numbersFrom } from '@platzbuchung/domain/reservations/day-slots';

export interface BlockForm {
  /** Ticked courts, ascending; ignored while `allCourts`. */
  courts: number[];
  allCourts: boolean;
  fromDate: IsoDate;
  fromHour: number;
  untilDate: IsoDate;
  untilHour: number;
  reason: string;
  /** Repeat every week on the same day and hours, the last time on `repeatUntil`. */
  weekly: boolean;
  repeatUntil: IsoDate;
}

/** A weekly block starts out repeating for twelve weeks. */
const WEEKLY_WEEKS = 12;

interface BlocksInput {
  club: { courts_count: number; start_hour: number; end_hour: number };
  /** Club-local now: the form starts at the next full hour, today. */
  now: { date: IsoDate; hour: number };
}

interface BlocksContext extends BlocksInput {
  blocks: Block[];
  form: BlockForm;
  /** What the last preview found; null until one was asked for this form. */
  affected: AffectedBooking[] | null;
  /** The block whose lifting is being asked about. */
  lifting: Block | null;
  /** The reason's own error, under its field: a block without one is not even previewed. */
  reasonError: string | null;
  message: string | null;
  error: string | null;
}

export type FormChange =
  | { field: 'court'; court: number; checked: boolean }
  | { field: 'allCourts'; checked: boolean }
  | { field: 'fromDate' | 'untilDate' | 'repeatUntil'; date: string }
  | { field: 'weekly'; checked: boolean }
  | { field: 'fromHour' | 'untilHour'; hour: number }
  | { field: 'reason'; reason: string };

type BlocksEvent =
  | ({ type: 'form.change' } & FormChange)
  | { type: 'preview' }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'lift.ask'; blockId: string }
  | { type: 'lift.confirm' }
  | { type: 'lift.cancel' }
  | { type: 'retry' };

/** Club-local `YYYY-MM-DDTHH:00`, as the API takes it. */
export const momentOf = (date: IsoDate, hour: number) => `${date}T${formatHour(hour)}`;

/** Hours a block may start or end at: opening to closing, both included. */
export function blockHours(club: { start_hour: number; end_hour: number }): number[] {
  return numbersFrom(club.start_hour, club.end_hour + 1);
}

/**
 * The form a new block starts from: all courts, from the next full hour until closing today, or
 * the whole of tomorrow once today's last hour has begun.
 */
export function initialForm({ club, now }: BlocksInput): BlockForm {
  const laterToday = now.hour + 1 < club.end_hour;
  const day = laterToday ? now.date : addDays(now.date, 1);
  return {
    courts: [],
    allCourts: true,
    fromDate: day,
    fromHour: laterToday ? Math.max(now.hour + 1, club.start_hour) : club.start_hour,
    untilDate: day,
    untilHour: club.end_hour,
    reason: '',
    weekly: false,
    repeatUntil: addDays(day, 7 * WEEKLY_WEEKS),
  };
}

/** The request the form describes; the server checks hours, courts and length again. */
export function blockRequest(context: Pick<BlocksContext, 'form' | 'club'>): BlockRequest {
  const { form, club } = context;
  const courts = form.allCourts ? courtNumbers(club) : form.courts;
  return {
    court_nums: courts.map(String),
    from: momentOf(form.fromDate, form.fromHour),
    // A weekly block begins and ends on one day (blocks/blocks).
    until: momentOf(form.weekly ? form.fromDate : form.untilDate, form.untilHour),
    reason: form.reason.trim(),
    ...(form.weekly ? { repeat_until: form.repeatUntil } : {}),
  };
}

function changed(form: BlockForm, change: FormChange, club: BlocksInput['club']): BlockForm {
  switch (change.field) {
    case 'court': {
      if (change.court < 1 || change.court > club.courts_count) return form;
      const rest = form.courts.filter((c) => c !== change.court);
      return { ...form, courts: change.checked ? [...rest, change.court].sort((a, b) => a - b) : rest };
    }
    case 'allCourts':
      return { ...form, allCourts: change.checked };
    case 'weekly':
      return { ...form, weekly: change.checked };
    case 'repeatUntil':
      return isIsoDate(change.date) ? { ...form, repeatUntil: change.date } : form;
    case 'fromDate':
    case 'untilDate':
      // A cleared or half-typed date keeps the last whole one.
      if (!isIsoDate(change.date)) return form;
      // Moving the start past the end takes the end along: a block never ends before it begins.
      if (change.field === 'fromDate' && change.date > form.untilDate) {
        return { ...form, fromDate: change.date, untilDate: change.date };
      }
      return { ...form, [change.field]: change.date };
    case 'fromHour':
    case 'untilHour':
      return blockHours(club).includes(change.hour) ? { ...form, [change.field]: change.hour } : form;
    case 'reason':
      return { ...form, reason: [...change.reason].slice(0, REASON_MAX_LENGTH).join('') };
  }
}

/** Upcoming first: the one starting soonest on top. */
const byStart = (blocks: readonly Block[]) => [...blocks].sort((a, b) => compareIso(a.from, b.from));

export const blocksMachine = setup({
  types: {
    context: {} as BlocksContext,
    events: {} as BlocksEvent,
    input: {} as BlocksInput,
  },
  actors: {
    loadBlocks: fromPromise<Block[]>(async () => {
      throw new Error('loadBlocks muss mit provide() übergeben werden');
    }),
    previewBlock: fromPromise<AffectedBooking[], BlockRequest>(async () => {
      throw new Error('previewBlock muss mit provide() übergeben werden');
    }),
    createBlock: fromPromise<{ message: string; cancelled: number }, BlockRequest>(async () => {
      throw new Error('createBlock muss mit provide() übergeben werden');
    }),
    liftBlock: fromPromise<{ message: string }, string>(async () => {
      throw new Error('liftBlock muss mit provide() übergeben werden');
    }),
  },
  guards: {
    isKnownBlock: ({ context, event }) =>
      event.type === 'lift.ask' && context.blocks.some((b) => b._id === event.blockId),
  },
}).createMachine({
  id: 'blocks',
  context: ({ input }) => ({
    ...input,
    blocks: [],
    form: initialForm(input),
    affected: null,
    lifting: null,
    reasonError: null,
    message: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadBlocks',
        onDone: { target: 'editing', actions: assign({ blocks: ({ event }) => byStart(event.output) }) },
        onError: loadFailure<BlocksContext, BlocksEvent>(),
      },
    },
    loadFailed: loadFailedState<BlocksContext, BlocksEvent>('retry'),
    editing: {
      on: {
        'form.change': {
          actions: assign(({ context, event }) => ({
            form: changed(context.form, event, context.club),
            // Typing a reason answers its error.
            reasonError: event.field === 'reason' ? null : context.reasonError,
          })),
        },
        preview: [
          {
            guard: ({ context }) => context.form.reason.trim() === '',
            actions: assign({ reasonError: blockTexts.reasonMissing, message: null, error: null }),
          },
          { target: 'previewing', actions: assign({ reasonError: null, message: null, error: null }) },
        ],
        'lift.ask': {
          guard: 'isKnownBlock',
          target: 'askingLift',
          actions: assign({
            lifting: ({ context, event }) => context.blocks.find((b) => b._id === event.blockId) ?? null,
            message: null,
            error: null,
          }),
        },
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        src: 'previewBlock',
        input: ({ context }) => blockRequest(context),
        onDone: { target: 'reviewing', actions: assign({ affected: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    /** The preview is shown; nothing has been written yet. */
    reviewing: {
      tags: ['reviewing'],
      on: {
        confirm: 'creating',
        back: { target: 'editing', actions: assign({ affected: null }) },
      },
    },
    creating: {
      tags: ['busy', 'reviewing'],
      invoke: {
        src: 'createBlock',
        input: ({ context }) => blockRequest(context),
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            message: cancelledMessage(event.output.message, event.output.cancelled),
            affected: null,
            form: initialForm(context),
          })),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureText(event.error), affected: null }),
        },
      },
    },
    askingLift: {
      tags: ['askingLift'],
      on: {
        'lift.confirm': 'lifting',
        'lift.cancel': { target: 'editing', actions: assign({ lifting: null }) },
      },
    },
    lifting: {
      tags: ['busy', 'askingLift'],
      invoke: {
        src: 'liftBlock',
        input: ({ context }) => context.lifting!._id,
        onDone: {
          target: 'loading',
          actions: assign({ message: ({ event }) => event.output.message, lifting: null }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureText(event.error), lifting: null }),
        },
      },
    },
  },
});

/** "Die Sperrung wurde eingerichtet. 2 Termine wurden storniert." */
export function cancelledMessage(message: string, cancelled: number): string {
  if (cancelled === 0) return `${message} Keine Reservierung war betroffen.`;
  return `${message} ${cancelled === 1 ? '1 Termin wurde' : `${cancelled} Termine wurden`} storniert.`;
}
