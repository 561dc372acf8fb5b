/**
 * The changeReservation popup without its view: another court, day or hour for a booking. Players
 * move their own upcoming single booking, always one hour; admins also choose the duration and
 * the label, and for a weekly series which dates change — asked like deletion asks it. The new
 * day of a series is the chosen occurrence's new day. Like the make popup it is `sending` while the
 * request runs, done when the change is saved, and kept open with its choices on a refusal, the
 * refusal shown in an alert over it (docs/architecture/micro-frontends.md, "The booking popups").
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import { isIsoDate } from '@platzbuchung/domain/dates';
import { LABEL_MAX_LENGTH } from '@platzbuchung/domain/reservations/limits';
import type { ChangeScope } from '@platzbuchung/domain/reservations/change-reservation';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { ChangeReservationBody } from '../../shared/reservations-api';
import { deleteOptions } from './delete-reservation-machine';
import { durationOptions } from './make-reservation-machine';
import { refusalOf, type PopupOutput } from '../../shared/popup/popup-submit';
import {
  afterPlayersChange,
  playerMaxHours,
  playersBody,
  playersDraftOf,
  playersProblem,
  samePlayers,
  type PlayersDraft,
  type PlayersEvent,
} from './players-draft';
import { startHours } from '@platzbuchung/domain/reservations/day-slots';

export interface ChangeReservationInput {
  reservation: Reservation;
  /** The day the booking was opened on: for a series, the occurrence being changed. */
  occurrenceDate: IsoDate;
  isAdmin: boolean;
  clubId: string;
  club: { courts_count: number; start_hour: number; end_hour: number };
  /** The club's rules about who plays: whether the popup shows and changes the co-players. */
  play: PlayRules;
}

interface ChangeReservationContext extends ChangeReservationInput {
  court: number;
  date: IsoDate;
  hour: number;
  duration: number;
  label: string;
  scope: ChangeScope;
  /** For a booking over several courts: change every court of its group alike. */
  wholeGroup: boolean;
  /** Singles or doubles, and the co-players, from the booking's own. */
  players: PlayersDraft;
  /** Why the popup did not send (a co-player missing), until the next change. */
  problem: string | null;
  /** The API's refusal, shown in an alert over the popup until closed. */
  refusal: string | null;
  outcome: PopupOutput | null;
}

type ChangeReservationEvent =
  | { type: 'court.change'; court: number }
  | { type: 'date.change'; date: string }
  | { type: 'hour.change'; hour: number }
  | { type: 'duration.change'; hours: number }
  | { type: 'label.change'; label: string }
  | { type: 'scope.change'; scope: ChangeScope }
  | { type: 'wholeGroup.change'; wholeGroup: boolean }
  | { type: 'popup.submit' }
  | { type: 'popup.cancel' }
  | { type: 'refusal.close' }
  | PlayersEvent;

/** The choices for a series: the very question and words of deletion, so both read alike. */
export const changeScopeOptions: readonly { value: ChangeScope; label: string }[] = deleteOptions;

export interface ChangeRequest {
  reservationId: string;
  body: ChangeReservationBody;
}

/** The hours a booking may last: admins up to 10, players a doubles' length where the club allows it. */
export function changeDurations(
  context: Pick<ChangeReservationContext, 'hour' | 'club' | 'isAdmin' | 'players' | 'play'>,
): number[] {
  const options = durationOptions({ hour: context.hour }, context.club.end_hour);
  return context.isAdmin
    ? options
    : options.filter((hours) => hours <= playerMaxHours(context.players, context.play));
}

/** The players to send: only when the club names them and they differ from the booking's ("absent = unchanged"). */
/**
 * Whether the popup names co-players: where the club names them, and not for every court of a
 * group at once, which names nobody (docs/who-plays.md); one court of it names its own.
 */
export const namesPlayers = (
  context: Pick<ChangeReservationContext, 'play' | 'reservation' | 'wholeGroup'>,
) => context.play.co_players !== 'off' && !(context.reservation.group_id && context.wholeGroup);

function changedPlayers(context: ChangeReservationContext) {
  if (!namesPlayers(context)) return null;
  const players = playersBody(context.players);
  const before = playersBody(playersDraftOf(context.reservation.players));
  return samePlayers(players, before) ? null : players;
}

/** An admin's booking needs no co-players; what is named is still checked. */
function problemOf(context: ChangeReservationContext): string | null {
  if (!namesPlayers(context)) return null;
  const play =
    context.isAdmin && context.play.co_players === 'required'
      ? { ...context.play, co_players: 'optional' as const }
      : context.play;
  return playersProblem(context.players, play);
}

