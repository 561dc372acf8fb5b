/**
 * Notifications as a subscription on the event log (docs/architecture/mail.md, "Notifications"). Each
 * event type that may concern a member has a rule here that answers the notices it causes; the
 * subscription writes each into the mail outbox under a key of event position, recipient and kind,
 * unique in the table, so an event handed over again after a crash never mails twice.
 *
 * Adding a notice for a new event type is one entry in a set of rules: a function from the event to
 * the notices it causes (recipient and facts); `MemberStatusChanged` below is the shortest example.
 * A new kind of change keeps its set in its own file and names it once in `noticeRules`.
 */
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { dayShownBy, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { withCourtNames } from '@platzbuchung/domain/mail/slot';
import type { CourtNames } from '@platzbuchung/domain/types';
import { dayQuery } from '@platzbuchung/domain/reservations/day-address';
import { hostPaths } from '@platzbuchung/host/contract';
import { insertOutboxMail, type OutboxDb } from '@platzbuchung/outbox/outbox';
import { insertPushes } from '@platzbuchung/outbox/push-outbox';
import { pushChoiceFor, pushText } from '@platzbuchung/domain/push/messages';
import type { Subscription } from '../events/subscriptions';
import { checkInRules } from './check-in-notices';
import { coPlayerRules } from './co-player-notices';
import { waitlistRules } from './waitlist-notices';
import { sepaRules } from './sepa-notices';
import {
  bookingBefore,
  cameBack,
  clubName,
  movedInSameTransaction,
  seriesMovedFrom,
  slotOf,
  ruleSet,
  type NoticeRule,
  type Rules,
  type RuleSet,
} from './booking-facts';

export type { Notice, NoticeContext, NoticeRule, Rules } from './booking-facts';

/** The reason a court block gave, when a block caused the event. */
function blockReason(event: EventEnvelope): string | undefined {
  const data = event.data as { block_id?: string; reason?: string };
  return data.block_id ? data.reason : undefined;
}

/** A cancellation by anyone but the holder: the holder is told (with the block's reason, if any). */
function cancellation(
  scope: 'occurrence' | 'booking' | 'from-date',
  dateOf: (event: EventEnvelope) => string | undefined,
): NoticeRule<'booking-cancelled'> {
  return async (event, { db }) => {
    const before = await bookingBefore(db, event);
    if (!before || before.user_id === event.actor_id) return [];
    const date = dateOf(event);
    if (scope === 'occurrence' && date && (await movedInSameTransaction(db, event, date))) return [];
    const reason = blockReason(event);
    return [
      {
        userId: before.user_id,
        facts: {
          kind: 'booking-cancelled',
          clubName: await clubName(db, event.club_id),
          slot: slotOf(before, scope === 'booking' ? undefined : date),
          scope,
          ...(reason ? { reason } : {}),
        },
      },
    ];
  };
}

/** Which notice each event type may cause to the booking's holder and about membership. */
/** What the holder of a booking and a member whose membership changed are told. */
const holderRules = ruleSet(
  ['booking-cancelled', 'booking-moved', 'booking-confirmed', 'membership-approved'],
  {
    ReservationCancelled: cancellation('booking', () => undefined),
    OccurrenceCancelled: cancellation('occurrence', (event) => (event.data as { date: string }).date),
    SeriesEnded: cancellation('from-date', (event) => (event.data as { end_date: string }).end_date),

    ReservationChanged: async (event, { db }) => {
      const before = await bookingBefore(db, event);
      if (!before || before.user_id === event.actor_id) return [];
      const after = evolve(before, event as EventEnvelope<ReservationEvent>);
      // A member coming back moved nothing: the co-player notices tell the booker (./co-player-notices).
      if (!after || cameBack(event, before, after)) return [];
      return [
        {
          userId: before.user_id,
          facts: {
            kind: 'booking-moved',
            clubName: await clubName(db, event.club_id),
            before: slotOf(before),
            after: slotOf(after),
          },
        },
      ];
    },

    MemberStatusChanged: async (event, { db }) => {
      // Approval is the step from pending to active; a reactivation is not news of the same kind.
      if (event.type !== 'MemberStatusChanged') return [];
      if (event.data.before !== 'pending' || event.data.after !== 'active') return [];
      return [
        {
          userId: event.data.user_id,
          facts: { kind: 'membership-approved', clubName: await clubName(db, event.club_id) },
        },
      ];
    },

    ReservationMade: async (event, { db }) => {
      if (event.type !== 'ReservationMade') return [];
      const made = event.data;
      const booking = { ...made, recurring: made.recurring };
      if (made.moved_from) {
        // One occurrence of a series moved by someone else: its holder is told from where to where.
        if (made.user_id === event.actor_id) return [];
        const original = await seriesMovedFrom(db, made.moved_from);
        if (!original) return [];
        return [
          {
            userId: made.user_id,
            facts: {
              kind: 'booking-moved',
              clubName: await clubName(db, event.club_id),
              before: slotOf({ ...original, recurring: false }, made.moved_from.date),
              after: slotOf({ ...booking, recurring: false }),
            },
          },
        ];
      }
      if (made.user_id !== event.actor_id) return [];
      const wanted: { booking_confirmations: boolean } | undefined = await db('users')
        .where({ id: made.user_id })
        .first('booking_confirmations');
      if (!wanted?.booking_confirmations) return [];
      return [
        {
          userId: made.user_id,
          facts: {
            kind: 'booking-confirmed',
            clubName: await clubName(db, event.club_id),
            slot: slotOf(booking),
          },
        },
      ];
    },
  },
);

/** Rule sets side by side: an event type's notices are those of every set that has a rule for it. */
function combined(sets: readonly RuleSet[]): Rules {
  const types = [...new Set(sets.flatMap((set) => Object.keys(set.rules) as EventType[]))];
  return Object.fromEntries(
    types.map((type) => {
      const rules = sets.flatMap((set) => set.rules[type] ?? []);
      const rule: NoticeRule = async (event, context) =>
        (await Promise.all(rules.map((one) => one(event, context)))).flat();
      return [type, rule];
    }),
  );
}

/** Every set of notice rules, written once: a new kind of change adds its set here. */
export const noticeRuleSets: readonly RuleSet[] = [
  holderRules,
  coPlayerRules,
  waitlistRules,
  checkInRules,
  sepaRules,
];

/** Which notices each event type may cause. */
export const noticeRules: Rules = combined(noticeRuleSets);

export const NOTIFICATIONS_SUBSCRIPTION = 'notifications';

export interface NotificationsOptions {
  /** For the link into the app. */
  publicUrl: string;
  rules?: Partial<Record<EventType, NoticeRule>>;
}

/** The grid at the day the notice speaks of (docs/architecture/mail.md), else at today. */
export function noticeLink(publicUrl: string, facts: NoticeFacts): string {
  const day = dayShownBy(facts);
  return `${publicUrl}${hostPaths.reservations}${day ? dayQuery(day) : ''}`;
}

/**
 * The notice as push to each of the member's devices that chose its kind, keyed like its mail plus
 * the device (docs/architecture/push.md, "Sending"). Independent of the mail: a device the member
 * subscribed while logged in needs no confirmed address.
 */
async function pushNotice(
  db: OutboxDb,
  notice: { userId: string; facts: NoticeFacts },
  event: { position: string | number; clubId: string },
  facts: NoticeFacts,
  publicUrl: string,
): Promise<number> {
  const choice = pushChoiceFor(facts.kind);
  const text = choice && pushText(facts);
  if (!choice || !text) return 0;
  return insertPushes(db, {
    userId: notice.userId,
    clubId: event.clubId,
    choice,
    dedupeKey: `${event.position}:${notice.userId}:${facts.kind}`,
    payload: { ...text, url: noticeLink(publicUrl, facts) },
  });
}

/**
 * Who reads a member's notice: the member, or for a child without an address their parent
 * (docs/who-plays.md, "Families"); undefined once the member has left.
 */
async function recipientOf(db: OutboxDb, userId: string) {
  const row:
    | { id: string; email: string; first_name: string; last_name: string; email_confirmed_at: Date | null }
    | undefined = await db('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .where('u.id', userId)
    .first(
      db.raw('coalesce(p.id, u.id) AS id'),
      db.raw('coalesce(p.email, u.email) AS email'),
      db.raw('CASE WHEN p.id IS NULL THEN u.first_name ELSE p.first_name END AS first_name'),
      db.raw('CASE WHEN p.id IS NULL THEN u.last_name ELSE p.last_name END AS last_name'),
      db.raw(
        'CASE WHEN p.id IS NULL THEN u.email_confirmed_at ELSE p.email_confirmed_at END AS email_confirmed_at',
      ),
    );
  return row;
}

/**
 * The subscription that turns events into notices. It starts at the end of the log: a new
 * deployment does not mail about bookings of the past.
 */
export function notificationsSubscription({
  publicUrl,
  rules = noticeRules,
}: NotificationsOptions): Subscription {
  return {
    name: NOTIFICATIONS_SUBSCRIPTION,
    types: Object.keys(rules) as EventType[],
    startAt: 'end',
    async handle(event, { db, logger }) {
      const rule = rules[event.type];
      if (!rule) return;
      const notices = await rule(event, { db });
      if (notices.length === 0) return;
      // Each slot as the club calls its court, fixed now like the club's name (domain: courtName).
      const club: { court_names: CourtNames } | undefined = await db('clubs')
        .where({ id: event.club_id })
        .first('court_names');
      let queued = 0;
      let pushed = 0;
      for (const { userId: holderId, facts } of notices) {
        const user = await recipientOf(db, holderId);
        if (!user) continue; // the member has left the club since
        const notice = { userId: user.id, facts };
        const id = await insertOutboxMail(db, {
          kind: notice.facts.kind,
          clubId: event.club_id,
          userId: notice.userId,
          to: user.email,
          toName: `${user.first_name} ${user.last_name}`.trim(),
          dedupeKey: `${event.position}:${notice.userId}:${notice.facts.kind}`,
          eventPosition: event.position,
          // Held until the member confirms the address (docs/architecture/mail.md, "Confirmed addresses").
          recipientConfirmed: user.email_confirmed_at !== null,
          payload: {
            firstName: user.first_name,
            lastName: user.last_name,
            link: noticeLink(publicUrl, notice.facts),
            facts: withCourtNames(notice.facts, club ?? {}),
          },
        });
        if (id) queued++;
        pushed += await pushNotice(
          db,
          notice,
          { position: event.position, clubId: event.club_id },
          withCourtNames(notice.facts, club ?? {}),
          publicUrl,
        );
      }
      if (queued > 0 || pushed > 0) {
        logger.info({ position: event.position, type: event.type, queued, pushed }, 'notices queued');
      }
    },
  };
}
