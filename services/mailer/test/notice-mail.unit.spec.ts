import { describe, expect, it } from 'vitest';
import { mailKinds, mailKindLabels, type NameOf, type NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { readMailCliDatabaseUrl, readMailerConfig } from '../src/config';
import { defaultQueueName } from '../src/mail-queue';
import { InvalidNoticeError, parseNoticeMail, renderNoticeMail } from '../src/notice-mail';

const slot = { court: '2', date: '2026-12-01', start: 18, end: 19 };
const club = 'TC Grün-Weiß <Arnsberg>';
const examples: NoticeFacts[] = [
  { kind: 'booking-cancelled', clubName: club, slot, scope: 'booking' },
  { kind: 'booking-cancelled', clubName: club, slot, scope: 'occurrence', reason: 'Turnier' },
  { kind: 'booking-moved', clubName: club, before: slot, after: { ...slot, court: '3', start: 19, end: 20 } },
  { kind: 'booking-confirmed', clubName: club, slot: { ...slot, recurring: true } },
  { kind: 'membership-approved', clubName: club },
];

/** The tables when the mail is sent: one member, and ids nobody has any more (erased). */
const name: NameOf = (ref) =>
  'guest_id' in ref
    ? { guest_name: 'Gerda Gast' }
    : ref.user_id === JOERG
      ? { user_id: JOERG, first_name: 'Jörg', last_name: 'Weiß' }
      : { user_id: ref.user_id, first_name: null, last_name: null };
const JOERG = '0b9f3c1e-8a4d-4e2b-9c7f-1d2e3f4a5b6c';
const ERASED = '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e';

const render = (facts: NoticeFacts) =>
  renderNoticeMail({ firstName: 'Steffi', lastName: 'Graf', link: 'https://platz.example/', facts }, name);

describe('notice mails', () => {
  it.each(examples.map((facts) => [facts.kind, facts] as const))(
    '%s: German, with the club, a link into the app and why the member gets it, in text and HTML',
    (_, facts) => {
      const mail = render(facts);
      expect(mail.subject).toContain(club);
      expect(mail.text.startsWith('Hallo Steffi Graf,\n')).toBe(true);
      expect(mail.text).toContain('https://platz.example/');
      expect(mail.text).toMatch(/Sie erhalten diese E-Mail, weil/);
      expect(mail.text).toContain('Viele Grüße');
      expect(mail.html).toContain('<html lang="de">');
      expect(mail.html).toContain('href="https://platz.example/"');
      expect(mail.html).toContain('TC Grün-Weiß &#60;Arnsberg&#62;');
      expect(mail.html).not.toContain('<Arnsberg>');
    },
  );

  it('names the slot the German way, and the reason of a court block', () => {
    const mail = render(examples[1]!);
    expect(mail.subject).toBe(`Platz gesperrt: Ihre Buchung bei ${club} entfällt`);
    expect(mail.text).toContain(
      'Dieser Termin Ihrer Serie findet nicht statt: Platz 2, Di., 01.12.2026, 18-19 Uhr.',
    );
    expect(mail.text).toContain('Grund: Turnier');
    expect(render(examples[3]!).text).toContain('(wöchentliche Serie)');
    expect(render(examples[2]!).text).toContain('Jetzt: Platz 3, Di., 01.12.2026, 19-20 Uhr');
  });

  it('names whom a co-player notice names as they are when it is sent: a member gone as "Gelöschtes Mitglied"', () => {
    const facts = { clubName: club, slot, players: [{ user_id: JOERG }, { guest_id: ERASED, fee_cents: 0 }] };
    const changed = render({ kind: 'co-player-players-changed', ...facts, booker: ERASED });
    expect(changed.text).toContain('Die Buchung von Gelöschtes Mitglied, in der Sie mitspielen');
    expect(changed.text).toContain(
      'Es spielen jetzt: Gelöschtes Mitglied mit Jörg Weiß und Gerda Gast (Gast).',
    );
    expect(render({ kind: 'co-player-left', clubName: club, slot, player: JOERG }).subject).toBe(
      `Jörg Weiß spielt nicht mehr mit (${club})`,
    );
  });

  it('every kind has a German label', () => {
    for (const kind of mailKinds) expect(mailKindLabels[kind]).toMatch(/\p{L}/u);
  });

  it('refuses a stored payload that does not fit its kind', () => {
    expect(() =>
      parseNoticeMail('booking-moved', { firstName: 'A', lastName: 'B', link: 'x', facts: {} }),
    ).toThrow(InvalidNoticeError);
    expect(() =>
      parseNoticeMail('booking-moved', {
        firstName: 'A',
        lastName: 'B',
        link: 'http://a/',
        facts: examples[0],
      }),
    ).toThrow('facts');
    // A notice must name people by id: one that carries a name instead is refused.
    const byName = { kind: 'co-player-named', clubName: club, slot, bookerName: 'Jörg Weiß' };
    expect(() =>
      parseNoticeMail('co-player-named', { firstName: 'A', lastName: 'B', link: 'http://a/', facts: byName }),
    ).toThrow('facts');
  });
});

describe('the queue name of a deployment', () => {
  it('is MAIL_QUEUE, else derived from the database name', () => {
    expect(defaultQueueName('postgres://u:p@db:5432/platzbuchung')).toBe('mail-platzbuchung');
    expect(defaultQueueName('postgres://u:p@db:5432/tc%3Aprod')).toBe('mail-tc_prod');
    expect(
      defaultQueueName('postgres://u:p@db1:5432,db2:5432/platzbuchung?target_session_attrs=read-write'),
    ).toBe('mail-platzbuchung');
    expect(defaultQueueName(undefined)).toBe('mail');
    expect(readMailerConfig({ DATABASE_URL: 'postgres://db/club_a' }).queueName).toBe('mail-club_a');
    expect(readMailerConfig({ DATABASE_URL: 'postgres://db/club_a', MAIL_QUEUE: 'eigene' }).queueName).toBe(
      'eigene',
    );
  });
});

describe('where npm run mail looks', () => {
  it('is DATABASE_URL, else the embedded PostgreSQL of npm start', () => {
    expect(readMailCliDatabaseUrl({ DATABASE_URL: 'postgres://db/club_a' })).toBe('postgres://db/club_a');
    expect(readMailCliDatabaseUrl({})).toBe('postgres://postgres:postgres@127.0.0.1:54329/platzbuchung');
    expect(readMailCliDatabaseUrl({ EMBEDDED_PG_PORT: '5555' })).toBe(
      'postgres://postgres:postgres@127.0.0.1:5555/platzbuchung',
    );
  });

  it('reads LOG_LEVEL for the mailer process, info by default', () => {
    expect(readMailerConfig({}).logLevel).toBe('info');
    expect(readMailerConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });
});
