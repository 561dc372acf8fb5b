/**
 * What the notice rules read about an event's booking (docs/architecture/mail.md, "Notifications"):
 * the club's name, the stream's history and the booking just before the event, and its slot.
 */
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { BookingSlot, NoticeFacts, NoticeKind } from '@platzbuchung/domain/mail/notices';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { ReservationEvent, ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { readStream } from '../events/store';

/** One notice an event causes: to whom, and about what (of the kinds `K`). */
export interface Notice<K extends NoticeKind = NoticeKind> {
  userId: string;
  facts: NoticeFacts & { kind: K };
}

export interface NoticeContext {
  db: Db;
}

export type NoticeRule<K extends NoticeKind = NoticeKind> = (
  event: EventEnvelope,
  context: NoticeContext,
) => Promise<Notice<K>[]>;

/** Rules by event type: what each event type's notices are. */
export type Rules<K extends NoticeKind = NoticeKind> = Partial<Record<EventType, NoticeRule<K>>>;

/**
 * A set of rules and the mail kinds it causes: a stream's folder exports its own, and `noticeRules`
 * (./notices) lists each set once. A rule that causes a kind its set does not name does not
 * compile, and a test fails for a mail kind no listed set causes (docs/adding-a-change.md).
 */
export interface RuleSet<K extends NoticeKind = NoticeKind> {
  causes: readonly K[];
  rules: Rules<K>;
}

/** One rule for several event types (a typed record, so its set checks the kinds it causes). */
export function sameRuleFor<K extends NoticeKind>(
  types: readonly EventType[],
  rule: NoticeRule<K>,
): Rules<K> {
  return Object.fromEntries(types.map((type) => [type, rule] as const));
}

export function ruleSet<const K extends NoticeKind>(
  causes: readonly K[],
  rules: NoInfer<Rules<K>>,
): RuleSet<K> {
  return { causes, rules };
}

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
