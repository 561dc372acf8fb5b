/**
 * The reservation decider: `decide` turns a command and the stream's state (./state) into events or
 * a refusal; `evolveReservation` folds events into that state. Both are pure; the clock comes in as
 * `now`. What lies outside the stream (the club, its other bookings) comes in as `context`.
 */
import type { LocalMoment } from '../dates';
import {
  changeReservation,
  type ChangeReservation,
  type ChangeReservationContext,
} from './change-reservation';
import type { Decision } from '../decider';
import {
  deleteReservation,
  type DeleteReservation,
  type DeleteReservationContext,
} from './delete-reservation';
import {
  makeReservation,
  type BookingFacts,
  type MakeReservation,
  type MakeReservationContext,
} from './make-reservation';
import type { ReservationEvent } from './events';
import type { ReservationState } from './state';
import { leaveAsCoPlayer, type LeaveAsCoPlayer, type LeaveAsCoPlayerContext } from './leave-as-co-player';
import { rejoinAsCoPlayer, type RejoinAsCoPlayer, type RejoinAsCoPlayerContext } from './rejoin-as-co-player';

export type ReservationCommand =
  MakeReservation | DeleteReservation | ChangeReservation | LeaveAsCoPlayer | RejoinAsCoPlayer;

/**
 * What the caller loads besides the stream, per command type; a booking's context holds the booking
 * rules and every part they read (`Context`).
 */
export interface CommandContexts<Context extends BookingFacts> {
  MakeReservation: MakeReservationContext<Context>;
  DeleteReservation: DeleteReservationContext;
  ChangeReservation: ChangeReservationContext<Context>;
  LeaveAsCoPlayer: LeaveAsCoPlayerContext;
  RejoinAsCoPlayer: RejoinAsCoPlayerContext<Context>;
}

export function decide<C extends ReservationCommand, Context extends BookingFacts>(
  command: C,
  state: ReservationState,
  context: CommandContexts<Context>[C['type']],
  now: LocalMoment,
): Decision<ReservationEvent> {
  // The signature pairs each command with its context; TypeScript cannot carry that pairing into the
  // narrowed branches, hence the context casts.
  const cmd: ReservationCommand = command;
  switch (cmd.type) {
    case 'MakeReservation':
      return makeReservation(cmd, state, context as MakeReservationContext<Context>, now);
    case 'DeleteReservation':
      return deleteReservation(cmd, state, context as DeleteReservationContext, now);
    case 'ChangeReservation':
      return changeReservation(cmd, state, context as ChangeReservationContext<Context>, now);
    case 'LeaveAsCoPlayer':
      return leaveAsCoPlayer(cmd, state, context as LeaveAsCoPlayerContext, now);
    case 'RejoinAsCoPlayer':
      return rejoinAsCoPlayer(cmd, state, context as RejoinAsCoPlayerContext<Context>, now);
    default: {
      const unknown: never = cmd;
      throw new Error(`Unbekannter Befehl für Reservierungen: ${JSON.stringify(unknown)}`);
    }
  }
}
