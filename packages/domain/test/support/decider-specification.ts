/**
 * Decider tests read as: given these events, when this command (with what it reads besides its
 * stream), then these events or this error. The same helper serves every decider: it folds the
 * given events with the decider's own evolve from its initial state, the way the API folds a
 * stream before deciding.
 */
import { expect } from 'vitest';
import type { Decision, RefusalKind } from '../../src/decider';

/** A decider as its tests see it: a state folded from events, and a decision over it. */
export interface DeciderUnderTest<Command, State, Event, Context, Decided> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: Context): Decision<Decided>;
}

export interface Then<Decided> {
  decision: Decision<Decided>;
  /** Accepted with exactly these events; none for a command that changes nothing. */
  then(expected: Decided[]): void;
  thenFails(kind: RefusalKind, message?: string): void;
}

/** The assertions on one decision. */
export function outcomeOf<Decided>(decision: Decision<Decided>): Then<Decided> {
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
}

export function deciderSpecification<Command, State, Event, Context, Decided>(
  decider: DeciderUnderTest<Command, State, Event, Context, Decided>,
) {
  return {
    given(...events: Event[]) {
      return {
        when(command: Command, context: Context): Then<Decided> {
          const state = events.reduce((folded, event) => decider.evolve(folded, event), decider.initialState);
          return outcomeOf(decider.decide(command, state, context));
        },
      };
    },
  };
}
