/** The block stream's decider as given / when / then, grouped by the block's state. */
import { describe, it } from 'vitest';
import {
  blockCourts,
  blockTexts,
  evolveBlock,
  initialBlockState,
  liftBlock,
  type BlockCourts,
  type BlockCourtsContext,
  type LiftBlock,
} from '../../src/blocks/blocks';
import type { BlockEvent } from '../../src/blocks/events';
import type { LocalMoment } from '../../src/dates';
import type { Reservation } from '../../src/types';
import { deciderSpecification } from '../support/decider-specification';
import { admin, club, now, player, row } from '../reservations/support/fixtures';

const blocks = deciderSpecification({
  initialState: initialBlockState,
  evolve: evolveBlock,
  decide: (command: BlockCourts | LiftBlock, state, context: BlockCourtsContext & { now: LocalMoment }) =>
    command.type === 'BlockCourts'
      ? blockCourts(command, state, context, context.now)
      : liftBlock(command, state, context.club),
});

const blockCommand = (fields: Partial<BlockCourts> = {}): BlockCourts => ({
  type: 'BlockCourts',
  block_id: 'b-1',
  actor: admin,
  court_nums: ['1', '2'],
  from: '2026-11-24T14:00',
  until: '2026-11-24T18:00',
  reason: 'Turnier',
  ...fields,
});

const lift = (fields: Partial<LiftBlock> = {}): LiftBlock => ({
  type: 'LiftBlock',
  block_id: 'b-1',
  actor: admin,
  ...fields,
});

const turnier = {
  court_nums: ['1', '2'],
  from: '2026-11-24T14:00',
  until: '2026-11-24T18:00',
  reason: 'Turnier',
};

const blocked = (club_id = club._id): BlockEvent & { club_id: string } => ({
  type: 'CourtsBlocked',
  block_id: 'b-1',
  club_id,
  data: turnier,
});
const lifted: BlockEvent & { club_id: string } = {
  type: 'BlockLifted',
  block_id: 'b-1',
  club_id: club._id,
  data: {},
};

const nothingBooked = (existing: Reservation[] = []) => ({ club, existing, now });

describe('when there is no block yet', () => {
  it('blocking records the courts sorted, once each, with the reason trimmed', () => {
    blocks
      .given()
      .when(blockCommand({ court_nums: ['2', '1', '2'], reason: ' Turnier ' }), nothingBooked())
      .then([
        {
          type: 'CourtsBlocked',
          block_id: 'b-1',
          data: {
            court_nums: ['1', '2'],
            from: '2026-11-24T14:00',
            until: '2026-11-24T18:00',
            reason: 'Turnier',
          },
        },
      ]);
  });

  it('blocking cancels the single bookings inside it, naming block and reason', () => {
    const inside = row({ _id: 'r-1', court_num: '1', date: '2026-11-24', start_time: 15, end_time: 16 });
    blocks
      .given()
      .when(blockCommand(), nothingBooked([inside]))
      .then([
        { type: 'CourtsBlocked', block_id: 'b-1', data: turnier },
        {
          type: 'ReservationCancelled',
          reservation_id: 'r-1',
          data: { delete_type: 'all', block_id: 'b-1', reason: 'Turnier' },
        },
      ]);
  });

  it('a player may not block courts', () => {
    blocks
      .given()
      .when(blockCommand({ actor: player }), nothingBooked())
      .thenFails('forbidden', blockTexts.forAdmins);
  });

  it('a court the club does not have is refused', () => {
    blocks
      .given()
      .when(blockCommand({ court_nums: ['5'] }), nothingBooked())
      .thenFails('invalid', blockTexts.unknownCourt(club.courts_count));
  });

  it('a block that began before now is refused', () => {
    blocks
      .given()
      .when(blockCommand({ from: '2026-11-20T10:00' }), nothingBooked())
      .thenFails('invalid', blockTexts.inThePast);
  });

  it('lifting it is not found', () => {
    blocks.given().when(lift(), nothingBooked()).thenFails('not_found', blockTexts.notFound);
  });
});

describe('when the block is active', () => {
  it('lifting it is recorded', () => {
    blocks
      .given(blocked())
      .when(lift(), nothingBooked())
      .then([{ type: 'BlockLifted', block_id: 'b-1', data: {} }]);
  });

  it('a player may not lift it', () => {
    blocks
      .given(blocked())
      .when(lift({ actor: player }), nothingBooked())
      .thenFails('forbidden', blockTexts.forAdmins);
  });

  it('another club cannot lift it', () => {
    blocks.given(blocked('club-2')).when(lift(), nothingBooked()).thenFails('not_found', blockTexts.notFound);
  });

  it('the same block cannot be set up twice', () => {
    blocks.given(blocked()).when(blockCommand(), nothingBooked()).thenFails('invalid', blockTexts.notFound);
  });
});

describe('when the block was lifted', () => {
  it('lifting it again is not found', () => {
    blocks.given(blocked(), lifted).when(lift(), nothingBooked()).thenFails('not_found', blockTexts.notFound);
  });
});
