/**
 * The notices about bookings that name co-players (docs/architecture/mail.md, "Notifications"): a named
 * member hears when they are named, taken off, and when the booking moves, is cancelled or gets
 * other players; the booker hears when a co-player takes themselves off or comes back. Each is switchable in the
 * account panel.
 */
import { isGuest, playerFullName, playersFullLine } from '../players/players';
import type { PlayerRef, ReservationEventType } from '../reservations/events';
import type { NamedPlayer } from '../types';
import {
  cancelledDay,
  describeSlot,
  laterDay,
  singleDay,
  type BookingSlot,
  type DayRules,
  type NoticeText,
  type PeopleRules,
} from './slot';

export const coPlayerNoticeKinds = [
  'co-player-named',
  'co-player-removed',
  'co-player-moved',
  'co-player-players-changed',
  'co-player-cancelled',
  'co-player-left',
  'co-player-back',
] as const;

export type CoPlayerNoticeKind = (typeof coPlayerNoticeKinds)[number];

export const coPlayerNoticeLabels: Record<CoPlayerNoticeKind, string> = {
  'co-player-named': 'Als Mitspieler eingetragen',
  'co-player-removed': 'Als Mitspieler ausgetragen',
  'co-player-moved': 'Buchung mit Ihnen verlegt',
  'co-player-players-changed': 'Andere Mitspieler in Ihrer Buchung',
  'co-player-cancelled': 'Buchung mit Ihnen abgesagt',
  'co-player-left': 'Mitspieler hat sich ausgetragen',
  'co-player-back': 'Mitspieler hat sich wieder eingetragen',
};

/**
 * What a co-player notice is about. Like the log, it names people by id only (`booker`, `player`:
 * member ids; `players`: the co-players as the booking names them): the words name them when the
 * mail is rendered, as the tables hold them then, so an erased member's name stays in no stored
 * mail (docs/privacy-erasure.md, "Mails that name another member").
 */
export type CoPlayerFacts =
  | { kind: 'co-player-named'; clubName: string; slot: BookingSlot; booker: string }
  | { kind: 'co-player-removed'; clubName: string; slot: BookingSlot; booker: string }
  | { kind: 'co-player-moved'; clubName: string; before: BookingSlot; after: BookingSlot; booker: string }
  /** The same hour with other players; `players` are who plays now beside the booker. */
  | {
      kind: 'co-player-players-changed';
      clubName: string;
      slot: BookingSlot;
      booker: string;
      players: PlayerRef[];
    }
  | {
      kind: 'co-player-cancelled';
      clubName: string;
      slot: BookingSlot;
      booker: string;
      scope: 'occurrence' | 'booking' | 'from-date';
    }
  | { kind: 'co-player-left'; clubName: string; slot: BookingSlot; player: string }
  /** A member who had left the booking came back to it themselves. */
  | { kind: 'co-player-back'; clubName: string; slot: BookingSlot; player: string };

/** Names whom a notice names: a member by id, a guest by the id the booking keeps their name under. */
export type NameOf = (ref: PlayerRef) => NamedPlayer;

/** Whom each kind's facts name; the mail is rendered with their names (`NameOf`). */
export const coPlayerPeople: PeopleRules<CoPlayerFacts> = {
  'co-player-named': (facts) => [{ user_id: facts.booker }],
  'co-player-removed': (facts) => [{ user_id: facts.booker }],
  'co-player-moved': (facts) => [{ user_id: facts.booker }],
  'co-player-players-changed': (facts) => [{ user_id: facts.booker }, ...facts.players],
  'co-player-cancelled': (facts) => [{ user_id: facts.booker }],
  'co-player-left': (facts) => [{ user_id: facts.player }],
  'co-player-back': (facts) => [{ user_id: facts.player }],
};

export const coPlayerLastDay: DayRules<CoPlayerFacts> = {
  'co-player-named': (facts) => singleDay(facts.slot),
  'co-player-removed': (facts) => singleDay(facts.slot),
  'co-player-left': (facts) => singleDay(facts.slot),
  'co-player-back': (facts) => singleDay(facts.slot),
  'co-player-cancelled': cancelledDay,
  'co-player-moved': (facts) => laterDay(facts.before, facts.after),
  'co-player-players-changed': (facts) => singleDay(facts.slot),
};

/** The day a co-player's mail opens the grid at: the hour's day, after a move the new one. */
export const coPlayerDayShown: DayRules<CoPlayerFacts> = {
  'co-player-named': (facts) => facts.slot.date,
  'co-player-removed': (facts) => facts.slot.date,
  'co-player-left': (facts) => facts.slot.date,
  'co-player-back': (facts) => facts.slot.date,
  'co-player-cancelled': (facts) => facts.slot.date,
  'co-player-moved': (facts) => facts.after.date,
  'co-player-players-changed': (facts) => facts.slot.date,
};

const cancelledScope = {
  occurrence: 'Dieser Termin der Serie, in der Sie mitspielen, findet nicht statt',
  booking: 'Die Buchung, in der Sie mitspielen, findet nicht statt',
  'from-date': 'Die Serie, in der Sie mitspielen, endet; ab diesem Termin findet sie nicht mehr statt',
} as const;

