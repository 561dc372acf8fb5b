/**
 * The makeReservation popup without its view: admins choose a duration of
 * 1 to 10 hours, a label and weekly repetition; players reserve one hour. While the request runs
 * the popup is `sending` (controls disabled, spinner). A booking made closes it; a refusal (the
 * limit, a quota, a block …) keeps it open with everything chosen, its text shown in an alert over
 * it, so the member changes a co-player or the hours instead of starting again
 * (docs/architecture/micro-frontends.md, "The booking popups"). The request itself is supplied by
 * the view with `makeReservationMachine.provide(...)`.
 *
 * While it is open, the club's live stream may report the slot taken by someone else (or a court
 * block): the popup then says so and refuses to send, until the slot is free again.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { LABEL_MAX_LENGTH, MAX_DURATION_HOURS } from '@platzbuchung/domain/reservations/limits';
import type { MakeReservationBody } from '../../shared/reservations-api';
import type { Child } from '@platzbuchung/domain/families/schemas';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { MakeSlot } from '../../shared/popup/slot-click';
import { refusalOf, type PopupOutput } from '../../shared/popup/popup-submit';
import {
  afterPlayersChange,
  playerMaxHours,
  playersBody,
  playersDraftOf,
  playersProblem,
  type PlayersDraft,
  type PlayersEvent,
} from './players-draft';

export interface MakeReservationInput {
  slot: MakeSlot;
  isAdmin: boolean;
  clubId: string;
  userId: string;
  /** The club's end_hour: a reservation cannot run past closing time. */
  endHour: number;
  /** The club's courts_count: admins may book several of its courts at once. */
  courtsCount: number;
  /** The club's rules about who plays: whether the popup asks for co-players, guests, a doubles' length. */
  play: PlayRules;
  /** The club's reservations_limit, for the room it leaves a player; null: none set. */
  limit: number | null;
  /** The club's time zone: whether the hour is short notice for the quotas. */
  timeZone: string;
}

interface MakeReservationContext extends MakeReservationInput {
  duration: number;
  label: string;
  recurring: boolean;
  /** Admins: the courts to book, the clicked one first ticked; ascending. */
  courts: number[];
  /** How the popup ended; null while it is open. */
  outcome: PopupOutput | null;
  /** Someone else took the slot while the popup was open. */
  taken: boolean;
  /** Singles or doubles, and the co-players. */
  players: PlayersDraft;
  /** Why the popup did not send (a co-player missing), until the next change. */
  problem: string | null;
  /** The API's refusal, shown in an alert over the popup until closed. */
  refusal: string | null;
  /** The member's children, to book for (docs/who-plays.md, "Families"); none until loaded. */
  children: readonly Child[];
  /** "Für": the child booked for; null: the member themself. */
  forChild: string | null;
}

type MakeReservationEvent =
  | { type: 'duration.change'; hours: number }
  | { type: 'label.change'; label: string }
  | { type: 'recurring.change'; recurring: boolean }
  | { type: 'court.toggle'; court: number; checked: boolean }
  | { type: 'popup.submit' }
  | { type: 'popup.cancel' }
  | { type: 'slot.taken' }
  | { type: 'slot.freed' }
  | { type: 'refusal.close' }
  | { type: 'for.change'; childId: string | null }
  | PlayersEvent;

/** 1 up to 10 hours, and never past the club's closing hour. */
export function durationOptions(slot: Pick<MakeSlot, 'hour'>, endHour: number): number[] {
  const longest = Math.max(1, Math.min(MAX_DURATION_HOURS, endHour - slot.hour));
  return Array.from({ length: longest }, (_, i) => i + 1);
}

/** The hours the booker may choose: admins up to 10, players a doubles' length where the club allows it. */
export function bookingDurations(
  context: Pick<MakeReservationContext, 'slot' | 'endHour' | 'isAdmin' | 'players' | 'play'>,
): number[] {
  const options = durationOptions(context.slot, context.endHour);
  return context.isAdmin
    ? options
    : options.filter((hours) => hours <= playerMaxHours(context.players, context.play));
}

/**
 * Whether the popup names co-players: where the club names them, and for one court only, since a
 * booking over several courts is the club's own and names nobody (docs/who-plays.md).
 */
export const namesPlayers = (context: Pick<MakeReservationContext, 'play' | 'courts'>): boolean =>
  context.play.co_players !== 'off' && context.courts.length <= 1;

/** An admin's booking needs no co-players (training, a match day); what is named is still checked. */
function problemOf(context: MakeReservationContext): string | null {
  if (!namesPlayers(context)) return null;
  const play =
    context.isAdmin && context.play.co_players === 'required'
      ? { ...context.play, co_players: 'optional' as const }
      : context.play;
  return playersProblem(context.players, play);
}

