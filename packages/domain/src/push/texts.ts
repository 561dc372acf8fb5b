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
} as const;