/** Why a named member gets these mails, and where to switch them off. */
const namedWhy = (club: string) =>
  `Sie erhalten diese E-Mail, weil Sie bei ${club} als Mitspieler eingetragen sind. In Ihrem Konto können Sie diese Benachrichtigungen ausschalten.`;

export function coPlayerNoticeText(facts: CoPlayerFacts, name: NameOf): NoticeText {
  const club = facts.clubName;
  const linkLabel = 'Platzplan ansehen';
  const member = (userId: string) => playerFullName(name({ user_id: userId }));
  switch (facts.kind) {
    case 'co-player-named':
      return {
        subject: `${member(facts.booker)} hat Sie als Mitspieler eingetragen (${club})`,
        paragraphs: [
          `${member(facts.booker)} hat Sie bei ${club} als Mitspieler eingetragen: ${describeSlot(facts.slot)}.`,
          'Wenn Sie nicht mitspielen, können Sie sich unter „Meine Reservierungen“ austragen.',
        ],
        linkLabel,
        why: namedWhy(club),
      };
    case 'co-player-removed':
      return {
        subject: `Sie spielen nicht mehr mit (${club})`,
        paragraphs: [
          `Sie sind nicht mehr als Mitspieler eingetragen: ${describeSlot(facts.slot)}.`,
          `Die Buchung gehört ${member(facts.booker)}.`,
        ],
        linkLabel,
        why: namedWhy(club),
      };
    case 'co-player-moved':
      return {
        subject: `Buchung mit Ihnen bei ${club} wurde verlegt`,
        paragraphs: [
          `Die Buchung von ${member(facts.booker)}, in der Sie mitspielen, wurde verlegt.`,
          `Bisher: ${describeSlot(facts.before)}`,
          `Jetzt: ${describeSlot(facts.after)}`,
        ],
        linkLabel,
        why: namedWhy(club),
      };
    case 'co-player-players-changed':
      return {
        subject: `Andere Mitspieler in Ihrer Buchung bei ${club}`,
        paragraphs: [
          `Die Buchung von ${member(facts.booker)}, in der Sie mitspielen, hat andere Mitspieler: ${describeSlot(facts.slot)}.`,
          `Es spielen jetzt: ${playersLine(facts.booker, facts.players, name)}.`,
        ],
        linkLabel,
        why: namedWhy(club),
      };
    case 'co-player-cancelled':
      return {
        subject: `Buchung mit Ihnen bei ${club} wurde abgesagt`,
        paragraphs: [
          `${cancelledScope[facts.scope]}: ${describeSlot(facts.slot)}.`,
          `Die Buchung gehört ${member(facts.booker)}.`,
        ],
        linkLabel,
        why: namedWhy(club),
      };
    case 'co-player-left':
      return {
        subject: `${member(facts.player)} spielt nicht mehr mit (${club})`,
        paragraphs: [
          `${member(facts.player)} hat sich aus Ihrer Buchung ausgetragen: ${describeSlot(facts.slot)}.`,
          'Sie können unter „Meine Reservierungen“ einen anderen Mitspieler eintragen.',
        ],
        linkLabel,
        why: `Sie erhalten diese E-Mail, weil ein Mitspieler Ihre Buchung bei ${club} verlassen hat. In Ihrem Konto können Sie diese Benachrichtigungen ausschalten.`,
      };
    case 'co-player-back':
      return {
        subject: `${member(facts.player)} spielt wieder mit (${club})`,
        paragraphs: [
          `${member(facts.player)} hat sich wieder in Ihre Buchung eingetragen: ${describeSlot(facts.slot)}.`,
        ],
        linkLabel,
        why: `Sie erhalten diese E-Mail, weil sich ein Mitspieler wieder in Ihre Buchung bei ${club} eingetragen hat. In Ihrem Konto können Sie diese Benachrichtigungen ausschalten.`,
      };
  }
}

/** "Steffi Graf mit Erika Schmidt und Anna Berg (Gast)": the booker first, as every list says it. */
function playersLine(booker: string, players: readonly PlayerRef[], name: NameOf): string {
  const holder = name({ user_id: booker });
  return playersFullLine(isGuest(holder) ? undefined : holder, players.map(name));
}

/** The events of one reservation stream that say who plays. */
type PlayersEvent =
  | { type: 'ReservationMade'; data: { players?: readonly PlayerRef[] } }
  | { type: 'ReservationChanged'; data: { players?: readonly PlayerRef[] } }
  | { type: 'CoPlayerLeft'; data: { user_id: string } }
  | { type: Exclude<ReservationEventType, 'ReservationMade' | 'ReservationChanged' | 'CoPlayerLeft'> };

/**
 * The members a booking names after `history` (its stream's events in order): `players` of the
 * booking, replaced by a change that names players, less those who took themselves off.
 */
export function namedMembers(history: Iterable<PlayersEvent>): string[] {
  let members: string[] = [];
  for (const event of history) {
    if (event.type === 'ReservationMade' || event.type === 'ReservationChanged') {
      if (event.type === 'ReservationMade' || event.data.players !== undefined)
        members = (event.data.players ?? []).flatMap((player) =>
          'user_id' in player ? [player.user_id] : [],
        );
    } else if (event.type === 'CoPlayerLeft') {
      const left = event.data.user_id;
      members = members.filter((member) => member !== left);
    }
  }
  return members;
}
