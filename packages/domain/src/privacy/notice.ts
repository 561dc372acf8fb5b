/**
 * The privacy notice (Datenschutzerklärung) at /datenschutz: what this product stores, why, for how
 * long, who sees it and which rights a member has (DSGVO Art. 13). The operator comes from the
 * configuration (the Impressum's name and address), the periods from the constants the API works
 * with (`PrivacyFacts`); everything else describes what the code does (docs/privacy.md), so a change
 * to what is stored changes this text in the same commit.
 */
import { accountTexts } from '../account/texts';
import { OPERATOR_NOT_CONFIGURED, type ImpressumConfig, type PrivacyFacts } from './facts';

export interface NoticeSection {
  title: string;
  paragraphs: readonly string[];
  /** A list after the paragraphs: one entry per kind of data, right, … */
  items?: readonly { term: string; text: string }[];
}

/** Failed tries counted against guessing passwords and mass sign-ups are forgotten after this. */
const RATE_LIMIT_MINUTES = 15;
/** How long a browser keeps the note that it logged into an account before (http/known-devices). */
const KNOWN_DEVICE_DAYS = 180;

/** "Name, Anschrift, E-Mail: …": the operator as the notice names them. */
function operatorContact(operator: ImpressumConfig): string {
  const parts = [operator.name || OPERATOR_NOT_CONFIGURED];
  if (operator.address) parts.push(operator.address);
  if (operator.email) parts.push(`E-Mail: ${operator.email}`);
  return parts.join(', ');
}

