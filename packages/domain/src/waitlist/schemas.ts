/** Body of POST /api/waitlist; whether the club has the court and hour is the decider's. */
import { courtNumber, hour, isoDate, jsonObjectBody } from '../shapes';

export const joinWaitlistSchema = {
  $id: 'joinWaitlist',
  ...jsonObjectBody,
  properties: { court_num: courtNumber, date: isoDate, start_time: hour(23) },
  required: ['court_num', 'date', 'start_time'],
} as const;

export interface JoinWaitlistBody {
  court_num: string;
  date: string;
  start_time: number;
}
