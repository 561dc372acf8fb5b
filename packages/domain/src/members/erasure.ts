/**
 * Erasing a member (DSGVO Art. 17; docs/privacy-erasure.md): who may be erased, and the German
 * words of the refusals and answers. The API cancels the member's upcoming bookings through the
 * ordinary deletion command first, then removes their name and address from every table.
 */
import type { MemberStatus, Role } from '../types';

export interface ErasureCandidate {
  id: string;
  role: Role;
  status: MemberStatus;
}

export interface ErasureClub {
  /** The club's active admins, read under the club's lock. */
  activeAdmins: readonly string[];
  /** How many members the club has, the candidate included, whatever their status. */
  memberCount: number;
}

/**
 * The club must keep someone who can run it: its last active admin cannot be erased while others
 * remain. Alone in the club, the admin may go.
 */
export function blocksLastAdmin(member: ErasureCandidate, club: ErasureClub): boolean {
  if (member.role !== 'admin' || member.status !== 'active') return false;
  const othersAdmin = club.activeAdmins.some((id) => id !== member.id);
  return !othersAdmin && club.memberCount > 1;
}

/** Admins erase only members they deactivated first, so nobody active disappears by one click. */
export const adminMayErase = (member: Pick<ErasureCandidate, 'status'>): boolean =>
  member.status === 'inactive';

export const erasureTexts = {
  passwordMissing: 'Bitte geben Sie Ihr Passwort ein, um Ihr Konto zu löschen.',
  wrongPassword: 'Das Passwort stimmt nicht. Ihr Konto wurde nicht gelöscht.',
  lastAdmin:
    'Sie sind der letzte aktive Administrator Ihres Vereins. Machen Sie zuerst ein anderes Mitglied unter Verwaltung → Mitglieder zum Administrator; danach können Sie Ihr Konto löschen.',
  onlyInactive:
    'Nur deaktivierte Mitglieder können gelöscht werden. Deaktivieren Sie das Mitglied zuerst unter „Mitglieder“.',
  accountErased:
    'Ihr Konto wurde gelöscht. Ihre kommenden Buchungen sind storniert, Ihr Name und Ihre E-Mail-Adresse sind entfernt.',
  /** Said after `accountErased` when the account kept children (docs/who-plays.md, "Families"). */
  childrenErased: (count: number): string =>
    count === 1 ? 'Ihr Kind wurde ebenfalls gelöscht.' : `Ihre ${count} Kinder wurden ebenfalls gelöscht.`,
  /** The member's own popup in "Mein Konto": what happens, said before the password is asked. */
  ownPopupTitle: 'Konto löschen',
  ownPopupSteps: [
    'Ihre kommenden Buchungen werden storniert, die Plätze werden frei. Eine Buchung, deren Stornofrist schon abgelaufen ist, bleibt bestehen.',
    'Ihr Name und Ihre E-Mail-Adresse werden entfernt. Vergangene Buchungen und das Protokoll Ihres Vereins zeigen dann „Gelöschtes Mitglied“.',
    'Sie werden auf allen Geräten abgemeldet; Ihr Kalender-Link und Ihre Benachrichtigungen enden.',
    'Kinder, die Sie in Ihrem Konto eingetragen haben, werden mit gelöscht; ihre kommenden Buchungen werden storniert.',
    'Das lässt sich nicht rückgängig machen.',
  ],
  ownConfirm: 'Konto endgültig löschen',
  /** The admin's popup at an inactive member in "Mitglieder". */
  adminQuestion: (name: string, bookings: number): string =>
    `${name} endgültig löschen? ${bookings > 0 ? `${bookings === 1 ? 'Die kommende Buchung wird' : `Die ${bookings} kommenden Buchungen werden`} storniert. ` : ''}Name und E-Mail-Adresse werden entfernt; vergangene Buchungen und das Protokoll zeigen dann „Gelöschtes Mitglied“. Das lässt sich nicht rückgängig machen.`,
  memberErased: (name: string): string =>
    `${name} wurde gelöscht. Kommende Buchungen sind storniert, Name und E-Mail-Adresse sind entfernt.`,
} as const;
