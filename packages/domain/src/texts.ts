/**
 * Every German text that more than one place shows. The original client's texts are exact; do not re-type them
 * elsewhere, import them from here.
 */
export const texts = {
  productName: 'Platzbuchung',
  tagline: 'Kostenlose Tennisplatzreservierung',
  startupSplash: 'Daten werden geladen...',
  reservationsSplash: 'Reservierungen werden geladen',
  clubNotFound: 'Verein nicht gefunden!',
  noActiveReservations: 'Sie haben keine aktiven Reservierungen.',
  myReservations: 'Meine Reservierungen',
  registeredPlayers: 'Registrierte Spieler',
  loadingUsers: 'Loading users...',
  loading: 'Loading...',
  notFound: 'Not found',
  today: 'Heute',
  recurringMarker: '(wiederkehrend)',
  logout: 'Abmelden',
  forgotPasswordLink: 'Passwort vergeßen?',
  submitSignup: 'Registrieren',
  submitClub: 'Verein Registrieren',
  submitLogin: 'Anmelden',
  submitResetPassword: 'Passwort zurücksetzen',
  selectPlaceholder: 'Auswählen',
  requiredField: 'This is a required field',
  missingResetToken:
    'Token not found! Please visit this page through link sent to your in email or request a new token.',
  pastReservation: 'Eine Reservierung in der Vergangenheit ist nicht möglich!',
  limitReached: (limit: number): string =>
    `Sie haben die maximal zulässige Anzahl an Reservierungen (${limit}) erreicht!`,
  passwordStrength: (level: 'low' | 'medium' | 'high'): string => `Strength: ${level}`,

  // Server answers the original client has no text for.
  clubCreated: 'Der Verein wurde registriert. Sie können sich jetzt anmelden.',
  signedUp: 'Die Registrierung war erfolgreich. Sie können sich jetzt anmelden.',
  loggedOut: 'Sie wurden abgemeldet.',
  emailTaken: 'Diese E-Mail-Adresse ist bereits registriert.',
  clubUnknown: 'Diesen Verein gibt es nicht.',
  clubNameTaken:
    'Es gibt bereits einen Verein mit diesem oder einem zum Verwechseln ähnlichen Namen. Bitte wählen Sie einen anderen Namen.',
  wrongCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  notLoggedIn: 'Bitte melden Sie sich an.',
  forbidden: 'Dafür fehlt Ihnen die Berechtigung.',
  tooManyRequests: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  unsupportedMediaType: 'Die Anfrage muss als JSON (application/json) gesendet werden.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  requestTimedOut:
    'Die Anfrage ist nicht rechtzeitig vollständig angekommen. Bitte versuchen Sie es noch einmal.',
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß.',
  malformedRequest: 'Die Anfrage ist keine gültige HTTP-Anfrage.',
  tooDeeplyNested: 'Die Anfrage ist zu tief verschachtelt.',
  controlCharacters: 'Die Anfrage enthält unzulässige Steuerzeichen.',
  clubIdMismatch: 'Der Verein in der Adresse und im Inhalt der Anfrage stimmen nicht überein.',
  foreignOrigin: 'Anfragen von dieser Herkunft sind nicht erlaubt.',
  apiNotFound: 'Diese Adresse gibt es nicht.',
  internalError: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  unknownField: (field: string): string => `Das Feld „${field}“ ist nicht vorgesehen.`,
  invalidValue: 'Ungültiger Wert.',
  resetLinkSent:
    'Falls für diese E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt. Der Link ist eine Stunde lang gültig. Bitte sehen Sie auch in Ihrem Spam- bzw. Junk-Ordner nach.',
  resetTokenInvalid: 'Der Link zum Zurücksetzen ist ungültig. Bitte fordern Sie einen neuen an.',
  resetTokenExpired:
    'Der Link zum Zurücksetzen ist abgelaufen, er gilt nur eine Stunde. Bitte fordern Sie einen neuen an.',
  resetTokenUsed:
    'Dieser Link zum Zurücksetzen wurde bereits verwendet. Bitte fordern Sie bei Bedarf einen neuen an.',
  passwordTooLong:
    'Das Passwort ist zu lang: höchstens 72 Byte. Umlaute wie ä, ö, ü und ß zählen doppelt, manche Sonderzeichen drei- oder vierfach.',
  bookingConfirmationsLabel: 'Buchungsbestätigungen per E-Mail',
  bookingConfirmationsHint: 'Für jede Buchung, die Sie selbst anlegen, erhalten Sie eine E-Mail.',
  bookingConfirmationsInvalid:
    'Bitte geben Sie an, ob Sie Buchungsbestätigungen erhalten möchten (true oder false).',
  coPlayerNoticesLabel: 'Benachrichtigungen als Mitspieler per E-Mail',
  coPlayerNoticesHint:
    'Wenn jemand Sie als Mitspieler einträgt, die Buchung verlegt oder absagt, und wenn sich ein Mitspieler aus Ihrer Buchung austrägt.',
  coPlayerNoticesInvalid:
    'Bitte geben Sie an, ob Sie Benachrichtigungen als Mitspieler erhalten möchten (true oder false).',
  notificationSettingsSaved: 'Ihre Einstellung wurde gespeichert.',
  passwordChanged: 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
} as const;
