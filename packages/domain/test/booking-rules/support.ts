/** A booking as the rules see it, with sensible defaults, so each rule's test states only what it is about. */
import type { AskedBooking } from '../../src/booking-rules/rule';
import { club, player } from '../reservations/support/fixtures';

export function asked(fields: Partial<AskedBooking> = {}): AskedBooking {
  return {
    club_id: club._id,
    court_num: '3',
    date: '2026-11-24',
    start_time: 10,
    end_time: 11,
    recurring: false,
    deleted_dates: [],
    end_date: null,
    label: null,
    actor: player,
    booker: fields.actor?.user_id ?? player.user_id,
    players: [],
    ...fields,
  };
}
