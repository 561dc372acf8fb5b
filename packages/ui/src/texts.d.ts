/**
 * German texts only the browser shows (network trouble, toggles, loading areas). Texts the original client
 * shows word for word, or that the API shares, live in `@platzbuchung/domain/texts`.
 */
export declare const uiTexts: {
  readonly networkError: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.';
  readonly schemaLoadFailed: 'Das Formular konnte nicht geladen werden.';
  readonly retry: 'Erneut versuchen';
  readonly showPassword: 'Passwort anzeigen';
  readonly show: 'Anzeigen';
  readonly hide: 'Verbergen';
  readonly requiredHint: 'Mit * markierte Felder sind Pflichtfelder.';
  readonly areaLoadFailed: 'Dieser Bereich konnte nicht geladen werden.';
  /** A remote built for another host-contract version: it is being updated, the rest works. */
  readonly areaIncompatible: 'Dieser Bereich wird gerade aktualisiert und ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.';
  readonly back: 'Zurück';
};
