/**
 * German texts only the browser shows (network trouble, toggles, loading areas). Texts the original client
 * shows word for word, or that the API shares, live in `@platzbuchung/domain/texts`.
 */
export const uiTexts = {
  networkError:
    'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  schemaLoadFailed: 'Das Formular konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  showPassword: 'Passwort anzeigen',
  show: 'Anzeigen',
  hide: 'Verbergen',
  requiredHint: 'Mit * markierte Felder sind Pflichtfelder.',
  areaLoadFailed: 'Dieser Bereich konnte nicht geladen werden.',
  /** A remote built for another host-contract version: it is being updated, the rest works. */
  areaIncompatible:
    'Dieser Bereich wird gerade aktualisiert und ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
  back: 'Zurück',
} as const;
