/**
 * The Warteliste's notice rule (docs/adding-a-change.md): a change that frees an hour — a booking
 * cancelled, one date of a series cancelled, a series ended, a booking moved away, a block lifted —
 * tells every member waiting for that hour, once: the subscription keys each mail by event
 * position, member and kind, so one member hears of one change once, however many of their hours
 * it frees and however often the event is handed over. An hour that something else still holds
 * (a second booking, another block) has not freed.
 */
import type { BlockEvent } from '@platzbuchung/domain/blocks/events';
import { evolveBlock, initialBlockState, type BlockState } from '@platzbuchung/domain/blocks/blocks';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { BookingSlot } from '@platzbuchung/domain/mail/notices';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import {
  entriesFreedBy,
  entriesInBlock,
  isHourFree,
  regionOfBlock,
  regionOfBooking,
  type WaitlistEntry,
} from '@platzbuchung/domain/waitlist/waitlist';
import { findClub } from '../accounts/users-store';
import { whatHolds } from '../commands/waitlist';
import type { Db } from '../db/connect';
import { readStream } from '../events/store';
import { entriesWithin } from '../projections/waitlist';
import { ruleSet, sameRuleFor, type Notice, type NoticeContext } from './booking-facts';

/** The events that may free an hour; a new booking that moves a date of a series comes with its cancellation. */
const WAITLIST_FREEING_TYPES = [
  'ReservationCancelled',
  'OccurrenceCancelled',
  'SeriesEnded',
  'ReservationChanged',
  'ReservationReleased',
  'BlockLifted',
] as const satisfies readonly EventType[];

/** The block as it was before it was lifted. */
async function blockBefore(db: Db, event: EventEnvelope): Promise<BlockState> {
  const history = (await readStream(
    db,
    'block',
    (event as EventEnvelope<BlockEvent>).block_id,
  )) as (BlockEvent & EventEnvelope)[];
  return history.filter((earlier) => earlier.version < event.version).reduce(evolveBlock, initialBlockState);
}

/**
 * The entries the event may have freed, of hours not begun when it happened: read inside what the
 * booking or block held (its court, days and hours), never every entry of the club.
 */
async function candidates(
  db: Db,
  event: EventEnvelope,
  clubId: string,
  now: LocalMoment,
): Promise<WaitlistEntry[]> {
  if (event.stream_type === 'block') {
    const state = await blockBefore(db, event);
    if (state.status !== 'active') return [];
    return entriesInBlock(state.block, await entriesWithin(db, clubId, now, regionOfBlock(state.block)));
  }
  const history = (await readStream(
    db,
    'reservation',
    (event as EventEnvelope<ReservationEvent>).reservation_id,
  )) as EventEnvelope<ReservationEvent>[];
  const before = history.filter((earlier) => earlier.version < event.version).reduce(evolve, null);
  if (!before) return [];
  const after = evolve(before, event as EventEnvelope<ReservationEvent>);
  return entriesFreedBy(before, after, await entriesWithin(db, clubId, now, regionOfBooking(before)));
}

const slotOf = (entry: WaitlistEntry): BookingSlot => ({
  court: entry.court_num,
  date: entry.date,
  start: entry.start_time,
  end: entry.start_time + 1,
});

/** One notice per waiting member whose hours the event freed; none to whoever made the change. */
async function waitlistFreed(
  event: EventEnvelope,
  { db }: NoticeContext,
): Promise<Notice<'waitlist-freed'>[]> {
  const club = await findClub(db, event.club_id);
  if (!club) return [];
  const now = clubNow(club.time_zone, new Date(event.occurred_at));
  const freed: WaitlistEntry[] = [];
  // What holds each court, read once however many of its hours were waited for.
  const holdsOf = new Map<string, ReturnType<typeof whatHolds>>();
  for (const entry of await candidates(db, event, club._id, now)) {
    if (!holdsOf.has(entry.court_num))
      holdsOf.set(entry.court_num, whatHolds(db, club._id, entry.court_num, now.date));
    const holds = await holdsOf.get(entry.court_num)!;
    if (isHourFree(club, entry, holds.existing, holds.blocks)) freed.push(entry);
  }
  const byMember = new Map<string, BookingSlot[]>();
  for (const entry of freed) {
    if (entry.user_id === event.actor_id) continue;
    byMember.set(entry.user_id, [...(byMember.get(entry.user_id) ?? []), slotOf(entry)]);
  }
  return [...byMember].map(([userId, slots]) => ({
    userId,
    facts: { kind: 'waitlist-freed', clubName: club.name, slots },
  }));
}

/** A change that frees an hour also tells the members on its list (./notices names this set). */
export const waitlistRules = ruleSet(['waitlist-freed'], sameRuleFor(WAITLIST_FREEING_TYPES, waitlistFreed));
