/** The words of check-in and no-shows (docs/check-in.md): refusals, buttons and notices. */
import { formatDateDe } from '../dates';
import type { CheckInSettings } from '../schemas';
import type { IsoDate } from '../types';

const minutes = (count: number) => (count === 1 ? '1 Minute' : `${count} Minuten`);

export const checkInTexts = {
  title: 'Check-in',
  button: 'Ich bin da',
  failed: 'Der Check-in ist nicht angekommen. Bitte versuchen Sie es noch einmal.',
  nothingOpen: ({ opens_min }: Pick<CheckInSettings, 'opens_min'>) =>
    `Einchecken können Sie ab ${minutes(opens_min)} vor Beginn Ihrer Reservierung.`,
  pinHint: 'Für den Aushang im Clubhaus legen Sie unter „Konto“ eine 4-stellige PIN fest.',
  checkedIn: 'Eingecheckt',
  notRequired: 'Ihr Verein verlangt keinen Check-in.',
  notYours: 'Einchecken können nur, wer reserviert hat, und eingetragene Mitspieler.',
  outsideWindow: ({
    opens_min,
    release_after_min,
  }: Pick<CheckInSettings, 'opens_min' | 'release_after_min'>) =>
    `Einchecken ist von ${minutes(opens_min)} vor bis ${minutes(release_after_min)} nach Beginn möglich.`,
  notDue: 'Diese Stunde ist noch nicht freizugeben.',
  over: 'Diese Stunde ist schon vorbei.',
  bookedOnTheSpot: 'Diese Stunde wurde erst kurz vor Beginn reserviert; wer so reserviert, ist da.',
  alreadyCheckedIn: 'Für diese Stunde hat schon jemand eingecheckt.',
  notOnThatDay: 'Diese Reservierung findet an dem Tag nicht statt.',
  labelled: 'Reservierungen des Vereins mit Bezeichnung werden nicht freigegeben.',
  pinInvalid: 'Die PIN besteht aus genau 4 Ziffern.',
  pinSaved: 'Ihre PIN ist gespeichert.',
  pinTitle: 'PIN für den Aushang',
  pinExplained:
    'Mit dieser 4-stelligen PIN checken Sie am Aushang im Clubhaus ein: Platz antippen, PIN eingeben. Der Aushang zeigt nie, wem eine PIN gehört.',
  pinLabel: 'PIN (4 Ziffern)',
  pinSubmit: 'PIN speichern',
  pinSet: 'Sie haben schon eine PIN; eine neue ersetzt sie.',
  pinUnknown: 'Zu dieser PIN gibt es jetzt keine Reservierung auf diesem Platz.',
  screenButton: 'Einchecken',
  screenChooseCourt: 'Auf welchem Platz spielen Sie?',
  screenPin: 'PIN eingeben',
  screenCancel: 'Abbrechen',
  screenCheckedIn: (court: string) => `Eingecheckt auf ${court}. Viel Spaß!`,
  paused: (lastDay: IsoDate) =>
    `Wegen nicht wahrgenommener Buchungen können Sie bis einschließlich ${formatDateDe(lastDay)} nicht selbst buchen.`,
  noShowNotFound: 'Dieses Versäumnis gibt es nicht (mehr).',
  noShowsTitle: 'Versäumnisse',
  noShowsIntro:
    'Reservierungen, für die niemand eingecheckt hat und die darum freigegeben wurden. Sie zählen, bis sie älter sind als der Zeitraum des Check-ins, oder bis Sie sie erlassen.',
  noShowCount: (count: number) => (count === 1 ? '1 Versäumnis' : `${count} Versäumnisse`),
  forgive: 'Erlassen',
  cardTitle: 'Check-in',
  cardIntro:
    'Mitglieder checken vor Beginn ein, in der App oder am Aushang mit ihrer PIN. Wer nicht eincheckt, gibt die Stunde frei; wiederholtes Fernbleiben pausiert die eigenen Buchungen.',
  settingsLoading: 'Check-in wird geladen …',
  settingLabels: {
    required: 'Check-in verlangen',
    opens_min: 'Öffnet (Minuten vor Beginn)',
    release_after_min: 'Freigabe (Minuten nach Beginn)',
    strikes: 'Versäumnisse bis zur Pause',
    strike_days: 'Zeitraum (Tage)',
    pause_days: 'Pause (Tage)',
  },
  /** The event log's titles. */
  label: {
    checkedIn: 'Mitglied eingecheckt',
    released: 'Termin freigegeben',
    forgiven: 'Versäumnis erlassen',
  },
} as const;

/**
 * The check-in rules as sentences for the members' Platzordnung page; none while the club does not
 * ask for check-in.
 */
export function describeCheckIn(settings: CheckInSettings): string[] {
  if (!settings.required) return [];
  const { opens_min, release_after_min, strikes, strike_days, pause_days } = settings;
  return [
    `Bitte checken Sie ein, wenn Sie da sind: in der App mit „${checkInTexts.button}“ oder am Aushang im Clubhaus mit Ihrer PIN, ab ${minutes(opens_min)} vor Beginn.`,
    `Hat ${minutes(release_after_min)} nach Beginn niemand eingecheckt, wird der Platz freigegeben und kann von allen gebucht werden.`,
    `Wer ${strikes === 1 ? 'einmal' : `${strikes}-mal`} innerhalb von ${strike_days} Tagen nicht erscheint, kann ${pause_days === 1 ? '1 Tag' : `${pause_days} Tage`} lang nicht selbst buchen.`,
  ];
}
