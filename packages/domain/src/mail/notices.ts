/**
 * The kinds of mail the app sends and the German words of each notice (docs/architecture/mail.md,
 * "Notifications"). The mailer wraps these words in its plain-text and HTML layout; the admin's
 * list of notices names each kind by its label. The password-reset mail's words live with its
 * template in the mailer, since only the mailer ever sees them.
 */
import type { IsoDate, PlayerRef } from '../types';
import { formatDayDe } from '../dates';
import { sepaTexts } from '../money/sepa/texts';
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

export { describeSlot, type BookingSlot, type NoticeText };
import {
  coPlayerDayShown,
  coPlayerLastDay,
  coPlayerNoticeKinds,
  coPlayerNoticeLabels,
  coPlayerNoticeText,
  coPlayerPeople,
  type CoPlayerFacts,
  type NameOf,
} from './co-player-notices';

export type { NameOf };

/**
 * Mails about the member's own account, with a link that is a key to it: only the member ever sees
 * them; the club's admins neither list nor resend them (docs/security/mail.md).
 */
export const accountMailKinds = [
  'password-reset',
  'email-confirmation',
  'email-change',
  'email-change-requested',
  'email-changed',
] as const;

/** Mails about the club's bookings and membership: the admins' list of notices shows these. */
export const noticeKinds = [
  'booking-cancelled',
  'booking-moved',
  'booking-confirmed',
  'membership-approved',
  'waitlist-freed',
  'booking-released',
  'sepa-pre-notification',
  ...coPlayerNoticeKinds,
] as const;

export const mailKinds = [...accountMailKinds, ...noticeKinds] as const;
export type MailKind = (typeof mailKinds)[number];

export function isMailKind(value: string): value is MailKind {
  return (mailKinds as readonly string[]).includes(value);
}

/** What the admin's list of notices and the mail CLI call each kind. */
export const mailKindLabels: Record<MailKind, string> = {
  'password-reset': 'Passwort zurücksetzen',
  'email-confirmation': 'E-Mail-Adresse bestätigen',
  'email-change': 'Neue E-Mail-Adresse bestätigen',
  'email-change-requested': 'Änderung der E-Mail-Adresse beantragt',
  'email-changed': 'E-Mail-Adresse geändert',
  'booking-cancelled': 'Buchung abgesagt',
  'booking-moved': 'Buchung verlegt',
  'booking-confirmed': 'Buchungsbestätigung',
  'membership-approved': 'Mitgliedschaft bestätigt',
  'waitlist-freed': 'Warteliste: Platz frei',
  'booking-released': 'Buchung freigegeben',
  'sepa-pre-notification': 'Vorabankündigung Lastschrift',
  ...coPlayerNoticeLabels,
};

/**
 * `held`: a notice to an address not yet confirmed, kept until the member follows the mailed link;
 * `dropped`: never sent, too old by then or over the recipient's daily limit (docs/architecture/mail.md,
 * "Confirmed addresses").
 */
export const mailStatuses = ['waiting', 'sent', 'failed', 'held', 'dropped'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  waiting: 'Wartet',
  sent: 'Versendet',
  failed: 'Fehlgeschlagen',
  held: 'Adresse unbestätigt',
  dropped: 'Nicht gesendet',
};

/** One mail as the admin's list and the mail CLI show it: no address, no content. */
export interface MailListItem {
  readonly id: string;
  readonly kind: MailKind;
  readonly status: MailStatus;
  /** Only the domain of the address: enough to tell where it went, nothing more to leak. */
  readonly recipientDomain: string;
  readonly recipientName: string;
  /** Failed attempts so far. */
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly failedAt: string | null;
}

/** GET /api/admin/notices: the latest notices and how many there are of each status. */
export interface MailList {
  data: MailListItem[];
  counts: Record<MailStatus, number>;
}

