import { describe, expect, it } from 'vitest';
import { accountTexts } from '../../src/account/texts';
import { privacyNotice } from '../../src/privacy/notice';

const facts = { sessionIdleDays: 14, sessionLifetimeDays: 30, sentMailDays: 90, mailBodyDays: 30 };
const operator = {
  name: 'TC Beispiel e. V.',
  email: 'datenschutz@tc-beispiel.de',
  address: 'Am Platz 1, 12345 Tennisdorf',
};
const wholeText = (sections: ReturnType<typeof privacyNotice>) =>
  sections
    .flatMap((s) => [s.title, ...s.paragraphs, ...(s.items ?? []).flatMap((i) => [i.term, i.text])])
    .join('\n');

describe('the privacy notice', () => {
  it('names the operator from the configuration as responsible and as the contact', () => {
    const sections = privacyNotice(operator, facts);
    expect(sections[0]!.paragraphs[0]).toContain(
      'TC Beispiel e. V., Am Platz 1, 12345 Tennisdorf, E-Mail: datenschutz@tc-beispiel.de',
    );
    expect(sections.at(-1)!.paragraphs.join(' ')).toContain('datenschutz@tc-beispiel.de');
  });

  it('says so when no operator is configured, instead of naming nobody', () => {
    expect(privacyNotice({ name: '', email: '', address: '' }, facts)[0]!.paragraphs[0]).toContain(
      'Betreiber nicht konfiguriert',
    );
  });

  it('names what this product stores, with the periods it is given', () => {
    const text = wholeText(privacyNotice(operator, facts));
    for (const stored of [
      'Vorname, Nachname, E-Mail-Adresse',
      'bcrypt-Hash',
      'Rolle',
      'Status',
      'Ereignisprotokoll',
      'pb.sid',
      'pb_devices',
      'Kalenderlink',
      'übrigen Angaben versendeter E-Mails nach 90 Tagen',
      'löschen wir 30 Tage nach dem Versand',
      'nach 14 Tagen ohne Nutzung, spätestens nach 30 Tagen',
      'Hash (SHA-256)',
      'Server-Protokolle',
    ]) {
      expect(text).toContain(stored);
    }
    expect(wholeText(privacyNotice(operator, { ...facts, mailBodyDays: 7 }))).toContain(
      'löschen wir 7 Tage nach dem Versand',
    );
  });

  it('says who the consent’s “developer of this app” is: the operator', () => {
    const responsible = privacyNotice(operator, facts)[0]!.paragraphs.join(' ');
    expect(responsible).toContain('„Entwickler dieser App“: Das ist der Betreiber');
  });

  it('names co-players, guests’ names, the Warteliste and what the clubhouse screen shows to anyone', () => {
    const text = wholeText(privacyNotice(operator, facts));
    for (const named of ['Mitspieler', 'Namen, den Sie angeben', 'Gastgebühr', 'Warteliste', 'Aushang']) {
      expect(text).toContain(named);
    }
    const seen = privacyNotice(operator, facts).find((s) => s.title === 'Wer Ihre Daten sieht')!;
    expect(seen.paragraphs.join(' ')).toMatch(/Aushang.*ohne Anmeldung.*Initialen.*vollen Namen/);
  });

  it('gives the legal basis and every right with its article', () => {
    const text = wholeText(privacyNotice(operator, facts));
    expect(text).toContain('Art. 6 Abs. 1 lit. b DSGVO');
    for (const right of ['Art. 15, 20', 'Art. 16', 'Art. 17', 'Art. 18', 'Art. 21', 'Art. 77']) {
      expect(text).toContain(right);
    }
    expect(text).toContain('Meine Daten herunterladen');
  });

  it('says that name and address are corrected in the account, the address through a link to the new one', () => {
    const rights = privacyNotice(operator, facts).find((s) => s.title === 'Ihre Rechte')!;
    const correction = rights.items!.find((i) => i.term.startsWith('Berichtigung'))!.text;
    expect(correction).toContain('Namen');
    expect(correction).toContain(`„${accountTexts.emailChangeTitle}“`);
    expect(correction).toContain('Link');
    expect(correction).not.toMatch(/für andere Angaben schreiben Sie uns/);
    // The pending new address is named among what is stored.
    expect(wholeText(privacyNotice(operator, facts))).toContain('neue Adresse, bis Sie sie bestätigen');
  });
});
