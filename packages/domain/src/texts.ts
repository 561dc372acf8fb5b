/**
 * Every German text that more than one place shows. The original client's texts are exact; do not re-type them
 * elsewhere, import them from here. Each is an export of its own, imported as a namespace
 * (`import * as texts from '@platzbuchung/domain/texts'`): a bundle then carries only the texts its code
 * reads, where one object would have carried all of them into every screen's chunk.
 */
export const productName = 'Platzbuchung';
export const tagline = 'Kostenlose Tennisplatzreservierung';
export const startupSplash = 'Daten werden geladen...';
export const reservationsSplash = 'Reservierungen werden geladen';
export const clubNotFound = 'Verein nicht gefunden!';
export const noActiveReservations = 'Sie haben keine aktiven Reservierungen.';
export const myReservations = 'Meine Reservierungen';
export const registeredPlayers = 'Registrierte Spieler';
export const loadingUsers = 'Loading users...';
export const loading = 'Loading...';
export const notFound = 'Not found';
export const today = 'Heute';
export const recurringMarker = '(wiederkehrend)';
export const logout = 'Abmelden';
export const forgotPasswordLink = 'Passwort vergeßen?';
export const submitSignup = 'Registrieren';
export const submitClub = 'Verein Registrieren';
export const submitLogin = 'Anmelden';
export const submitResetPassword = 'Passwort zurücksetzen';
export const selectPlaceholder = 'Auswählen';
export const requiredField = 'This is a required field';
export const missingResetToken =
  'Token not found! Please visit this page through link sent to your in email or request a new token.';
export const pastReservation = 'Eine Reservierung in der Vergangenheit ist nicht möglich!';
export const limitReached = (limit: number): string =>
  `Sie haben die maximal zulässige Anzahl an Reservierungen (${limit}) erreicht!`;
export const passwordStrength = (level: 'low' | 'medium' | 'high'): string => `Strength: ${level}`;

// Server answers the original client has no text for.
export const clubCreated = 'Der Verein wurde registriert. Sie können sich jetzt anmelden.';
export const signedUp = 'Die Registrierung war erfolgreich. Sie können sich jetzt anmelden.';
export const loggedOut = 'Sie wurden abgemeldet.';
export const emailTaken = 'Diese E-Mail-Adresse ist bereits registriert.';
export const clubUnknown = 'Diesen Verein gibt es nicht.';
export const clubNameTaken =
  'Es gibt bereits einen Verein mit diesem oder einem zum Verwechseln ähnlichen Namen. Bitte wählen Sie einen anderen Namen.';
export const wrongCredentials = 'E-Mail-Adresse oder Passwort ist falsch.';
export const notLoggedIn = 'Bitte melden Sie sich an.';
export const forbidden = 'Dafür fehlt Ihnen die Berechtigung.';
export const tooManyRequests =
  'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.';
export const invalidJson = 'Die Anfrage enthält kein gültiges JSON.';
export const unsupportedMediaType = 'Die Anfrage muss als JSON (application/json) gesendet werden.';
export const payloadTooLarge = 'Die Anfrage ist zu groß.';
export const requestTimedOut =
  'Die Anfrage ist nicht rechtzeitig vollständig angekommen. Bitte versuchen Sie es noch einmal.';
export const headersTooLarge = 'Die Kopfzeilen der Anfrage sind zu groß.';
export const malformedRequest = 'Die Anfrage ist keine gültige HTTP-Anfrage.';
export const tooDeeplyNested = 'Die Anfrage ist zu tief verschachtelt.';
export const controlCharacters = 'Die Anfrage enthält unzulässige Steuerzeichen.';
export const clubIdMismatch = 'Der Verein in der Adresse und im Inhalt der Anfrage stimmen nicht überein.';
export const foreignOrigin = 'Anfragen von dieser Herkunft sind nicht erlaubt.';
export const apiNotFound = 'Diese Adresse gibt es nicht.';
export const databaseUnavailable =
  'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.';
export const internalError = 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.';
export const unknownField = (field: string): string => `Das Feld „${field}“ ist nicht vorgesehen.`;
export const invalidValue = 'Ungültiger Wert.';
export const resetLinkSent =
  'Falls für diese E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt. Der Link ist eine Stunde lang gültig. Bitte sehen Sie auch in Ihrem Spam- bzw. Junk-Ordner nach.';
export const resetTokenInvalid = 'Der Link zum Zurücksetzen ist ungültig. Bitte fordern Sie einen neuen an.';
export const resetTokenExpired =
  'Der Link zum Zurücksetzen ist abgelaufen, er gilt nur eine Stunde. Bitte fordern Sie einen neuen an.';
export const resetTokenUsed =
  'Dieser Link zum Zurücksetzen wurde bereits verwendet. Bitte fordern Sie bei Bedarf einen neuen an.';
export const passwordTooLong =
  'Das Passwort ist zu lang: höchstens 72 Byte. Umlaute wie ä, ö, ü und ß zählen doppelt, manche Sonderzeichen drei- oder vierfach.';
export const bookingConfirmationsLabel = 'Buchungsbestätigungen per E-Mail';
export const bookingConfirmationsHint = 'Für jede Buchung, die Sie selbst anlegen, erhalten Sie eine E-Mail.';
export const bookingConfirmationsInvalid =
  'Bitte geben Sie an, ob Sie Buchungsbestätigungen erhalten möchten (true oder false).';
export const coPlayerNoticesLabel = 'Benachrichtigungen als Mitspieler per E-Mail';
export const coPlayerNoticesHint =
  'Wenn jemand Sie als Mitspieler einträgt, die Buchung verlegt oder absagt, und wenn sich ein Mitspieler aus Ihrer Buchung austrägt.';
export const coPlayerNoticesInvalid =
  'Bitte geben Sie an, ob Sie Benachrichtigungen als Mitspieler erhalten möchten (true oder false).';
export const notificationSettingsSaved = 'Ihre Einstellung wurde gespeichert.';
export const passwordChanged =
  'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.';
