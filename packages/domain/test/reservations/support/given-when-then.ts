/**
 * Decider tests read as: given these events (of any streams, court blocks' too), when this command,
 * then these events or this error. State and context are built the way the API builds them: the
 * command's stream folded, the rows the events leave, and the blocks that still hold.
 */
import { evolveBlock, initialBlockState, type Block, type BlockState } from '../../../src/blocks/blocks';
import { bookingRules } from '../../../src/booking-rules/pipeline';
import type { BlockEvent } from '../../../src/blocks/events';
import type { LocalMoment } from '../../../src/dates';
import { decide, type ReservationCommand } from '../../../src/reservations/decide';
import type { ReservationEvent } from '../../../src/reservations/events';
import { replay } from '../../../src/reservations/evolve';
import { evolveReservation, initialReservationState } from '../../../src/reservations/state';
import type { Club } from '../../../src/types';
import { outcomeOf, type Then } from '../../support/decider-specification';
import { admin, club as defaultClub, now as defaultNow, play as defaultPlay } from './fixtures';
import type { PlayContext } from '../../../src/players/who-plays';

interface When {
  when(
    command: ReservationCommand,
    options?: { club?: Club; now?: LocalMoment; play?: PlayContext },
  ): Then<ReservationEvent>;
}

type GivenEvent = ReservationEvent | BlockEvent;

const isReservationEvent = (event: GivenEvent): event is ReservationEvent => 'reservation_id' in event;

/** The blocks the events leave holding, each folded as the block projection folds it. */
function blocksAfter(events: readonly GivenEvent[], club: Club): Block[] {
  const states = new Map<string, BlockState>();
  for (const event of events) {
    if (isReservationEvent(event)) continue;
    const state = states.get(event.block_id) ?? initialBlockState;
    states.set(event.block_id, evolveBlock(state, { ...event, club_id: club._id }));
  }
  return [...states.values()].flatMap((state) => (state.status === 'active' ? [state.block] : []));
}

function contextFor(
  command: ReservationCommand,
  events: readonly GivenEvent[],
  club: Club,
  play: PlayContext,
) {
  if (command.type === 'DeleteReservation') return { club };
  if (command.type === 'LeaveAsCoPlayer') {
    // The booker's role as the API reads it from the members: the fixtures' admin is the one admin.
    const state = stateFor(command, events);
    const booker = state.status === 'none' ? undefined : state.reservation.user_id;
    return { club, rules: play.rules, bookerRole: booker === admin.user_id ? 'admin' : 'player' } as const;
  }
  const existing = [...replay(events.filter(isReservationEvent)).values()];
  return { club, existing, blocks: blocksAfter(events, club), play, noShowPauses: new Map(), bookingRules };
}

/** The command's own stream, folded the way the API folds it before deciding. */
function stateFor(command: ReservationCommand, events: readonly GivenEvent[]) {
  return events
    .filter(isReservationEvent)
    .filter((event) => event.reservation_id === command.reservation_id)
    .reduce(evolveReservation, initialReservationState);
}

export function given(...events: GivenEvent[]): When {
  return {
    when(command, { club = defaultClub, now = defaultNow, play = defaultPlay } = {}) {
      return outcomeOf(
        decide(command, stateFor(command, events), contextFor(command, events, club, play), now),
      );
    },
  };
}
