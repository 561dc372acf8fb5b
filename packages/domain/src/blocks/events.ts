/** The block stream's events: one stream per court block, keyed by the block's id. */

/** Courts closed from `from` until `until` (club-local `YYYY-MM-DDTHH:00`, `until` exclusive). */
export interface CourtsBlocked {
  type: 'CourtsBlocked';
  block_id: string;
  /** `repeat_until`: a weekly block's last day (blocks/blocks). */
  data: { court_nums: string[]; from: string; until: string; reason: string; repeat_until?: string };
}

/** The block no longer holds; the bookings it cancelled stay cancelled. */
export interface BlockLifted {
  type: 'BlockLifted';
  block_id: string;
  data: Record<string, never>;
}

export type BlockEvent = CourtsBlocked | BlockLifted;
