/**
 * The German words of SEPA direct debit (docs/architecture/money.md, "SEPA direct debit"): the refusals, the
 * mandate a member gives in Konto and the screens' words.
 */
import { formatEuros } from '../../cents';

/**
 * The club announces every collection this many days before it (the pre-notification the mandate
 * promises): shorter than the rulebook's 14 days, as the mandate text agrees with the member.
 */
export const SEPA_PRE_NOTIFICATION_DAYS = 5;

/** The payee of a mandate, as the club's settings name it. */
export interface MandatePayee {
  creditor_name: string;
  creditor_id: string;
}

export const sepaTexts = {
  heading: 'Lastschrift (SEPA)',
  invalidIban: 'Diese IBAN ist ungültig: bitte prüfen Sie Länderkennung, Prüfziffern und Länge.',
  notSepaIban: 'Diese IBAN ist ungültig oder gehört zu keinem Land des SEPA-Raums.',
  invalidBic: 'Diese BIC ist ungültig: sie hat 8 oder 11 Zeichen (z. B. COBADEFFXXX).',
  invalidCreditorId:
    'Diese Gläubiger-ID ist ungültig: bitte prüfen Sie sie (z. B. DE98ZZZ09999999999, bei der Bundesbank erhältlich).',
  blankCreditorName: 'Bitte geben Sie den Namen des Zahlungsempfängers an (z. B. TC Grün-Weiß e.V.).',
  loading: 'Lastschrift-Daten werden geladen …',
  creditorIntro:
    'Mit Name, IBAN des Vereinskontos und Gläubiger-ID (bei der Bundesbank erhältlich) können Mitglieder in „Mein Konto“ ein Lastschriftmandat erteilen.',
  off: 'Keine Lastschrift',
  // Not "Speichern": the card's prices have that button, and each part saves on its own.
  saveCreditor: 'Lastschrift-Daten übernehmen',
  creditorSaved: 'Lastschrift-Daten übernommen.',
  none: 'keine',
  creditorName: 'Zahlungsempfänger',
  creditorIban: 'IBAN des Vereinskontos',
  creditorBic: 'BIC (freiwillig)',
  creditorId: 'Gläubiger-ID',
  // The member's mandate in Konto
  mandateHeading: 'Lastschriftmandat',
  mandateLoading: 'Lastschriftmandat wird geladen …',
  mandateTextLabel: 'Text des SEPA-Lastschriftmandats',
  noDirectDebit: 'Ihr Verein zieht keine Lastschriften ein.',
  noMandate: 'Sie haben kein Lastschriftmandat erteilt.',
  accountHolder: 'Kontoinhaber',
  iban: 'IBAN',
  consent: 'Ich erteile dieses SEPA-Lastschriftmandat.',
  give: 'Mandat erteilen',
  revoke: 'Mandat widerrufen',
  reference: 'Mandatsreferenz',
  signedOn: 'Erteilt am',
  given: 'Ihr Lastschriftmandat ist erteilt.',
  revoked: 'Ihr Lastschriftmandat ist widerrufen.',
  mandateNotFound: 'Sie haben kein Lastschriftmandat erteilt.',
  consentRequired: 'Bitte bestätigen Sie das Lastschriftmandat.',
  accountHolderLatin:
    'Bitte schreiben Sie den Kontoinhaber in lateinischen Buchstaben, wie er bei Ihrer Bank geführt wird.',
  accountHolderInvalid: 'Bitte geben Sie den Kontoinhaber an (2 bis 70 Zeichen, ohne Steuerzeichen).',
  // The treasurer's collections and returns
  noCreditor:
    'Ihr Verein hat keine Lastschrift-Daten. Bitte tragen Sie sie unter Verein → Preise und Zahlung ein.',
  nothingToCollect:
    'Es gibt nichts einzuziehen: Kein Mitglied mit Lastschriftmandat hat einen offenen Betrag.',
  collectionTooSoon: (days: number, earliest: string): string =>
    `Der Einzug braucht ${days} Tage Vorlauf für die Vorabankündigung: frühestens am ${earliest}.`,
  collectionTooLate: 'Der Einzug darf höchstens ein Jahr in der Zukunft liegen.',
  collected: (count: number, cents: number): string =>
    `${count === 1 ? '1 Lastschrift' : `${count} Lastschriften`} über zusammen ${formatEuros(cents)} erfasst.`,
  alreadyCollected: 'Für diesen Tag gibt es schon einen Einzug; er wurde nicht wiederholt.',
  collectionNotFound: 'Diesen Einzug gibt es nicht.',
  paymentNotFound: 'Diese Lastschrift gibt es in Ihrem Verein nicht.',
  returnRecorded: 'Die Rücklastschrift wurde erfasst: Betrag und Gebühr stehen wieder offen.',
  feeInvalid: 'Die Bankgebühr muss zwischen 0,00 € und 100,00 € liegen, in ganzen Cent.',
  paymentIdInvalid: 'Bitte geben Sie die Zahlung an (payment_id).',
  /** The line on the member's account. */
  paymentText: (day: string): string => `SEPA-Lastschrift vom ${day}`,
  /** What the member reads on their bank statement. */
  remittance: (clubName: string, day: string): string => `${clubName} Platzbuchung, Einzug ${day}`,
  preNotificationSubject: (clubName: string): string =>
    `Vorabankündigung Ihrer SEPA-Lastschrift bei ${clubName}`,
  /** The pre-notification: each collection announced once, with its amount and day. */
  preNotification: (cents: number, day: string): string =>
    `Ihre Lastschrift über ${formatEuros(cents)} wird am ${day} eingezogen.`,
} as const;

/**
 * The SEPA-Lastschriftmandat a member reads before they give it: the payee with its Gläubiger-ID,
 * the authorisation of payee and bank, the eight weeks of refund and the pre-notification the club
 * promises. The mandate reference is made when the mandate is given, so the text says it follows.
 */
export function mandateText(payee: MandatePayee): string {
  const name = payee.creditor_name.trim();
  return [
    'SEPA-Lastschriftmandat',
    `Zahlungsempfänger: ${name}, Gläubiger-Identifikationsnummer: ${payee.creditor_id}. Die Mandatsreferenz wird Ihnen nach der Erteilung mitgeteilt.`,
    `Ich ermächtige ${name}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ${name} auf mein Konto gezogenen Lastschriften einzulösen.`,
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
    `Das Mandat gilt für wiederkehrende Zahlungen: Gebühren für Platzbuchungen und was sonst auf meinem Mitgliedskonto offen ist. ${name} kündigt jede Lastschrift mindestens ${SEPA_PRE_NOTIFICATION_DAYS} Tage vor dem Einzug mit Betrag und Datum per E-Mail an; auf die Frist von 14 Tagen verzichte ich insoweit.`,
  ].join('\n\n');
}
