/**
 * A booking asked for again with the same `Idempotency-Key` (docs/operations.md, "During a
 * failover"): the member and the key name the new booking's ids, so a request whose answer was lost
 * — the primary died while it committed — can be sent again and is answered as the first one was,
 * never booked twice and never refused as a clash with itself.
 */
import type { Knex } from 'knex';
import { v5 } from 'uuid';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import { badRequest, HttpError } from '../http/errors';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** A client's key: 8 to 64 letters, digits, `-` or `_` (a UUID fits). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The namespace of booking ids made from keys; fixed, so a retry on any process names the same ids. */
const BOOKING_IDS = '4f1d2c9e-6b0a-4d55-9a7e-2f3b8c1e5d60';

/** The request's key, if it sends one; a malformed key is a 400, not ignored. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest(reservationTexts.idempotencyKeyInvalid);
  }
  return header;
}

/** The ids a keyed request's booking gets: the same for the same member, key and position. */
export function keyedIds(userId: string, key: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => v5(`${userId}\n${key}\n${n}`, BOOKING_IDS));
}

/** What the earlier request booked, as far as a retry must match it. */
export interface AskedSlot {
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
}

/**
 * Whether the keyed booking exists already: false when not, true when this member made it with the
 * same court, day and hours (the retry is answered as the first request was). A key used for
 * another booking, or by someone else's id, is refused.
 */
export async function bookedBefore(
  db: Knex,
  reservationId: string,
  userId: string,
  asked: AskedSlot,
): Promise<boolean> {
  const made: { actor_id: string; data: AskedSlot } | undefined = await db('events')
    .where({ stream_type: 'reservation', stream_id: reservationId, version: 1 })
    .first('actor_id', 'data');
  if (!made) return false;
  const same =
    made.actor_id === userId &&
    made.data.court_num === asked.court_num &&
    made.data.date === asked.date &&
    made.data.start_time === asked.start_time &&
    made.data.end_time === asked.end_time;
  if (!same) throw new HttpError(409, reservationTexts.idempotencyKeyUsed);
  return true;
}

/** A keyed booking's ids were taken already: the first request's booking holds its stream. */
export const isTakenStreamId = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
