/**
 * Which mails an address gets before and after its owner confirmed it (docs/architecture/mail.md,
 * "Confirmed addresses"). Account mails (the confirmation link, the password reset) always go:
 * they are how an owner proves or regains the address, and their own rate limits bound them.
 * Notices to an unconfirmed address are held; when the link is used, those still worth reading go
 * out, within the recipient's daily limit.
 */
import type { IsoDate } from '../types';
import { coPlayerNoticeKinds } from './co-player-notices';
import { lastDayConcerned, type NoticeFacts } from './notices';

/** Notices one address receives per UTC day at most; the rest are dropped, not sent later. */
export const NOTICES_PER_RECIPIENT_PER_DAY = 20;

/**
 * Notices about other members' bookings one is named on, per address and UTC day: a budget of
 * their own, so a booker who names and removes a member over and over spends only this one, never
 * the notices about the member's own bookings (docs/security/cost.md).
 */
export const CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY = 10;

/** The daily numbers a notice may count against, each with its size. */
export const dailyBudgets = {
  notices: NOTICES_PER_RECIPIENT_PER_DAY,
  'co-players': CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY,
} as const;
export type DailyBudget = keyof typeof dailyBudgets;

const coPlayerKinds: ReadonlySet<string> = new Set(coPlayerNoticeKinds);

/** Which daily number a notice of this kind counts against. */
export const dailyBudgetOf = (kind: NoticeFacts['kind']): DailyBudget =>
  coPlayerKinds.has(kind) ? 'co-players' : 'notices';

/** A held notice older than this is dropped when the address is confirmed: news of last week. */
export const HELD_NOTICE_MAX_AGE_DAYS = 7;

/** A confirmation link works this long. */
export const CONFIRMATION_LINK_TTL_HOURS = 48;

/** Why a notice was not sent, as the admins' list shows it. */
export const droppedReasons = {
  dailyLimit: `Nicht gesendet: Diese Adresse hat heute schon ${NOTICES_PER_RECIPIENT_PER_DAY} Benachrichtigungen erhalten.`,
  coPlayerDailyLimit: `Nicht gesendet: Diese Adresse hat heute schon ${CO_PLAYER_NOTICES_PER_RECIPIENT_PER_DAY} Benachrichtigungen über Buchungen anderer erhalten, in denen sie als Mitspieler steht.`,
  stale: 'Nicht gesendet: Bis die Adresse bestätigt wurde, war die Nachricht nicht mehr aktuell.',
} as const;

export interface HeldNotice {
  readonly facts: NoticeFacts;
  /** When the notice was written (and held). */
  readonly heldSince: Date;
}

export interface ReleaseMoment {
  readonly now: Date;
  /** Today in the club's own zone: a booking of an earlier day is over. */
  readonly clubToday: IsoDate;
}

/** Whether a held notice still tells the member something once the address is confirmed. */
export function heldNoticeWorthSending(notice: HeldNotice, { now, clubToday }: ReleaseMoment): boolean {
  const ageMs = now.getTime() - notice.heldSince.getTime();
  if (ageMs > HELD_NOTICE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000) return false;
  const lastDay = lastDayConcerned(notice.facts);
  return lastDay === undefined || lastDay >= clubToday;
}
