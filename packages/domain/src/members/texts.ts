/** German texts of club membership: the members' notices, the API's refusals, the admin's words. */
import type { MemberStatus } from '../types';

/** What an admin does when moving a member from one status to another. */
export type StatusTransition = 'approve' | 'reject' | 'deactivate' | 'reactivate';

export const memberTexts = {
  /** The filter tabs and badges of the admin's "Mitglieder". */
  statusNames: { pending: 'Offen', active: 'Aktiv', inactive: 'Inaktiv' } as Record<MemberStatus, string>,
  /** Shown after login instead of the club's bookings and players. */
  waitingForApproval: (club: string): string =>
    `Ihre Mitgliedschaft bei ${club} wartet auf die Freigabe durch den Verein.`,
  inactiveNotice: (club: string): string =>
    `Ihre Mitgliedschaft bei ${club} ist nicht aktiv. Wenn Sie wieder Plätze buchen möchten, wenden Sie sich bitte an den Verein.`,
  signedUpPending: (club: string): string =>
    `Die Registrierung war erfolgreich. Sie können sich jetzt anmelden; Reservierungen sind möglich, sobald ${club} Ihre Mitgliedschaft freigegeben hat.`,
  /** 403 on every club-data route. */
  pendingRefused:
    'Ihre Mitgliedschaft wartet noch auf die Freigabe durch den Verein. Bis dahin sehen Sie keine Reservierungen und keine Spieler.',
  inactiveRefused:
    'Ihre Mitgliedschaft ist nicht aktiv. Reservierungen und Spieler sehen nur aktive Mitglieder.',
  invalidStatus: 'Der Status muss „active“, „pending“ oder „inactive“ sein.',
  backToPending: 'Eine Mitgliedschaft kann nicht wieder auf „offen“ gesetzt werden.',
  onlyActiveAdmins: 'Nur aktive Mitglieder können Administrator werden.',
  /** The log's word for each transition, and the admin's confirmation after it. */
  transitionWords: {
    approve: 'freigegeben',
    reject: 'abgelehnt',
    deactivate: 'deaktiviert',
    reactivate: 'wieder aktiviert',
  } as Record<StatusTransition, string>,
  statusChanged: {
    approve: 'Die Mitgliedschaft wurde freigegeben.',
    reject: 'Die Anmeldung wurde abgelehnt.',
    deactivate: 'Das Mitglied wurde deaktiviert. Seine Reservierungen bleiben bestehen.',
    reactivate: 'Das Mitglied wurde wieder aktiviert.',
  } as Record<StatusTransition, string>,
  statusUnchanged: 'Der Status war bereits so; es wurde nichts geändert.',
  upcomingBookings: (count: number): string =>
    count === 1 ? '1 anstehende Reservierung' : `${count} anstehende Reservierungen`,
  bookingsCancelled: (count: number): string =>
    count === 0
      ? 'Es gab keine anstehenden Reservierungen mehr.'
      : count === 1
        ? '1 anstehende Reservierung wurde storniert.'
        : `${count} anstehende Reservierungen wurden storniert.`,
} as const;

/** Which transition a status change is; undefined for none or for a way back to pending. */
export function transitionOf(before: MemberStatus, after: MemberStatus): StatusTransition | undefined {
  if (after === 'active')
    return before === 'pending' ? 'approve' : before === 'inactive' ? 'reactivate' : undefined;
  if (after === 'inactive')
    return before === 'pending' ? 'reject' : before === 'active' ? 'deactivate' : undefined;
  return undefined;
}
