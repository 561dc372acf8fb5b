/** A court block for the grid's tests: courts 1 and 2 closed on one afternoon for a tournament. */
import type { Block } from '@platzbuchung/domain/blocks/blocks';

export const tournament: Block = {
  _id: 'b',
  club_id: 'c',
  court_nums: ['1', '2'],
  from: '2026-11-24T14:00',
  until: '2026-11-24T18:00',
  reason: 'Turnier',
};
