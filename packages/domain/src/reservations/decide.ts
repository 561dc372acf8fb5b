/**
 * The reservation decider (DESIGN section 2): `decide` turns a command into events or a refusal,
 * `evolve` (./evolve) turns events into state. Both are pure; the clock comes in as `now`.
 */
import type { LocalMoment } from '../dates';
import type { Decision } from './decision';
import {
  deleteReservation,
  type DeleteReservation,
  type DeleteReservationContext,
} from './delete-reservation';
import { makeReservation, type MakeReservation, type MakeReservationContext } from './make-reservation';

export type ReservationCommand = MakeReservation | DeleteReservation;

/** What the caller loads before deciding, per command type. */
export interface CommandContexts {
  MakeReservation: MakeReservationContext;
  DeleteReservation: DeleteReservationContext;
}

export function decide<C extends ReservationCommand>(
  command: C,
  context: CommandContexts[C['type']],
  now: LocalMoment,
): Decision {
  // The signature pairs each command with its context; TypeScript cannot carry that pairing into the
  // narrowed branches, hence the context casts.
  const cmd: ReservationCommand = command;
  switch (cmd.type) {
    case 'MakeReservation':
      return makeReservation(cmd, context as MakeReservationContext, now);
    case 'DeleteReservation':
      return deleteReservation(cmd, context as DeleteReservationContext, now);
    default: {
      const unknown: never = cmd;
      throw new Error(`Unknown reservation command: ${JSON.stringify(unknown)}`);
    }
  }
}
