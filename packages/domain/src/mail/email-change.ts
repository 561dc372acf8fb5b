/**
 * The German words of changing a member's address (docs/privacy.md, "Changing the address"): the link to the
 * new address, the notices to the old one, the API's answers and the account panel's form.
 */
import * as texts from '../texts';
import { CONFIRMATION_LINK_TTL_HOURS } from './held-notices';

export const emailChangeTexts = {
  // The link to the new address.
  linkSubject: `Bitte bestätigen Sie Ihre neue E-Mail-Adresse bei ${texts.productName}`,
  linkIntro: `Sie möchten Ihr Konto bei ${texts.productName} auf diese E-Mail-Adresse umstellen. Erst wenn Sie den Link öffnen, gilt sie für die Anmeldung und für alle Nachrichten:`,
  linkButton: 'Neue E-Mail-Adresse bestätigen',
  linkValidity: `Der Link ist ${CONFIRMATION_LINK_TTL_HOURS} Stunden lang gültig.`,
  linkIgnore:
    'Falls Sie das nicht beantragt haben, ignorieren Sie diese E-Mail: Die Adresse wird dann nicht eingetragen.',
  // To the new address when it already belongs to an account: no link, nothing changes.
  takenSubject: `Ihre E-Mail-Adresse wurde bei ${texts.productName} für ein anderes Konto angegeben`,
  takenIntro: `Jemand hat soeben versucht, diese E-Mail-Adresse als neue Adresse eines anderen Kontos bei ${texts.productName} einzutragen. Da sie bereits zu einem Konto gehört, wurde nichts geändert: Ihr Konto, Ihre Anmeldung und Ihre Adresse bleiben, wie sie sind.`,
  takenNothingToDo:
    'Sie müssen nichts tun. Falls Sie das selbst waren: Eine E-Mail-Adresse kann nur zu einem Konto gehören. Melden Sie sich mit dieser Adresse an, oder wählen Sie für das andere Konto eine andere Adresse.',
  // The notices to the old address.
  requestedSubject: `Änderung Ihrer E-Mail-Adresse bei ${texts.productName} beantragt`,
  requestedIntro:
    'In Ihrem Konto wurde soeben beantragt, die E-Mail-Adresse zu ändern. Die neue Adresse gilt erst, wenn jemand den Link öffnet, den wir an sie geschickt haben; bis dahin bleibt es bei dieser.',
  requestedNotYou:
    'Falls Sie das nicht waren, kennt jemand Ihr Passwort. Ändern Sie es sofort unter „Mein Konto“ (oder über „Passwort vergessen“): Damit verfällt der Link an die neue Adresse, und jede andere Anmeldung endet.',
  doneSubject: `Ihre E-Mail-Adresse bei ${texts.productName} wurde geändert`,
  doneIntro:
    'Ihr Konto hat ab jetzt eine neue E-Mail-Adresse: Sie melden sich mit ihr an, und alle Nachrichten gehen dorthin. An diese Adresse schicken wir nichts mehr.',
  doneNotYou:
    'Falls Sie das nicht waren, wenden Sie sich bitte sofort an den Betreiber (Kontakt im Impressum) oder an einen Administrator Ihres Vereins.',
  linkLabel: 'Mein Konto öffnen',
  // The API's answers and the account panel.
  linkSent: (address: string) =>
    `Wir haben eine E-Mail an ${address} geschickt. Kann die Adresse für Ihr Konto eingetragen werden, enthält sie einen Bestätigungslink; erst wenn Sie ihn öffnen, gilt die neue Adresse. Bis dahin bleibt es bei der bisherigen.`,
  sameAddress: 'Das ist bereits Ihre E-Mail-Adresse.',
  wrongPassword: 'Das Passwort ist falsch.',
  changed: 'Ihre neue E-Mail-Adresse ist bestätigt. Sie melden sich ab jetzt mit ihr an.',
  takenMeanwhile:
    'Diese E-Mail-Adresse gehört inzwischen zu einem anderen Konto. Ihr Konto behält seine bisherige Adresse.',
  pending: (address: string) =>
    `Neue Adresse ${address}: wartet auf Bestätigung. Öffnen Sie den Link, den wir an sie geschickt haben; bis dahin gilt die bisherige.`,
  newAddressLabel: 'Neue E-Mail-Adresse',
  passwordLabel: 'Ihr Passwort',
  submit: 'E-Mail-Adresse ändern',
} as const;
