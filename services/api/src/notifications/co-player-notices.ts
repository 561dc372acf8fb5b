/**
 * The notices about bookings that name co-players (docs/architecture/mail.md, "Notifications"): a named
 * member hears when named, taken off, and when the booking moves or is cancelled; the booker hears
 * when a co-player takes themselves off. Nobody hears of what they did themselves, and a member who
 * switched these notices off in the account panel hears none of them.
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import {
  coPlayerNoticeKinds,
  namedMembers,
  type CoPlayerFacts,
  type CoPlayerNoticeKind,
} from '@platzbuchung/domain/mail/co-player-notices';
import type { BookingSlot } from '@platzbuchung/domain/mail/notices';
import type { Named } from '@platzbuchung/domain/names';
import { playersFullLine } from '@platzbuchung/domain/players/players';
import type { PlayerRef } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { playerNamer } from '../reservations/player-names';
import {
  cameBack,
  clubName,
  historyBefore,
  movedInSameTransaction,
  slotOf,
  ruleSet,
  type Notice,
  type NoticeRule,
  seriesMovedFrom,
} from './booking-facts';

/** The members among `userIds` who keep these notices switched on. */
async function wanting(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows: { id: string }[] = await db('users')
    .whereIn('id', userIds)
    .where({ co_player_notices: true })
    .select('id');
  const on = new Set(rows.map((row) => row.id));
  return userIds.filter((id) => on.has(id));
}

/** One notice of the same facts to each recipient that wants it; never to the one who acted. */
async function toEach(
  db: Db,
  event: EventEnvelope,
  recipients: readonly string[],
  facts: (clubName: string) => CoPlayerFacts,
): Promise<Notice<CoPlayerNoticeKind>[]> {
  const to = await wanting(
    db,
    recipients.filter((id) => id !== event.actor_id),
  );
  if (to.length === 0) return [];
  const shared = facts(await clubName(db, event.club_id));
  return to.map((userId) => ({ userId, facts: shared }));
}

/**
 * Who plays after a change that kept the hour, as the mail says it ("Steffi Graf mit Erika Schmidt
 * und Anna Berg (Gast)"); null when the same people play. Compared by name, since a guest named
 * again in a change is kept under a new id.
 */
async function otherPlayersLine(db: Db, before: Reservation, after: Reservation): Promise<string | null> {
  const booker: PlayerRef = { user_id: before.user_id };
  const [was, is] = [before.co_players ?? [], after.co_players ?? []];
  const name = await playerNamer(db, [booker, ...was, ...is]);
  const line = (refs: readonly PlayerRef[]) => playersFullLine(name(booker) as Named, refs.map(name));
  const now = line(is);
  return now === line(was) ? null : now;
}

const sameSlot = (a: BookingSlot, b: BookingSlot) =>
  a.court === b.court && a.date === b.date && a.start === b.start && a.end === b.end;

/** A booking's cancellation, whole or in part: the members it names are told. */
function cancelled(
  scope: 'occurrence' | 'booking' | 'from-date',
  dateOf: (event: EventEnvelope) => string | undefined,
): NoticeRule<CoPlayerNoticeKind> {
  return async (event, { db }) => {
    const history = await historyBefore(db, event);
    const before = history.reduce(evolve, null);
    if (!before) return [];
    const date = dateOf(event);
    // An occurrence moved elsewhere is told as a move by the booking it became.
    if (scope === 'occurrence' && date && (await movedInSameTransaction(db, event, date))) return [];
    // Whom the notice names, by id: the mail names them when rendered (docs/privacy-erasure.md).
    const booker = before.user_id;
    return toEach(db, event, namedMembers(history), (club) => ({
      kind: 'co-player-cancelled',
      clubName: club,
      slot: slotOf(before, scope === 'booking' ? undefined : date),
      scope,
      booker,
    }));
  };
}

export const coPlayerRules = ruleSet(coPlayerNoticeKinds, {
  ReservationMade: async (event, { db }) => {
    if (event.type !== 'ReservationMade') return [];
    const made = event.data;
    const members = namedMembers([event]);
    if (members.length === 0) return [];
    const booker = made.user_id;
    const slot = slotOf({ ...made });
    if (!made.moved_from) {
      return toEach(db, event, members, (club) => ({
        kind: 'co-player-named',
        clubName: club,
        slot,
        booker,
      }));
    }
    // One occurrence of a series moved into a booking of its own: its players hear of the move.
    const original = await seriesMovedFrom(db, made.moved_from);
    if (!original) return [];
    const before = slotOf({ ...original, recurring: false }, made.moved_from.date);
    return toEach(db, event, members, (club) => ({
      kind: 'co-player-moved',
      clubName: club,
      before,
      after: slot,
      booker,
    }));
  },

  ReservationChanged: async (event, { db }) => {
    if (event.type !== 'ReservationChanged') return [];
    const history = await historyBefore(db, event);
    const beforeRow = history.reduce(evolve, null);
    const afterRow = beforeRow && evolve(beforeRow, event);
    if (!beforeRow || !afterRow) return [];
    const was = namedMembers(history);
    const is = namedMembers([...history, event]);
    const [before, after] = [slotOf(beforeRow), slotOf(afterRow)];
    const booker = beforeRow.user_id;
    // A member coming back themselves (PUT …/players/me): the booker hears who (docs/who-plays.md).
    const player = cameBack(event, beforeRow, afterRow) ? event.actor_id : null;
    const back =
      player === null
        ? []
        : await toEach(db, event, [beforeRow.user_id], (club) => ({
            kind: 'co-player-back',
            clubName: club,
            slot: after,
            player,
          }));
    const added = is.filter((id) => !was.includes(id));
    const removed = was.filter((id) => !is.includes(id));
    const stayed = is.filter((id) => was.includes(id));
    const moved = !sameSlot(before, after);
    // Only a change that names players can change who plays, and only those who stay hear of it.
    const playersNow =
      moved || event.data.players === undefined || stayed.length === 0
        ? null
        : await otherPlayersLine(db, beforeRow, afterRow);
    return [
      ...back,
      ...(await toEach(db, event, added, (club) => ({
        kind: 'co-player-named',
        clubName: club,
        slot: after,
        booker,
      }))),
      ...(await toEach(db, event, removed, (club) => ({
        kind: 'co-player-removed',
        clubName: club,
        slot: before,
        booker,
      }))),
      ...(await toEach(db, event, moved ? stayed : [], (club) => ({
        kind: 'co-player-moved',
        clubName: club,
        before,
        after,
        booker,
      }))),
      ...(await toEach(db, event, playersNow ? stayed : [], (club) => ({
        kind: 'co-player-players-changed',
        clubName: club,
        slot: after,
        booker,
        players: afterRow.co_players ?? [],
      }))),
    ];
  },

  ReservationCancelled: cancelled('booking', () => undefined),
  OccurrenceCancelled: cancelled('occurrence', (event) => (event.data as { date: string }).date),
  SeriesEnded: cancelled('from-date', (event) => (event.data as { end_date: string }).end_date),

  CoPlayerLeft: async (event, { db }) => {
    if (event.type !== 'CoPlayerLeft') return [];
    const before = (await historyBefore(db, event)).reduce(evolve, null);
    if (!before) return [];
    const player = event.data.user_id;
    return toEach(db, event, [before.user_id], (club) => ({
      kind: 'co-player-left',
      clubName: club,
      slot: slotOf(before),
      player,
    }));
  },
});
