/**
 * What the notice rules read about an event's booking (docs/architecture.md, "Notifications"):
 * the club's name, the stream's history and the booking just before the event, and its slot.
 */
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { BookingSlot, NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { ReservationEvent, ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { readStream } from '../events/store';

/** One notice an event causes: to whom, and about what. */
export interface Notice {
  userId: string;
  facts: NoticeFacts;
}

export interface NoticeContext {
  db: Db;
}

export type NoticeRule = (event: EventEnvelope, context: NoticeContext) => Promise<Notice[]>;

/** A set of rules: a stream's folder exports its own, and `noticeRules` (./notices) lists each set once. */
export type Rules = Partial<Record<EventType, NoticeRule>>;

export async function clubName(db: Db, clubId: string): Promise<string> {
  const row: { name: string } | undefined = await db('clubs').where({ id: clubId }).first('name');
  return row?.name ?? '';
}

/** The events of `event`'s reservation stream before it. */
export async function historyBefore(
  db: Db,
  event: EventEnvelope,
): Promise<EventEnvelope<ReservationEvent>[]> {
  const history = (await readStream(db, 'reservation', streamOf(event))) as EventEnvelope<ReservationEvent>[];
  return history.filter((earlier) => earlier.version < event.version);
}

/** The booking as it was just before `event` (its stream folded up to the version before). */
export async function bookingBefore(db: Db, event: EventEnvelope): Promise<Reservation | null> {
  return (await historyBefore(db, event)).reduce<Reservation | null>(evolve, null);
}

/** The series a moved occurrence came from, as it was made; undefined if its stream starts otherwise. */
export async function seriesMovedFrom(
  db: Db,
  movedFrom: { reservation_id: string },
): Promise<ReservationMadeData | undefined> {
  const series = (await readStream(
    db,
    'reservation',
    movedFrom.reservation_id,
  )) as EventEnvelope<ReservationEvent>[];
  return series[0]?.type === 'ReservationMade' ? series[0].data : undefined;
}

export function streamOf(event: EventEnvelope): string {
  return (event as EventEnvelope<ReservationEvent>).reservation_id;
}

export function slotOf(
  row: Pick<Reservation, 'court_num' | 'date' | 'start_time' | 'end_time' | 'recurring'>,
  date?: string,
): BookingSlot {
  return {
    court: row.court_num,
    date: date ?? row.date,
    start: row.start_time,
    end: row.end_time,
    ...(row.recurring ? { recurring: true } : {}),
  };
}

/** Whether the same transaction split this occurrence off into a booking of its own: a move. */
export async function movedInSameTransaction(db: Db, event: EventEnvelope, date: string): Promise<boolean> {
  const { rows } = await db.raw(
    `SELECT 1 FROM events moved
     WHERE moved.transaction_id = (SELECT transaction_id FROM events WHERE position = ?)
       AND moved.type = 'ReservationMade'
       AND moved.data->'moved_from'->>'reservation_id' = ?
       AND moved.data->'moved_from'->>'date' = ?
     LIMIT 1`,
    [event.position, streamOf(event), date],
  );
  return rows.length > 0;
}

/**
 * Whether the change is a member coming back to a booking they had left (PUT …/players/me): the
 * one who made it is named after it and was not before. The booker hears that, not of a move.
 */
export function cameBack(event: EventEnvelope, before: Reservation, after: Reservation): boolean {
  const names = (booking: Reservation) =>
    (booking.co_players ?? []).some((player) => 'user_id' in player && player.user_id === event.actor_id);
  return !names(before) && names(after);
}
