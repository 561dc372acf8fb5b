/**
 * The waitlist stream's events: one stream per entry (one member waiting for one taken hour on one
 * court), keyed by the entry's id. The member is named by id only, so erasure stays possible.
 */

/** The member put themselves on the list of the hour `start_time` to `start_time + 1`. */
export interface WaitlistJoined {
  type: 'WaitlistJoined';
  entry_id: string;
  data: { user_id: string; court_num: string; date: string; start_time: number };
}

/** The member took themselves off the list. */
export interface WaitlistLeft {
  type: 'WaitlistLeft';
  entry_id: string;
  data: Record<string, never>;
}

export type WaitlistEvent = WaitlistJoined | WaitlistLeft;
