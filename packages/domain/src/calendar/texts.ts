/**
 * German texts of the personal calendar feed: what a member's calendar app shows of a booking, and
 * the account panel's words for subscribing (docs/architecture/calendar-feed.md).
 */
export const calendarTexts = {
  /** The calendar's name in the member's app. */
  feedName: (clubName: string): string => `Tennis – ${clubName}`,
  /** "Tennis Platz 3 – TC Grün-Weiß", and "(mit Steffi Graf)" where the member is a co-player. */
  summary: (courtNum: string, clubName: string, bookedBy?: string): string =>
    `Tennis Platz ${courtNum} – ${clubName}${bookedBy ? ` (mit ${bookedBy})` : ''}`,
  /** An admin's label ("Training") and, for a co-player, who booked go into the description. */
  description: (label: string | null | undefined, bookedBy?: string): string | null =>
    [label, bookedBy ? `Sie sind Mitspieler in der Buchung von ${bookedBy}.` : null]
      .filter(Boolean)
      .join('\n') || null,
  feedNotFound: 'Diesen Kalender gibt es nicht.',

  panelTitle: 'Kalender abonnieren',
  panelIntro:
    'Mit diesem Link zeigt Ihre Kalender-App (z. B. Google Kalender, Apple Kalender, Outlook) Ihre Reservierungen an und hält sie aktuell. Wer den Link kennt, sieht Ihre Reservierungen: Geben Sie ihn nicht weiter.',
  linkLabel: 'Ihr Kalender-Link',
  loading: 'Kalender-Link wird geladen …',
  copy: 'Link kopieren',
  /** Opens the link in the phone's or computer's calendar app, which offers to subscribe. */
  subscribe: 'Im Kalender abonnieren',
  copied: 'Link kopiert',
  copyFailed: 'Der Link ist markiert: Kopieren Sie ihn mit Strg+C (bzw. ⌘+C).',
  renew: 'Neuen Link erzeugen',
  renewQuestion:
    'Einen neuen Link erzeugen? Der bisherige Link funktioniert danach nicht mehr: Kalender, die ihn abonniert haben, erhalten keine Reservierungen mehr.',
  renewConfirm: 'Ja, neuen Link erzeugen',
  renewCancel: 'Abbrechen',
  renewed: 'Neuer Link erzeugt. Der bisherige Link funktioniert nicht mehr.',
} as const;

/**
 * The feed's address for "Im Kalender abonnieren": `webcal://` makes the phone or computer hand it
 * to its calendar app, which subscribes (the app fetches it over https, or http for a local setup).
 */
export const webcalAddress = (feedUrl: string): string => feedUrl.replace(/^https?:\/\//, 'webcal://');
