/**
 * German words about who plays (docs/who-plays.md), the rules' answers and the screens' alike: every
 * refusal names the person or the window it is about, and the popup says what the API would. The texts are one export each, imported as a namespace
 * (`import * as playerTexts`), so a bundle keeps only the texts it reads (see `../texts`).
 */
import { formatDateDe } from '../dates';
import { GUEST_NAME_MAX, GUEST_NAME_MIN } from '../shapes';

export const coPlayersOff = 'Ihr Verein trägt keine Mitspieler ein.';
export const tooManyPlayers = 'Eine Reservierung hat höchstens 3 Mitspieler.';
export const coPlayersRequired =
  'Bitte tragen Sie Ihre Mitspieler ein: 1 für ein Einzel oder 3 für ein Doppel.';
export const singlesOrDoubles = 'Bitte tragen Sie 1 Mitspieler (Einzel) oder 3 Mitspieler (Doppel) ein.';
export const guestsNotAllowed = 'Ihr Verein lässt keine Gäste zu.';
export const guestNeedsMember = 'Gäste spielen nur mit einem Mitglied.';
export const bookerNamed = 'Sie spielen selbst mit; tragen Sie sich bitte nicht als Mitspieler ein.';
export const namedTwice = (name: string): string => `${name} ist zweimal eingetragen.`;
export const notActiveMember = 'Ein eingetragener Mitspieler ist kein aktives Mitglied Ihres Vereins.';
export const tooLong = (doublesHours: number): string =>
  doublesHours === 2
    ? 'Ein Einzel dauert 1 Stunde, ein Doppel (3 Mitspieler) bis zu 2 Stunden.'
    : 'Sie können einen Platz nur für eine Stunde reservieren.';
/** A person on two courts at the same time; `who` null: the booker. */
export const playsElsewhere = (who: string | null, court: string, date: string, hour: number): string =>
  `${who ?? 'Sie'} ${who ? 'spielt' : 'spielen'} am ${formatDateDe(date)} um ${hour} Uhr bereits auf Platz ${court}.`;
/** A named member whose limit is full (co_players_count). */
export const memberLimitReached = (who: string, limit: number): string =>
  `${who} hat bereits ${limit === 1 ? 'eine anstehende Reservierung' : `${limit} anstehende Reservierungen`} (Limit des Vereins) und kann nicht eingetragen werden.`;
/** A quota's window is used up in that week; `who` null: the booker. */
export const quotaExceeded = (who: string | null, window: string, hours: number): string =>
  `Im Zeitfenster ${window} sind höchstens ${hours === 1 ? '1 Stunde' : `${hours} Stunden`} pro Woche möglich; ${who ? `${who} hat` : 'Sie haben'} in dieser Woche nicht mehr genug davon frei.`;
export const notNamed = 'Sie sind bei dieser Reservierung nicht als Mitspieler eingetragen.';
/** The booker (or an admin) names a member who took themselves off this booking. */
export const leftBooking = (who: string): string =>
  `${who} hat sich aus dieser Reservierung ausgetragen und kann sich nur selbst wieder eintragen.`;
/** Coming back to a booking one has not left. */
export const notLeft = 'Sie haben sich aus dieser Reservierung nicht ausgetragen.';
export const noRoomLeft = 'Diese Reservierung hat bereits 3 Mitspieler.';
export const coPlayerLeftLabel = 'Mitspieler ausgetragen';
export const guestNameInvalid = `Der Name des Gasts muss ${GUEST_NAME_MIN} bis ${GUEST_NAME_MAX} Zeichen lang sein (Buchstaben, Leerzeichen, Bindestrich, Apostroph, Punkt).`;
export const missingCoPlayers = (count: number): string =>
  count === 1 ? 'Bitte tragen Sie Ihren Mitspieler ein.' : `Bitte tragen Sie alle ${count} Mitspieler ein.`;
export const guest = 'Gast';
export const withPlayers = 'mit';
export const coPlayer = 'Als Mitspieler eingetragen';
export const leave = 'Austragen';
export const leaveConfirm = 'Wirklich austragen? Die buchende Person wird benachrichtigt.';
export const leaveYes = 'Ja, austragen';
export const leaving = 'Wird ausgetragen …';
export const leaveFailed = 'Das Austragen hat nicht geklappt.';
/** After "Austragen": what happened, and the way back (only the member may come back). */
export const leftNotice = (what: string): string => `Sie sind ausgetragen ${what}.`;
export const rejoin = 'Wieder eintragen';
export const rejoining = 'Wird eingetragen …';
export const rejoinFailed = 'Das Wiedereintragen hat nicht geklappt.';
export const dismiss = 'Schließen';
