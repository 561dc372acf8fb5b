/** The words of Web Push on the member's devices (docs/architecture/push.md). */
export const pushTexts = {
  endpointInvalid:
    'Die Push-Adresse muss eine https-Adresse des Push-Dienstes sein (höchstens 2000 Zeichen).',
  endpointNotHttps: 'Die Push-Adresse muss mit https:// beginnen.',
  p256dhInvalid: 'Der Schlüssel p256dh muss ein P-256-Punkt in base64url sein (65 Bytes).',
  authInvalid: 'Der Schlüssel auth muss 16 Bytes in base64url sein.',
  keysInvalid: 'keys muss ein Objekt mit p256dh und auth sein.',
  choiceInvalid: 'Jede Auswahl ist ein Ja oder Nein (true oder false).',
  subscriptionNotFound: 'Dieses Gerät ist für Push-Benachrichtigungen nicht angemeldet.',
  subscribed: 'Dieses Gerät wird benachrichtigt.',
  choicesSaved: 'Auswahl gespeichert.',
  unsubscribed: 'Dieses Gerät wird nicht mehr benachrichtigt.',
  sectionTitle: 'Push-Benachrichtigungen',
  enable: 'Auf diesem Gerät benachrichtigen',
  disable: 'Nicht mehr benachrichtigen',
  enableHint:
    'Ihr Browser fragt, ob Platzbuchung Ihnen Mitteilungen zeigen darf. Was Sie hier wählen, gilt nur für dieses Gerät.',
  unsupported:
    'Dieser Browser kann keine Push-Benachrichtigungen empfangen (ihm fehlt ein Service Worker oder die Push-Schnittstelle).',
  permissionDenied:
    'Mitteilungen sind für Platzbuchung in diesem Browser blockiert. Erlauben Sie sie in den Einstellungen der Seite und versuchen Sie es noch einmal.',
  checking: 'Push-Benachrichtigungen werden geprüft …',
  choicesTitle: 'Als Push auf diesem Gerät:',
  choiceLabels: {
    waitlist_freed: 'Warteliste: Stunde frei',
    co_player_named: 'Als Mitspieler eingetragen',
    booking_cancelled: 'Buchung abgesagt',
    court_released: 'Platz freigegeben',
  },
} as const;
