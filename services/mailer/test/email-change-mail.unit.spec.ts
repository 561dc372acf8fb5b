/** The mails of an address change: German, with their link, in text and HTML; bad rows refused. */
import { describe, expect, it } from 'vitest';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import type { NameOf } from '@platzbuchung/domain/mail/notices';
import { renderOutboxRow } from '../src/processor';
import type { OutboxRow } from '@platzbuchung/outbox/outbox';

function row(kind: OutboxRow['kind'], payload: Record<string, unknown>): OutboxRow {
  return {
    id: '3f0c9f4e-1d2b-4c5a-9e8f-7a6b5c4d3e2f',
    kind,
    club_id: null,
    user_id: null,
    to_address: 'steffi@example.de',
    to_name: 'Steffi Graf',
    payload,
    status: 'waiting',
    attempts: 0,
    last_error: null,
    created_at: new Date(),
    relayed_at: null,
    sent_at: null,
    failed_at: null,
    message_id: null,
  };
}

const names = { firstName: 'Steffi', lastName: 'Graf <b>' };
/** Account mails name nobody but their recipient. */
const nobody: NameOf = () => {
  throw new Error('an account mail names nobody');
};
const confirmUrl = 'https://platz.example/confirm-email?token=abc&x=1';
const profile = 'https://platz.example/profile';

describe('address change mails', () => {
  it('the link to the new address: what it does, the link, how long it holds, what if it was not you', () => {
    const { rendered } = renderOutboxRow(row('email-change', { ...names, confirmUrl }), nobody);
    expect(rendered.subject).toBe(emailChangeTexts.linkSubject);
    expect(rendered.text).toContain('Hallo Steffi Graf <b>,');
    for (const line of [emailChangeTexts.linkIntro, confirmUrl, emailChangeTexts.linkIgnore]) {
      expect(rendered.text).toContain(line);
    }
    expect(rendered.html).toContain('href="https://platz.example/confirm-email?token=abc&#38;x=1"');
    expect(rendered.html).toContain('Graf &#60;b&#62;');
  });

  it("to a new address that is another account's: what happened and that nothing changed, no link, no name", () => {
    const taken = row('email-change', { addressTaken: true });
    const { rendered, toName } = renderOutboxRow({ ...taken, to_name: '' }, nobody);
    expect(rendered.subject).toBe(emailChangeTexts.takenSubject);
    expect(rendered.text.startsWith('Hallo,\n\n')).toBe(true);
    for (const line of [emailChangeTexts.takenIntro, emailChangeTexts.takenNothingToDo]) {
      expect(rendered.text).toContain(line);
    }
    expect(toName).toBe('');
    for (const body of [rendered.text, rendered.html]) expect(body).not.toMatch(/https?:|<a /);
    expect(rendered.html).toContain('<html lang="de">');
  });

  it('the notices to the old address say what happened and what to do if it was not the owner', () => {
    const requested = renderOutboxRow(
      row('email-change-requested', { ...names, link: profile }),
      nobody,
    ).rendered;
    expect(requested.subject).toBe(emailChangeTexts.requestedSubject);
    expect(requested.text).toContain(emailChangeTexts.requestedNotYou);
    expect(requested.text).toContain(profile);
    const done = renderOutboxRow(row('email-changed', { ...names, link: profile }), nobody).rendered;
    expect(done.subject).toBe(emailChangeTexts.doneSubject);
    expect(done.text).toContain(emailChangeTexts.doneNotYou);
    expect(done.html).toContain('<html lang="de">');
  });

  it('refuses a row without its link for good', () => {
    expect(() => renderOutboxRow(row('email-change', names), nobody)).toThrow(
      /invalid e-mail change mail data/,
    );
    expect(() =>
      renderOutboxRow(row('email-changed', { ...names, link: 'javascript:alert(1)' }), nobody),
    ).toThrow(/invalid e-mail change mail data/);
  });
});
