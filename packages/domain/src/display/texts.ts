/** The clubhouse screen's German words (docs/architecture/clubhouse-screen.md). */
import { calendarTexts } from '../calendar/texts';
import type { DisplayNames } from '../schemas';

/** How each choice of `display_names` reads in the admin's card and in the log. */
export const displayNamesLabels: Record<DisplayNames, string> = {
  none: 'keine Namen',
  initials: 'Initialen (S. G.)',
  full: 'volle Namen',
};

export const displayTexts = {
  cardTitle: 'Aushang im Clubhaus',
  cardIntro:
    'Ein Bildschirm im Clubhaus zeigt den heutigen Belegungsplan, live und ohne Anmeldung. Wer den Link kennt, sieht den Plan: Geben Sie ihn nur auf dem Gerät im Clubhaus ein.',
  namesLabel: 'Namen im Aushang',
  noLink: 'Es gibt noch keinen Aushang-Link.',
  linkLabel: 'Aushang-Link',
  make: 'Aushang-Link erstellen',
  renew: 'Aushang-Link erneuern',
  renewQuestion:
    'Der bisherige Link hört sofort auf zu gelten, auch auf einem Bildschirm, der ihn gerade zeigt. Neuen Link erstellen?',
  made: 'Der Aushang-Link wurde erstellt.',
  renewed: 'Der Aushang-Link wurde erneuert; der bisherige gilt nicht mehr.',
  open: 'Aushang öffnen',
  copy: 'Link kopieren',
  copied: 'Kopiert.',
  copyFailed: calendarTexts.copyFailed,
  qrTitle: 'QR-Code des Aushang-Links',
  qrHint: 'Mit der Kamera des Geräts im Clubhaus scannen, statt den langen Link abzutippen.',
  qrLoading: 'QR-Code wird erstellt …',
  loading: 'Aushang-Link wird geladen …',
  // The screen itself
  title: (clubName: string): string => `Platzbelegung – ${clubName}`,
  free: 'frei',
  booked: 'belegt',
  blocked: 'gesperrt',
  nextFree: 'Nächste freie Stunden',
  freeFrom: (from: string, to: string): string => `${from}–${to} Uhr`,
  noneFreeToday: 'heute nichts mehr frei',
  closed: 'Heute ist Spielschluss.',
  offline: 'Verbindung unterbrochen – der Plan wird neu geladen, sobald sie wieder steht.',
  linkGone: 'Dieser Aushang-Link gilt nicht mehr. Bitte öffnen Sie den neuen Link aus der Verwaltung.',
  loadingScreen: 'Belegungsplan wird geladen …',
} as const;