/** What a notice is about, fixed when its outbox row is written; the words are made from it. */
export type NoticeFacts =
  | {
      kind: 'booking-cancelled';
      clubName: string;
      slot: BookingSlot;
      /** Only this date of a series, or the whole booking. */
      scope: 'occurrence' | 'booking' | 'from-date';
      /** Set when a court block cancelled it: the block's reason. */
      reason?: string;
    }
  | { kind: 'booking-moved'; clubName: string; before: BookingSlot; after: BookingSlot }
  | { kind: 'booking-confirmed'; clubName: string; slot: BookingSlot }
  | { kind: 'membership-approved'; clubName: string }
  /** Hours the member waits for that have just become free: one notice per member and change. */
  | { kind: 'waitlist-freed'; clubName: string; slots: BookingSlot[] }
  /** Nobody checked in, so the hour was given back (docs/check-in.md); to the booker and named members. */
  | { kind: 'booking-released'; clubName: string; slot: BookingSlot }
  /** A SEPA direct debit announced before it is collected (docs/architecture/money.md, "SEPA direct debit"). */
  | {
      kind: 'sepa-pre-notification';
      clubName: string;
      cents: number;
      /** The day the bank debits the member. */
      date: IsoDate;
      mandateReference: string;
      creditorId: string;
    }
  | CoPlayerFacts;

export type NoticeKind = NoticeFacts['kind'];

/** Each kind's last day concerned (slot.ts says why); a new kind adds its entry here. */
const lastDayRules: DayRules<NoticeFacts> = {
  'booking-cancelled': cancelledDay,
  'booking-moved': (facts) => laterDay(facts.before, facts.after),
  'booking-confirmed': (facts) => singleDay(facts.slot),
  'membership-approved': () => undefined,
  'waitlist-freed': (facts) =>
    facts.slots
      .map((slot) => slot.date)
      .sort()
      .at(-1),
  'booking-released': (facts) => singleDay(facts.slot),
  'sepa-pre-notification': (facts) => facts.date,
  ...coPlayerLastDay,
};

/** The last day a notice speaks of, or undefined when it concerns no single day. */
export function lastDayConcerned(facts: NoticeFacts): IsoDate | undefined {
  // The table is keyed by kind, so the entry read takes exactly these facts; TypeScript cannot
  // correlate the two through the union, hence the widening.
  const rule = lastDayRules[facts.kind] as (facts: NoticeFacts) => IsoDate | undefined;
  return rule(facts);
}

/** Each kind's day the mail's link opens the grid at (slot.ts says why); a new kind adds its entry here. */
const dayShownRules: DayRules<NoticeFacts> = {
  'booking-cancelled': (facts) => facts.slot.date,
  'booking-moved': (facts) => facts.after.date,
  'booking-confirmed': (facts) => facts.slot.date,
  'membership-approved': () => undefined,
  'waitlist-freed': (facts) =>
    facts.slots
      .map((slot) => slot.date)
      .sort()
      .at(0),
  'booking-released': (facts) => facts.slot.date,
  'sepa-pre-notification': () => undefined,
  ...coPlayerDayShown,
};

/** The day a notice's link opens the grid at, or undefined when it speaks of none (then today). */
export function dayShownBy(facts: NoticeFacts): IsoDate | undefined {
  // Widened as in `lastDayConcerned`.
  const rule = dayShownRules[facts.kind] as (facts: NoticeFacts) => IsoDate | undefined;
  return rule(facts);
}

const nobody = (): PlayerRef[] => [];

/** Whom each kind names beside its recipient; a new kind adds its entry here. */
const peopleRules: PeopleRules<NoticeFacts> = {
  'booking-cancelled': nobody,
  'booking-moved': nobody,
  'booking-confirmed': nobody,
  'membership-approved': nobody,
  'waitlist-freed': nobody,
  'booking-released': nobody,
  'sepa-pre-notification': nobody,
  ...coPlayerPeople,
};

/**
 * The people a notice names beside its recipient, by id: their names are read when the mail is
 * rendered (docs/privacy-erasure.md, "Mails that name another member").
 */
export function peopleNamedIn(facts: NoticeFacts): PlayerRef[] {
  // Keyed by kind, as `lastDayRules` above.
  const rule = peopleRules[facts.kind] as (facts: NoticeFacts) => PlayerRef[];
  return rule(facts);
}

const cancelledScope: Record<'occurrence' | 'booking' | 'from-date', string> = {
  occurrence: 'Dieser Termin Ihrer Serie findet nicht statt',
  booking: 'Ihre Buchung findet nicht statt',
  'from-date': 'Ihre Serie endet; ab diesem Termin findet sie nicht mehr statt',
};

