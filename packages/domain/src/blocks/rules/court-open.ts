/** No court block that still holds closes the court at an hour the booking takes place. */
import type { BookingRule } from '../../booking-rules/rule';
import { blockInTheWay, type Block } from '../blocks';

export const courtOpen: BookingRule<{
  /** Required: a caller that forgot them would let a booking into a closed court. */
  blocks: readonly Block[];
}> = {
  name: 'court-open',
  about: 'slot',
  check: (booking, { blocks }, now) => {
    const blocked = blockInTheWay(booking, blocks, now.date);
    return blocked ? { kind: 'conflict', message: blocked } : null;
  },
};
