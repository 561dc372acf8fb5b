/** What the admin is asked before each change of a member, and the button that confirms it. */
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import { memberTexts, transitionOf } from '@platzbuchung/domain/members/texts';
import type { Member } from '../../shared/members-api';
import { fullName } from '../../shared/names';
import type { MemberAction } from './members-machine';

interface ActionQuestion {
  title: string;
  question: string;
  confirmText: string;
  /** Takes something away from the member: its button is drawn as destructive. */
  destructive: boolean;
}

/** "hat 1 anstehende Reservierung; sie bleibt bestehen": the verb agrees with the count. */
function bookingsStay(member: Member): string {
  const count = member.upcoming_bookings;
  const stay = count === 1 ? 'sie bleibt bestehen' : 'sie bleiben bestehen';
  return `${member.first_name} hat ${memberTexts.upcomingBookings(count)}; ${stay}, Sie können sie danach stornieren.`;
}

export function questionFor(member: Member, action: MemberAction): ActionQuestion {
  const name = fullName(member);
  const bookings = memberTexts.upcomingBookings(member.upcoming_bookings);
  switch (action.kind) {
    case 'role':
      return action.role === 'admin'
        ? {
            title: 'Zum Administrator machen',
            question: `${name} zum Administrator machen? ${member.first_name} kann dann den Verein verwalten.`,
            confirmText: 'Ja, ändern',
            destructive: false,
          }
        : {
            title: 'Zum Spieler machen',
            question: `${name} die Administratorrechte entziehen?`,
            confirmText: 'Ja, ändern',
            destructive: true,
          };
    case 'status':
      switch (transitionOf(member.status, action.status)) {
        case 'approve':
          return {
            title: 'Mitgliedschaft freigeben',
            question: `${name} als Mitglied freigeben? ${member.first_name} kann dann Plätze buchen und den Platzplan sehen.`,
            confirmText: 'Freigeben',
            destructive: false,
          };
        case 'reject':
          return {
            title: 'Anmeldung ablehnen',
            question: `Die Anmeldung von ${name} ablehnen? ${member.first_name} kann dann nichts sehen und nichts buchen.`,
            confirmText: 'Ablehnen',
            destructive: true,
          };
        case 'deactivate':
          return {
            title: 'Mitglied deaktivieren',
            question:
              member.upcoming_bookings > 0
                ? `${name} deaktivieren? ${bookingsStay(member)}`
                : `${name} deaktivieren? ${member.first_name} kann dann nichts mehr sehen und nichts buchen.`,
            confirmText: 'Deaktivieren',
            destructive: true,
          };
        case 'reactivate':
          return {
            title: 'Mitglied wieder aktivieren',
            question: `${name} wieder aktivieren? ${member.first_name} kann dann wieder Plätze buchen.`,
            confirmText: 'Aktivieren',
            destructive: false,
          };
        default:
          throw new Error(`Kein Wechsel von ${member.status} zu ${action.status}`);
      }
    case 'cancelBookings':
      return {
        title: 'Reservierungen stornieren',
        question: `${bookings} von ${name} stornieren? Vergangene Termine bleiben, jede Stornierung steht im Ereignisprotokoll.`,
        confirmText: 'Reservierungen stornieren',
        destructive: true,
      };
    case 'erase':
      return {
        title: 'Mitglied löschen',
        question: erasureTexts.adminQuestion(name, member.upcoming_bookings),
        confirmText: 'Endgültig löschen',
        destructive: true,
      };
    default: {
      const unknown: never = action;
      throw new Error(`Unbekannte Aktion für Mitglieder: ${JSON.stringify(unknown)}`);
    }
  }
}