export function privacyNotice(operator: ImpressumConfig, facts: PrivacyFacts): NoticeSection[] {
  const contact = operatorContact(operator);
  return [
    {
      title: 'Wer ist verantwortlich?',
      paragraphs: [
        `Verantwortlich für die Verarbeitung Ihrer Daten in Platzbuchung ist: ${contact}.`,
        'Platzbuchung ist ein kostenloser Dienst, mit dem Mitglieder von Tennisvereinen Plätze reservieren und Vereine ihre Plätze verwalten. Es gibt keine Werbung, kein Tracking und keine Inhalte oder Cookies von Dritten.',
        'Die Einwilligung bei der Registrierung nennt den „Entwickler dieser App“: Das ist der Betreiber, oben genannt. Die „Mitarbeiter Ihres Vereins“ sind dessen Administratoren in Platzbuchung.',
      ],
    },
    {
      title: 'Welche Daten wir speichern',
      paragraphs: ['Wir speichern nur, was die Platzbuchung braucht:'],
      items: [
        {
          term: 'Ihr Konto',
          text: 'Vorname, Nachname, E-Mail-Adresse und ob Sie sie über den zugeschickten Link bestätigt haben (wenn Sie die Adresse ändern, auch die neue Adresse, bis Sie sie bestätigen), der Zeitpunkt Ihrer Registrierung, ob Sie Buchungsbestätigungen per E-Mail wünschen, und Ihr Passwort – nur als bcrypt-Hash, nie im Klartext.',
        },
        {
          term: 'Ihre Mitgliedschaft',
          text: 'Ihr Verein, Ihre Rolle (Spieler oder Administrator) und Ihr Status (aktiv, wartet auf Freigabe, inaktiv).',
        },
        {
          term: 'Ihre Buchungen und jede Änderung daran',
          text: 'Platz, Tag, Uhrzeit, ob es eine wöchentliche Serie ist, und eine Bezeichnung, falls der Verein eine vergibt. Jede Änderung (angelegt, verlegt, abgesagt) steht mit Zeitpunkt und der Kennung der Person, die sie vorgenommen hat, im Ereignisprotokoll; ebenso Änderungen Ihrer Rolle und Ihres Status. Das Protokoll wird nur ergänzt, nie nachträglich verändert.',
        },
        {
          term: 'Mitspieler und Gäste',
          text: 'Trägt ein Mitglied Sie als Mitspieler in seine Reservierung ein, steht Ihre Nutzerkennung bei dieser Reservierung und im Ereignisprotokoll; Sie erfahren es per E-Mail (in „Mein Konto“ abschaltbar) und können sich selbst wieder austragen. Tragen Sie einen Gast ein, speichern wir den Namen, den Sie angeben, und die Gastgebühr bei dieser Reservierung, nie im Ereignisprotokoll. Einen Gast benachrichtigen wir nicht.',
        },
        {
          term: 'Ihre Wartelisten',
          text: 'Setzen Sie sich auf die Warteliste einer belegten Stunde, speichern wir Platz, Tag, Stunde und wann Sie sich eingetragen haben, bis Sie sich austragen oder die Stunde vorbei ist; das Ereignisprotokoll hält Ein- und Austragen fest. Wird die Stunde frei, schicken wir Ihnen eine E-Mail.',
        },
        {
          term: 'Ihre Anmeldungen',
          text: `Solange Sie angemeldet sind, hält Ihr Browser das Cookie „pb.sid“ mit einer zufälligen Kennung; bei uns steht dazu, zu welchem Konto sie gehört und wann Sie sich angemeldet haben. Eine Anmeldung endet beim Abmelden, nach ${facts.sessionIdleDays} Tagen ohne Nutzung, spätestens nach ${facts.sessionLifetimeDays} Tagen, und wenn Sie Ihr Passwort ändern (dann auf allen anderen Geräten).`,
        },
        {
          term: 'Bekannte Geräte',
          text: `Nach einer Anmeldung merkt sich Ihr Browser im Cookie „pb_devices“ für ${KNOWN_DEVICE_DAYS} Tage Ihre Nutzerkennung und eine zufällige Gerätekennung. So zählen Fehlversuche Fremder nicht gegen die Geräte, die Sie selbst benutzen, und sperren Sie nicht aus.`,
        },
        {
          term: 'Ihr Kalenderlink',
          text: 'Ob Sie einen Kalenderlink haben und seit wann. Den geheimen Teil des Links speichern wir nicht, nur einen Hash davon und den Zufallswert, aus dem er gebildet wird.',
        },
        {
          term: 'Push-Benachrichtigungen',
          text: 'Lassen Sie sich auf einem Gerät benachrichtigen, speichern wir die Adresse, die der Push-Dienst Ihres Browsers (etwa von Google, Mozilla oder Apple) dafür vergibt, die Schlüssel, mit denen wir die Nachrichten für dieses Gerät verschlüsseln, welche Benachrichtigungen Sie dort möchten und seit wann. Der Push-Dienst leitet die Nachrichten weiter, kann sie aber nicht lesen. Die Angaben löschen wir, wenn Sie „Nicht mehr benachrichtigen“ wählen, wenn der Push-Dienst meldet, dass es das Abonnement nicht mehr gibt, oder mit Ihrem Konto.',
        },
        {
          term: 'Ihr SEPA-Lastschriftmandat',
          text: 'Erteilen Sie Ihrem Verein ein Lastschriftmandat, speichern wir den Kontoinhaber, Ihre IBAN, die Mandatsreferenz, das Datum und den Mandatstext, dem Sie zugestimmt haben. Ihre IBAN steht nur dort und, wenn Ihr Verein davon einzieht, bei diesem Einzug, nie im Ereignisprotokoll oder in Server-Protokollen; Bildschirme zeigen nur ihre letzten vier Zeichen, ganz steht sie nur in Ihrem Datenexport und in der Lastschriftdatei, die Ihr Verein seiner Bank gibt. Widerrufen Sie ein Mandat, von dem noch nichts eingezogen wurde, löschen wir es sofort; eines, von dem eingezogen wurde, bewahren wir 14 Monate nach dem letzten Einzug auf, weil Ihre Bank den Verein so lange nach dem Mandat fragen kann. Mit Ihrem Konto löschen wir es immer, ebenso Ihre IBAN bei den Einzügen.',
        },
        {
          term: 'E-Mails an Sie',
          text: `Links zum Bestätigen Ihrer Adresse und zum Zurücksetzen des Passworts, Buchungsbestätigungen (wenn Sie sie eingeschaltet haben), Nachrichten über Buchungen, die Ihr Verein abgesagt oder verlegt hat, und die Freigabe Ihrer Mitgliedschaft: Empfänger, Art, die Angaben für den Text und der Versandstatus. Nachrichten an eine Adresse, die noch nicht bestätigt ist, halten wir zurück, bis Sie sie bestätigen, höchstens 7 Tage. Was eine E-Mail sagte (ihren Text und Ihren Namen darin), löschen wir ${facts.mailBodyDays} Tage nach dem Versand; die übrigen Angaben versendeter E-Mails nach ${facts.sentMailDays} Tagen. Den Link zum Zurücksetzen entfernen wir schon beim Versand. Von Links zum Bestätigen und Zurücksetzen speichern wir nur einen Hash; sie werden nach Ablauf gelöscht. Damit niemand Ihr Postfach überflutet, zählen wir Nachrichten je Adresse und Tag (nur als Hash der Adresse, nach zwei Tagen gelöscht).`,
        },
        {
          term: 'Schutz vor Missbrauch',
          text: `Zähler für Anmeldeversuche, Registrierungen und Anfragen zum Zurücksetzen des Passworts, je E-Mail-Adresse, Konto und IP-Adresse. Die Schlüssel speichern wir nur als Hash (SHA-256), nie die Adresse selbst; ein Zähler verfällt nach ${RATE_LIMIT_MINUTES} Minuten.`,
        },
        {
          term: 'Server-Protokolle',
          text: 'Für jede Anfrage: Zeitpunkt, Methode und Pfad der Adresse (ohne den geheimen Teil von Kalenderlinks), Antwortstatus und Dauer; bei Änderungen auch Ihre Nutzerkennung. IP-Adressen, Passwörter und E-Mail-Adressen stehen nicht darin. Der Betreiber bewahrt die Protokolle nur so lange auf, wie es für einen sicheren Betrieb nötig ist.',
        },
      ],
    },
    {
      title: 'Wozu und auf welcher Rechtsgrundlage',
      paragraphs: [
        'Wir verarbeiten Ihre Daten, um die Platzbuchung Ihres Vereins zu betreiben: Ihr Konto, Ihre Buchungen, die Nachrichten dazu und die Verwaltung durch Ihren Verein. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Erfüllung des Nutzungsverhältnisses).',
        'Die Zähler gegen Missbrauch und die Server-Protokolle dienen der Sicherheit des Dienstes; Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren Betrieb (Art. 6 Abs. 1 lit. f DSGVO).',
      ],
    },
    {
      title: 'Wer Ihre Daten sieht',
      paragraphs: [
        'Die aktiven Mitglieder Ihres Vereins sehen Ihren Namen und Ihre Buchungen im Platzplan, auch die Namen der Mitspieler und Gäste darin, nie Ihre E-Mail-Adresse. Wer auf einer Warteliste steht, sehen die anderen Mitglieder nicht. Die Administratoren Ihres Vereins sehen zusätzlich Ihre E-Mail-Adresse, Ihre Rolle, Ihren Status, die Gästeliste und das Ereignisprotokoll des Vereins. Andere Vereine sehen nichts von Ihnen.',
        'Richtet Ihr Verein einen Aushang ein (einen Bildschirm im Vereinsheim mit den heutigen Plätzen), zeigt er ohne Anmeldung, wer heute wann spielt: je nach Einstellung des Vereins ohne Namen, mit Initialen oder mit vollen Namen. Ihn sieht jeder, der vor dem Bildschirm steht oder seinen Link kennt.',
        'E-Mails an Sie gehen über den Mailserver, den der Betreiber dafür nutzt. Darüber hinaus geben wir Ihre Daten an niemanden weiter.',
      ],
    },
    {
      title: 'Wie lange wir Ihre Daten speichern',
      paragraphs: [
        'Ihr Konto, Ihre Mitgliedschaft und Ihre Buchungen mit ihrem Verlauf speichern wir, solange Ihr Konto besteht. Für Anmeldungen, E-Mails, Zähler und Links zum Zurücksetzen gelten die oben genannten Fristen.',
      ],
    },
    {
      title: 'Ihre Rechte',
      paragraphs: ['Sie haben das Recht auf:'],
      items: [
        {
          term: 'Auskunft und Datenübertragbarkeit (Art. 15, 20 DSGVO)',
          text: `In „Mein Konto“ laden Sie mit „${accountTexts.exportButton}“ alles, was wir über Sie gespeichert haben, als eine JSON-Datei herunter.`,
        },
        {
          term: 'Berichtigung (Art. 16 DSGVO)',
          text: `Ihren Namen und Ihre E-Mail-Adresse ändern Sie in „Mein Konto“ selbst. Eine neue Adresse gilt unter „${accountTexts.emailChangeTitle}“ erst, wenn Sie den Link öffnen, den wir an sie schicken; Ihre bisherige Adresse erfährt davon. Für andere Angaben schreiben Sie uns.`,
        },
        {
          term: 'Löschung (Art. 17 DSGVO)',
          text: `In „Mein Konto“ löschen Sie Ihr Konto selbst: Ihre kommenden Buchungen werden abgesagt, Ihr Name und Ihre E-Mail-Adresse verschwinden aus allen Tabellen; im Ereignisprotokoll steht danach nur noch „Gelöschtes Mitglied“. Ist Ihre Mitgliedschaft inaktiv, kann auch Ihr Verein Ihr Konto löschen.`,
        },
        {
          term: 'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
          text: 'Sie können verlangen, dass wir Ihre Daten nur noch eingeschränkt verarbeiten.',
        },
        {
          term: 'Widerspruch (Art. 21 DSGVO)',
          text: 'Der Verarbeitung aus berechtigtem Interesse können Sie aus Gründen Ihrer besonderen Situation widersprechen.',
        },
        {
          term: 'Beschwerde (Art. 77 DSGVO)',
          text: 'Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren, etwa bei der Ihres Bundeslandes oder der am Sitz des Betreibers.',
        },
      ],
    },
    {
      title: 'Kontakt',
      paragraphs: [`Fragen zum Datenschutz und Anliegen zu Ihren Rechten richten Sie bitte an: ${contact}.`],
    },
  ];
}