/** The notice's words, naming whom it names (`peopleNamedIn`) by `name`. */
export function noticeText(facts: NoticeFacts, name: NameOf): NoticeText {
  const club = facts.clubName;
  switch (facts.kind) {
    case 'booking-cancelled':
      return {
        subject: facts.reason
          ? `Platz gesperrt: Ihre Buchung bei ${club} entfällt`
          : `Ihre Buchung bei ${club} wurde abgesagt`,
        paragraphs: [
          `${cancelledScope[facts.scope]}: ${describeSlot(facts.slot)}.`,
          facts.reason
            ? `Der Platz wurde gesperrt. Grund: ${facts.reason}`
            : 'Ein Administrator Ihres Vereins hat die Buchung gelöscht.',
        ],
        linkLabel: 'Platzplan ansehen',
        why: `Sie erhalten diese E-Mail, weil jemand anderes Ihre Buchung bei ${club} abgesagt hat.`,
      };
    case 'booking-moved':
      return {
        subject: `Ihre Buchung bei ${club} wurde verlegt`,
        paragraphs: [
          'Ein Administrator Ihres Vereins hat Ihre Buchung verlegt.',
          `Bisher: ${describeSlot(facts.before)}`,
          `Jetzt: ${describeSlot(facts.after)}`,
        ],
        linkLabel: 'Platzplan ansehen',
        why: `Sie erhalten diese E-Mail, weil jemand anderes Ihre Buchung bei ${club} geändert hat.`,
      };
    case 'booking-released':
      return {
        subject: `Ihre Buchung bei ${club} wurde freigegeben`,
        paragraphs: [
          `Ihre Buchung ${describeSlot(facts.slot)} wurde freigegeben, weil niemand eingecheckt hat.`,
        ],
        linkLabel: 'Platzplan ansehen',
        why: `Sie erhalten diese E-Mail, weil Sie diese Buchung bei ${club} gemacht haben oder darin eingetragen sind.`,
      };
    case 'booking-confirmed':
      return {
        subject: `Buchungsbestätigung ${club}: ${describeSlot(facts.slot)}`,
        paragraphs: [`Ihre Buchung bei ${club} ist eingetragen: ${describeSlot(facts.slot)}.`],
        linkLabel: 'Platzplan ansehen',
        why: 'Sie erhalten diese E-Mail, weil Sie in Ihrem Konto Buchungsbestätigungen eingeschaltet haben. Dort können Sie sie jederzeit wieder ausschalten.',
      };
    case 'membership-approved':
      return {
        subject: `Willkommen bei ${club}`,
        paragraphs: [`Ihre Mitgliedschaft bei ${club} wurde bestätigt. Sie können jetzt Plätze buchen.`],
        linkLabel: 'Jetzt Platz buchen',
        why: `Sie erhalten diese E-Mail, weil Sie die Mitgliedschaft bei ${club} beantragt haben.`,
      };
    case 'waitlist-freed':
      return {
        subject: `Platz frei bei ${club}: ${describeSlot(facts.slots[0]!)}`,
        paragraphs: [
          facts.slots.length === 1
            ? 'Die Stunde, für die Sie auf der Warteliste stehen, ist frei geworden:'
            : 'Die Stunden, für die Sie auf der Warteliste stehen, sind frei geworden:',
          ...facts.slots.map(describeSlot),
          'Wer zuerst reserviert, bekommt den Platz.',
        ],
        linkLabel: 'Jetzt Platz buchen',
        why: `Sie erhalten diese E-Mail, weil Sie sich bei ${club} auf die Warteliste gesetzt haben.`,
      };
    case 'sepa-pre-notification':
      return {
        subject: sepaTexts.preNotificationSubject(club),
        paragraphs: [
          sepaTexts.preNotification(facts.cents, formatDayDe(facts.date)),
          `Zahlungsempfänger: ${club}, Gläubiger-ID ${facts.creditorId}, Mandatsreferenz ${facts.mandateReference}.`,
          'Bitte sorgen Sie für ausreichende Deckung Ihres Kontos. Ihre Buchungen und Zahlungen sehen Sie in „Mein Konto“.',
        ],
        linkLabel: 'Platzplan ansehen',
        why: `Sie erhalten diese E-Mail, weil Sie ${club} ein SEPA-Lastschriftmandat erteilt haben.`,
      };
    default:
      return coPlayerNoticeText(facts, name);
  }
}
