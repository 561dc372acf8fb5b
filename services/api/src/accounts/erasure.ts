/**
 * Erasing a member (docs/privacy-erasure.md). The event log stays append-only: it holds only the
 * member's id, never a name or an address, so removing the `users` row and what hangs on it is
 * enough for every screen that named them to say "Gelöschtes Mitglied".
 *
 * The order matters: the member's sessions end first (so nothing new is booked meanwhile), then
 * each upcoming booking is cancelled through the ordinary deletion command (its events, notices
 * and live updates happen like any cancellation), then the rows go in one transaction under the
 * club's lock, which also asks again whether the club may lose this member.
 */
import type { Knex } from 'knex';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { clubNow } from '@platzbuchung/domain/club-time';
import { blocksLastAdmin, erasureTexts, type ErasureCandidate } from '@platzbuchung/domain/members/erasure';
import { cancellationOf, upcomingBookingsOf } from '@platzbuchung/domain/members/upcoming-bookings';
import type { Actor, RefusalKind } from '@platzbuchung/domain/decider';
import { deleteMailsTo } from '@platzbuchung/outbox/outbox';
import type { Db } from '../db/connect';
import { lockClub } from '../commands/club-lock';
import type { Clock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { refusal } from '../commands/http-refusal';
import { deleteReservationCommand, upcomingReservations } from '../commands/reservations';
import { conflict, notFound } from '../http/errors';
import { destroyUserSessions } from '../http/session';
import { findClub } from './users-store';

/** Refusals of a cancellation that leave nothing to do: gone meanwhile, or begun. */
const NOTHING_LEFT: ReadonlySet<RefusalKind> = new Set(['not_found', 'past']);

/**
 * Cancels every booking of the member that is still to come, each through the ordinary deletion
 * command (one event each; a series keeps its past weeks). Each runs in its own transaction, so a
 * booking cancelled meanwhile is simply no longer there. `tolerated` names further refusals that
 * leave a booking in place instead of failing (a player's own booking past the club's deadline).
 */
export async function cancelUpcomingBookings(
  db: Db,
  target: { clubId: string; memberId: string; actor: Actor },
  clock: () => Clock,
  tolerated: ReadonlySet<RefusalKind>,
): Promise<number> {
  const { clubId, memberId, actor } = target;
  const club = await findClub(db, clubId);
  if (!club) throw notFound(adminTexts.clubNotFound);
  const now = clubNow(club.time_zone, clock().now);
  const bookings = upcomingBookingsOf(await upcomingReservations(db, clubId, now.date), memberId, now);
  let cancelled = 0;
  for (const booking of bookings) {
    const outcome = await handleCommand(
      db,
      clubId,
      deleteReservationCommand,
      cancellationOf(booking, actor),
      clock(),
    );
    if (outcome?.ok) cancelled += 1;
    else if (outcome && !NOTHING_LEFT.has(outcome.error.kind) && !tolerated.has(outcome.error.kind)) {
      throw refusal(outcome.error);
    }
  }
  return cancelled;
}

interface MemberRow extends ErasureCandidate {
  email: string;
}

async function memberRow(db: Knex, clubId: string, memberId: string): Promise<MemberRow | undefined> {
  return db('users').where({ id: memberId, club_id: clubId }).first('id', 'role', 'status', 'email');
}

/** Throws the 409 when the club would lose its last active admin while others remain. */
async function assertClubKeepsAnAdmin(db: Knex, clubId: string, member: ErasureCandidate): Promise<void> {
  const [admins, counted] = await Promise.all([
    db('users').where({ club_id: clubId, role: 'admin', status: 'active' }).pluck('id'),
    db('users').where({ club_id: clubId }).count({ count: '*' }).first(),
  ]);
  const memberCount = Number(counted?.count ?? 0);
  if (blocksLastAdmin(member, { activeAdmins: admins, memberCount })) {
    throw conflict(erasureTexts.lastAdmin);
  }
}

export interface ErasureRequest {
  clubId: string;
  memberId: string;
  /** Whose request it is: the member themself, or an admin of the club. */
  actor: Actor;
  /** Throws when this member may not be erased by this actor (checked before and under the lock). */
  assertErasable: (member: ErasureCandidate) => void;
}

/**
 * Erases the member and their children; answers the address they had (the caller forgets
 * rate-limit counters keyed by it), how many bookings were cancelled and how many children erased. Deleting the `users` row applies every referencing
 * table's `ON DELETE` (sessions, reset tokens, calendar feeds, confirmation links and with them a
 * waiting address change, and whatever is added later: a test holds every foreign key to `users`
 * to CASCADE or SET NULL); the outbox is cleared by account and by address too.
 */
export async function eraseMember(
  db: Db,
  request: ErasureRequest,
  clock: () => Clock,
): Promise<{ email: string; cancelled: number; children: number }> {
  const { clubId, memberId, actor } = request;
  const checked = async (trx: Knex): Promise<MemberRow> => {
    const member = await memberRow(trx, clubId, memberId);
    if (!member) throw notFound(adminTexts.memberNotFound);
    request.assertErasable(member);
    await assertClubKeepsAnAdmin(trx, clubId, member);
    return member;
  };
  await checked(db);
  await destroyUserSessions(db, memberId);
  // The children go with their parent (docs/who-plays.md, "Families"): nobody else may book for
  // them, and with the sessions ended the parent adds none meanwhile.
  const children: string[] = await db('users').where({ parent_id: memberId }).pluck('id');
  // A player's own booking past the club's cancellation deadline stays (docs/privacy-erasure.md).
  const cancelUpcoming = async () => {
    let count = 0;
    for (const holder of [memberId, ...children]) {
      const target = { clubId, memberId: holder, actor };
      count += await cancelUpcomingBookings(db, target, clock, new Set(['forbidden']));
    }
    return count;
  };
  const cancelled = await cancelUpcoming();
  const email = await db.transaction(async (trx) => {
    await lockClub(trx, clubId);
    const member = await checked(trx);
    await deleteMailsTo(trx, memberId, member.email);
    // Another member's waiting change to this address (a taken address is answered like a free
    // one, so its request is stored too) would keep the address after the account is gone.
    await trx('email_confirmations').whereRaw('lower(email) = lower(?)', [member.email.trim()]).delete();
    // The children's rows follow through `parent_id`'s ON DELETE CASCADE.
    await trx('users').where({ id: memberId }).delete();
    return member.email;
  });
  // A booking that a request of the member, already past its session check when the sessions
  // ended, committed after the first pass is cancelled too; new requests find no account.
  return { email, cancelled: cancelled + (await cancelUpcoming()), children: children.length };
}
