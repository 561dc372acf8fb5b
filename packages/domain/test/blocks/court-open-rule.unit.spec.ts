/** Given / when / then for the booking rule of court blocks (src/blocks/rules/court-open.ts). */
import { describe, expect, it } from 'vitest';
import { blockTexts, type Block } from '../../src/blocks/blocks';
import { courtOpen } from '../../src/blocks/rules/court-open';
import { asked } from '../booking-rules/support';
import { club, now } from '../reservations/support/fixtures';

const frost: Block = {
  _id: 'b-1',
  club_id: club._id,
  court_nums: ['3'],
  from: '2026-11-24T09:00',
  until: '2026-11-24T11:00',
  reason: 'Frost',
};

describe('court-open', () => {
  it('given court 3 closed on Tuesday 9-11, when 10-11 is asked for, then 409 naming court, day, hour and reason; 11-12 holds', () => {
    expect(courtOpen.check(asked(), { blocks: [frost] }, now)).toEqual({
      kind: 'conflict',
      message: blockTexts.blocked('3', '2026-11-24', 10, 'Frost'),
    });
    expect(courtOpen.check(asked({ start_time: 11, end_time: 12 }), { blocks: [frost] }, now)).toBeNull();
    expect(courtOpen.check(asked({ court_num: '2' }), { blocks: [frost] }, now)).toBeNull();
  });
});