/** The body of PUT /api/reservations/:id; a player's stays one hour (a doubles as the club allows) and carries no label. */
export function changeRequest(context: ChangeReservationContext): ChangeRequest {
  const { reservation } = context;
  const duration = changeDurations(context).includes(context.duration) ? context.duration : 1;
  const players = changedPlayers(context);
  const label = context.label.trim();
  return {
    reservationId: reservation._id,
    body: {
      club_id: context.clubId,
      court_num: String(context.court),
      date: context.date,
      start_time: context.hour,
      end_time: context.hour + duration,
      ...(context.isAdmin ? { label: label || null } : {}),
      ...(reservation.recurring ? { scope: context.scope, occurrence_date: context.occurrenceDate } : {}),
      ...(reservation.group_id && context.wholeGroup ? { whole_group: true } : {}),
      ...(players ? { players } : {}),
    },
  };
}

/** Whether the form still shows the booking as it is: submitting would change nothing. */
export function isUnchanged(context: ChangeReservationContext): boolean {
  const { reservation } = context;
  const { body } = changeRequest(context);
  return (
    body.court_num === reservation.court_num &&
    body.date === context.occurrenceDate &&
    body.start_time === reservation.start_time &&
    body.end_time === reservation.end_time &&
    (!context.isAdmin || (body.label ?? '') === (reservation.label ?? '').trim()) &&
    body.players === undefined
  );
}

/** A duration that still fits before closing once the start hour moved. */
function fittingDuration(context: ChangeReservationContext, hour: number, wanted: number): number {
  const options = durationOptions({ hour }, context.club.end_hour);
  return Math.min(wanted, options.at(-1) ?? 1);
}

export const changeReservationMachine = setup({
  types: {
    context: {} as ChangeReservationContext,
    events: {} as ChangeReservationEvent,
    input: {} as ChangeReservationInput,
    output: {} as PopupOutput,
  },
  actors: {
    submit: fromPromise<PopupOutput, ChangeRequest>(async () => {
      throw new Error('submit muss mit provide() übergeben werden');
    }),
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    isRecurring: ({ context }) => context.reservation.recurring,
    isGroup: ({ context }) => Boolean(context.reservation.group_id),
    isKnownCourt: ({ context, event }) =>
      event.type === 'court.change' &&
      Number.isInteger(event.court) &&
      event.court >= 1 &&
      event.court <= context.club.courts_count,
    // A cleared or half-typed date is not a day to move to.
    isCalendarDate: ({ event }) => event.type === 'date.change' && isIsoDate(event.date),
    isOpenHour: ({ context, event }) =>
      event.type === 'hour.change' && startHours(context.club).includes(event.hour),
    hasChanges: ({ context }) => !isUnchanged(context),
    isComplete: ({ context }) => problemOf(context) === null,
  },
}).createMachine({
  id: 'changeReservation',
  context: ({ input }) => ({
    ...input,
    court: Number(input.reservation.court_num),
    date: input.occurrenceDate,
    hour: input.reservation.start_time,
    duration: input.reservation.end_time - input.reservation.start_time,
    label: input.reservation.label ?? '',
    scope: 'once',
    wholeGroup: false,
    players: playersDraftOf(input.reservation.players),
    problem: null,
    refusal: null,
    outcome: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'court.change': { guard: 'isKnownCourt', actions: assign({ court: ({ event }) => event.court }) },
        'date.change': { guard: 'isCalendarDate', actions: assign({ date: ({ event }) => event.date }) },
        'hour.change': {
          guard: 'isOpenHour',
          actions: assign(({ context, event }) => ({
            hour: event.hour,
            duration: fittingDuration(context, event.hour, context.duration),
          })),
        },
        'duration.change': {
          actions: assign({
            duration: ({ context, event }) =>
              changeDurations(context).includes(event.hours) ? event.hours : context.duration,
          }),
        },
        'players.*': {
          actions: assign(({ context, event }) =>
            afterPlayersChange(context, event as PlayersEvent, changeDurations),
          ),
        },
        'label.change': {
          guard: 'isAdmin',
          actions: assign({ label: ({ event }) => [...event.label].slice(0, LABEL_MAX_LENGTH).join('') }),
        },
        'scope.change': {
          guard: 'isRecurring',
          actions: assign({ scope: ({ event }) => event.scope }),
        },
        'wholeGroup.change': {
          guard: 'isGroup',
          actions: assign({ wholeGroup: ({ event }) => event.wholeGroup }),
        },
        // Nothing to send while the form shows the booking as it is.
        'popup.submit': [
          { guard: and(['hasChanges', 'isComplete']), target: 'sending' },
          { guard: 'hasChanges', actions: assign({ problem: ({ context }) => problemOf(context) }) },
        ],
        'popup.cancel': { target: 'closed', actions: assign({ outcome: { outcome: 'cancelled' } }) },
        'refusal.close': { actions: assign({ refusal: null }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'submit',
        input: ({ context }) => changeRequest(context),
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
    closed: { type: 'final' },
  },
  output: ({ context }): PopupOutput => context.outcome ?? { outcome: 'cancelled' },
});
