/**
 * Decider tests read as: given these events (of any streams), when this command, then these events
 * or this error. State and context are built the way the API builds them: the command's stream
 * folded, and the rows the events leave.
 */
import { expect } from 'vitest';
import type { LocalMoment } from '../../../src/dates';
import { decide, type ReservationCommand } from '../../../src/reservations/decide';
import type { Decision, ReservationErrorKind } from '../../../src/reservations/decision';
import type { ReservationEvent } from '../../../src/reservations/events';
import { replay } from '../../../src/reservations/evolve';
import { evolveReservation, initialReservationState } from '../../../src/reservations/state';
import type { Club } from '../../../src/types';
import { club as defaultClub, now as defaultNow } from './fixtures';

interface Then {
  decision: Decision;
  then(expected: ReservationEvent[]): void;
  thenFails(kind: ReservationErrorKind, message?: string): void;
}

interface When {
  when(command: ReservationCommand, options?: { club?: Club; now?: LocalMoment }): Then;
}

function contextFor(command: ReservationCommand, events: readonly ReservationEvent[], club: Club) {
  return command.type === 'DeleteReservation' ? { club } : { club, existing: [...replay(events).values()] };
}

/** The command's own stream, folded the way the API folds it before deciding. */
function stateFor(command: ReservationCommand, events: readonly ReservationEvent[]) {
  return events
    .filter((event) => event.reservation_id === command.reservation_id)
    .reduce(evolveReservation, initialReservationState);
}

export function given(...events: ReservationEvent[]): When {
  return {
    when(command, { club = defaultClub, now = defaultNow } = {}) {
      const decision = decide(command, stateFor(command, events), contextFor(command, events, club), now);
      return {
        decision,
        then(expected) {
          expect(decision).toEqual({ ok: true, events: expected });
        },
        thenFails(kind, message) {
          expect(decision.ok, JSON.stringify(decision)).toBe(false);
          if (decision.ok) return;
          expect(decision.error.kind).toBe(kind);
          if (message !== undefined) expect(decision.error.message).toBe(message);
        },
      };
    },
  };
}
