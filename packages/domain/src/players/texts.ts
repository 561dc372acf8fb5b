/**
 * German words about who plays (docs/who-plays.md), the rules' answers and the screens' alike: every
 * refusal names the person or the window it is about, and the popup says what the API would.
 */
import { formatDateDe } from '../dates';
import { GUEST_NAME_MAX, GUEST_NAME_MIN } from '../shapes';

/** "5,00 €" */
export function formatEuroCents(cents: number): string {
  const euros = Math.floor(cents / 100);
  return `${euros},${String(cents % 100).padStart(2, '0')} €`;
}

export const playerTexts = {
  coPlayersOff: 'Ihr Verein trägt keine Mitspieler ein.',
  tooManyPlayers: 'Eine Reservierung hat höchstens 3 Mitspieler.',
  coPlayersRequired: 'Bitte tragen Sie Ihre Mitspieler ein: 1 für ein Einzel oder 3 für ein Doppel.',
  singlesOrDoubles: 'Bitte tragen Sie 1 Mitspieler (Einzel) oder 3 Mitspieler (Doppel) ein.',
  guestsNotAllowed: 'Ihr Verein lässt keine Gäste zu.',
  guestNeedsMember: 'Gäste spielen nur mit einem Mitglied.',
  bookerNamed: 'Sie spielen selbst mit; tragen Sie sich bitte nicht als Mitspieler ein.',
  namedTwice: (name: string): string => `${name} ist zweimal eingetragen.`,
  notActiveMember: 'Ein eingetragener Mitspieler ist kein aktives Mitglied Ihres Vereins.',
  tooLong: (doublesHours: number): string =>
    doublesHours === 2
      ? 'Ein Einzel dauert 1 Stunde, ein Doppel (3 Mitspieler) bis zu 2 Stunden.'
      : 'Sie können einen Platz nur für eine Stunde reservieren.',
  /** A person on two courts at the same time; `who` null: the booker. */
  playsElsewhere: (who: string | null, court: string, date: string, hour: number): string =>
    `${who ?? 'Sie'} ${who ? 'spielt' : 'spielen'} am ${formatDateDe(date)} um ${hour} Uhr bereits auf Platz ${court}.`,
  /** A named member whose limit is full (co_players_count). */
  memberLimitReached: (who: string, limit: number): string =>
    `${who} hat bereits ${limit === 1 ? 'eine anstehende Reservierung' : `${limit} anstehende Reservierungen`} (Limit des Vereins) und kann nicht eingetragen werden.`,
  /** A quota's window is used up in that week; `who` null: the booker. */
  quotaExceeded: (who: string | null, window: string, hours: number): string =>
    `Im Zeitfenster ${window} sind höchstens ${hours === 1 ? '1 Stunde' : `${hours} Stunden`} pro Woche möglich; ${who ? `${who} hat` : 'Sie haben'} in dieser Woche nicht mehr genug davon frei.`,
  notNamed: 'Sie sind bei dieser Reservierung nicht als Mitspieler eingetragen.',
  coPlayerLeftLabel: 'Mitspieler ausgetragen',
  guestNameInvalid: `Der Name des Gasts muss ${GUEST_NAME_MIN} bis ${GUEST_NAME_MAX} Zeichen lang sein (Buchstaben, Leerzeichen, Bindestrich, Apostroph, Punkt).`,
  missingCoPlayers: (count: number): string =>
    count === 1 ? 'Bitte tragen Sie Ihren Mitspieler ein.' : `Bitte tragen Sie alle ${count} Mitspieler ein.`,
  guest: 'Gast',
  withPlayers: 'mit',
  coPlayer: 'Als Mitspieler eingetragen',
  leave: 'Austragen',
  leaveConfirm: 'Wirklich austragen? Die buchende Person wird benachrichtigt.',
  leaveYes: 'Ja, austragen',
  leaving: 'Wird ausgetragen …',
  leaveFailed: 'Das Austragen hat nicht geklappt.',
} as const;