/** The courts ticked after one more tick or untick; never none, never one the club lacks. */
function toggledCourts(context: MakeReservationContext, court: number, checked: boolean): number[] {
  if (!Number.isInteger(court) || court < 1 || court > context.courtsCount) return context.courts;
  const next = checked ? [...new Set([...context.courts, court])] : context.courts.filter((c) => c !== court);
  return next.length === 0 ? context.courts : next.sort((a, b) => a - b);
}

/**
 * The body of POST /api/reservations; a player's is always one hour, unlabelled, not repeated.
 * Several ticked courts go as `court_nums`: one booking per court, all or none.
 */
function makeReservationBody(context: MakeReservationContext): MakeReservationBody {
  const { slot } = context;
  const duration = bookingDurations(context).includes(context.duration) ? context.duration : 1;
  const label = context.isAdmin ? context.label.trim() : '';
  const courts = context.isAdmin ? context.courts : [slot.court];
  const players = namesPlayers({ play: context.play, courts }) ? playersBody(context.players) : [];
  const where =
    courts.length > 1 ? { court_nums: courts.map(String) } : { court_num: String(courts[0] ?? slot.court) };
  return {
    club_id: context.clubId,
    user_id: context.userId,
    ...where,
    start_time: slot.hour,
    end_time: slot.hour + duration,
    date: slot.date,
    ...(label ? { label } : {}),
    recurring: context.isAdmin && context.recurring,
    ...(players.length > 0 ? { players } : {}),
    // A child is booked on one court (docs/who-plays.md, "Families").
    ...(context.forChild !== null && courts.length === 1 ? { on_behalf_of: context.forChild } : {}),
  };
}

export const makeReservationMachine = setup({
  types: {
    context: {} as MakeReservationContext,
    events: {} as MakeReservationEvent,
    input: {} as MakeReservationInput,
    output: {} as PopupOutput,
  },
  actors: {
    submit: fromPromise<PopupOutput, { body: MakeReservationBody }>(async () => {
      throw new Error('submit muss mit provide() übergeben werden');
    }),
    // A member without children, or a view that does not ask, books for themself only.
    loadChildren: fromPromise<readonly Child[]>(async () => []),
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    isFree: ({ context }) => !context.taken,
    isComplete: ({ context }) => problemOf(context) === null,
  },
}).createMachine({
  id: 'makeReservation',
  context: ({ input }) => ({
    ...input,
    duration: 1,
    label: '',
    recurring: false,
    courts: [input.slot.court],
    outcome: null,
    taken: false,
    players: playersDraftOf(),
    problem: null,
    refusal: null,
    children: [],
    forChild: null,
  }),
  // The children arrive while the member chooses; a failed load leaves "mich" the only choice.
  invoke: {
    src: 'loadChildren',
    onDone: { actions: assign({ children: ({ event }) => event.output }) },
    onError: {},
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'duration.change': {
          actions: assign({
            duration: ({ context, event }) =>
              bookingDurations(context).includes(event.hours) ? event.hours : context.duration,
          }),
        },
        'players.*': {
          actions: assign(({ context, event }) =>
            afterPlayersChange(context, event as PlayersEvent, bookingDurations),
          ),
        },
        'for.change': {
          actions: assign({
            forChild: ({ context, event }) =>
              context.children.some((child) => child._id === event.childId) ? event.childId : null,
          }),
        },
        'label.change': {
          guard: 'isAdmin',
          actions: assign({ label: ({ event }) => [...event.label].slice(0, LABEL_MAX_LENGTH).join('') }),
        },
        'recurring.change': {
          guard: 'isAdmin',
          actions: assign({ recurring: ({ event }) => event.recurring }),
        },
        'court.toggle': {
          guard: 'isAdmin',
          actions: assign({
            courts: ({ context, event }) => toggledCourts(context, event.court, event.checked),
          }),
        },
        'popup.submit': [
          { guard: and(['isFree', 'isComplete']), target: 'sending' },
          { guard: 'isFree', actions: assign({ problem: ({ context }) => problemOf(context) }) },
        ],
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
        // Once sending, the server's answer decides.
        'slot.taken': { actions: assign({ taken: true }) },
        'slot.freed': { actions: assign({ taken: false }) },
        'refusal.close': { actions: assign({ refusal: null }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ body: makeReservationBody(context) }),
        onDone: [
          {
            guard: ({ event }) => refusalOf(event.output) !== null,
            target: 'editing',
            actions: assign({ refusal: ({ event }) => refusalOf(event.output) }),
          },
          { target: 'closed', actions: assign({ outcome: ({ event }) => event.output }) },
        ],
      },
    },
    /** Booked, or cancelled. */
    closed: { type: 'final' },
  },
  output: ({ context }): PopupOutput => context.outcome ?? { outcome: 'cancelled' },
});
