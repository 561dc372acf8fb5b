/** The words of the page the service worker shows without a network (docs/architecture/offline.md). */
export const offlineTexts = {
  title: 'Meine Reservierungen',
  /** "Offline – Stand So., 29.11.2026, 18:04": when the list shown was read. */
  readAt: (day: string, time: string) => `Offline – Stand ${day}, ${time} Uhr`,
  explain:
    'Ihr Gerät hat gerade keine Verbindung. Hier sehen Sie Ihre Reservierungen, wie sie beim letzten Laden waren; buchen und stornieren können Sie erst wieder mit Verbindung.',
  none: 'Beim letzten Laden hatten Sie keine kommenden Reservierungen.',
  noCopy:
    'Ihr Gerät hat gerade keine Verbindung. Ihre Reservierungen stehen hier, sobald Sie „Meine Reservierungen“ oder den Platzplan einmal mit Verbindung geöffnet haben.',
  retry: 'Erneut versuchen',
} as const;
