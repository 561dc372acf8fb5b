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
import { makeReservation, type MakeReservation, type MakeReservationContext } from './make-reservation';
import type { ReservationEvent } from './events';
import type { ReservationState } from './state';
import { leaveAsCoPlayer, type LeaveAsCoPlayer, type LeaveAsCoPlayerContext } from '../players/leave';
import { rejoinAsCoPlayer, type RejoinAsCoPlayer, type RejoinAsCoPlayerContext } from '../players/rejoin';

export type ReservationCommand =
  MakeReservation | DeleteReservation | ChangeReservation | LeaveAsCoPlayer | RejoinAsCoPlayer;

/** What the caller loads besides the stream, per command type. */
export interface CommandContexts {
  MakeReservation: MakeReservationContext;
  DeleteReservation: DeleteReservationContext;
  ChangeReservation: ChangeReservationContext;
  LeaveAsCoPlayer: LeaveAsCoPlayerContext;
  RejoinAsCoPlayer: RejoinAsCoPlayerContext;
}

export function decide<C extends ReservationCommand>(
  command: C,
  state: ReservationState,
  context: CommandContexts[C['type']],
  now: LocalMoment,
): Decision<ReservationEvent> {
  // The signature pairs each command with its context; TypeScript cannot carry that pairing into the
  // narrowed branches, hence the context casts.
  const cmd: ReservationCommand = command;
  switch (cmd.type) {
    case 'MakeReservation':
      return makeReservation(cmd, state, context as MakeReservationContext, now);
    case 'DeleteReservation':
      return deleteReservation(cmd, state, context as DeleteReservationContext, now);
    case 'ChangeReservation':
      return changeReservation(cmd, state, context as ChangeReservationContext, now);
    case 'LeaveAsCoPlayer':
      return leaveAsCoPlayer(cmd, state, context as LeaveAsCoPlayerContext, now);
    case 'RejoinAsCoPlayer':
      return rejoinAsCoPlayer(cmd, state, context as RejoinAsCoPlayerContext, now);
    default: {
      const unknown: never = cmd;
      throw new Error(`Unbekannter Befehl für Reservierungen: ${JSON.stringify(unknown)}`);
    }
  }
}
