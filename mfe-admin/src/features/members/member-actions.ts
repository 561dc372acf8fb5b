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
          }
        : {
            title: 'Zum Spieler machen',
            question: `${name} die Administratorrechte entziehen?`,
            confirmText: 'Ja, ändern',
          };
    case 'status':
      switch (transitionOf(member.status, action.status)) {
        case 'approve':
          return {
            title: 'Mitgliedschaft freigeben',
            question: `${name} als Mitglied freigeben? ${member.first_name} kann dann Plätze buchen und den Platzplan sehen.`,
            confirmText: 'Freigeben',
          };
        case 'reject':
          return {
            title: 'Anmeldung ablehnen',
            question: `Die Anmeldung von ${name} ablehnen? ${member.first_name} kann dann nichts sehen und nichts buchen.`,
            confirmText: 'Ablehnen',
          };
        case 'deactivate':
          return {
            title: 'Mitglied deaktivieren',
            question:
              member.upcoming_bookings > 0
                ? `${name} deaktivieren? ${member.first_name} hat ${bookings}; sie bleiben bestehen, Sie können sie danach löschen.`
                : `${name} deaktivieren? ${member.first_name} kann dann nichts mehr sehen und nichts buchen.`,
            confirmText: 'Deaktivieren',
          };
        case 'reactivate':
          return {
            title: 'Mitglied wieder aktivieren',
            question: `${name} wieder aktivieren? ${member.first_name} kann dann wieder Plätze buchen.`,
            confirmText: 'Aktivieren',
          };
        default:
          throw new Error(`No change from ${member.status} to ${action.status}`);
      }
    case 'cancelBookings':
      return {
        title: 'Reservierungen löschen',
        question: `${bookings} von ${name} löschen? Vergangene Termine bleiben, jede Löschung steht im Ereignisprotokoll.`,
        confirmText: 'Reservierungen löschen',
      };
    case 'erase':
      return {
        title: 'Mitglied löschen',
        question: erasureTexts.adminQuestion(name, member.upcoming_bookings),
        confirmText: 'Endgültig löschen',
      };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown member action ${JSON.stringify(unknown)}`);
    }
  }
}
