/**
 * The mails of an address change (docs/privacy.md, "Changing the address"): the link that confirms the new
 * address (or, when that address is another account's, a note that nothing changed, with no link
 * and no name), and the two notices to the old one, when the change is asked for and once it
 * happened. Their words are the domain's; like every account mail they always go, and the link is
 * removed from the outbox row once sent.
 */
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import * as texts from '@platzbuchung/domain/texts';
import { escapeHtml, fullName, isHttpUrl, type RenderedMail } from './reset-mail';

export type EmailChangeMailKind = 'email-change' | 'email-change-requested' | 'email-changed';

/** Which words a mail says: its kind's, or those to a new address that is another account's. */
type EmailChangeWords = EmailChangeMailKind | 'address-taken';

export type EmailChangeMail =
  | {
      readonly words: EmailChangeMailKind;
      readonly firstName: string;
      readonly lastName: string;
      /** The confirmation link (to the new address) or the account panel (to the old one). */
      readonly link: string;
    }
  /** To a new address that is another account's: it names nobody, so whom it greets is nobody's. */
  | { readonly words: 'address-taken'; readonly firstName: ''; readonly lastName: '' };

/** A row whose data a retry cannot repair; the processor turns it into an UnrecoverableError. */
export class InvalidEmailChangeMailError extends Error {
  override readonly name = 'InvalidEmailChangeMailError';
}

export function isEmailChangeMailKind(kind: string): kind is EmailChangeMailKind {
  return kind === 'email-change' || kind === 'email-change-requested' || kind === 'email-changed';
}

/** The row was written by another process (and maybe another version), so it is checked again here. */
export function parseEmailChangeMail(
  kind: EmailChangeMailKind,
  payload: Record<string, unknown>,
): EmailChangeMail {
  if (kind === 'email-change' && payload.addressTaken === true) {
    return { words: 'address-taken', firstName: '', lastName: '' };
  }
  const { firstName, lastName } = payload;
  const link = kind === 'email-change' ? payload.confirmUrl : payload.link;
  if (typeof firstName !== 'string' || typeof lastName !== 'string' || !isHttpUrl(link)) {
    throw new InvalidEmailChangeMailError('invalid e-mail change mail data');
  }
  return { words: kind, firstName, lastName, link };
}

interface Words {
  subject: string;
  before: readonly string[];
  /** The link's button; null for the mail that carries no link. */
  button: string | null;
  after: readonly string[];
}

const wordsOf: Record<EmailChangeWords, Words> = {
  'email-change': {
    subject: emailChangeTexts.linkSubject,
    before: [emailChangeTexts.linkIntro],
    button: emailChangeTexts.linkButton,
    after: [emailChangeTexts.linkValidity, emailChangeTexts.linkIgnore],
  },
  'address-taken': {
    subject: emailChangeTexts.takenSubject,
    before: [emailChangeTexts.takenIntro, emailChangeTexts.takenNothingToDo],
    button: null,
    after: [],
  },
  'email-change-requested': {
    subject: emailChangeTexts.requestedSubject,
    before: [emailChangeTexts.requestedIntro, emailChangeTexts.requestedNotYou],
    button: emailChangeTexts.linkLabel,
    after: [],
  },
  'email-changed': {
    subject: emailChangeTexts.doneSubject,
    before: [emailChangeTexts.doneIntro, emailChangeTexts.doneNotYou],
    button: emailChangeTexts.linkLabel,
    after: [],
  },
};

export function renderEmailChangeMail(mail: EmailChangeMail): RenderedMail {
  const { subject, before, button, after } = wordsOf[mail.words];
  const link = 'link' in mail && button !== null ? { url: mail.link, button } : null;
  const name = fullName(mail);
  const greeting = name ? `Hallo ${name},` : 'Hallo,';
  const closing = ['Viele Grüße', `Ihr ${texts.productName}-Team`];
  const text = [greeting, ...before, ...(link ? [link.url] : []), ...after, closing.join('\n'), '']
    .join('\n\n')
    .replace(/\n+$/, '\n');
  const paragraphs = (lines: readonly string[]) =>
    lines.map((line) => `<p>${escapeHtml(line)}</p>\n`).join('');
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
<p>${escapeHtml(greeting)}</p>
${paragraphs(before)}${link ? buttonHtml(link) : ''}${paragraphs(after)}<p>${closing.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  return { subject, text, html };
}

function buttonHtml(link: { url: string; button: string }): string {
  const href = escapeHtml(link.url);
  return `<p><a href="${href}" style="display: inline-block; padding: 0.6em 1.2em; background: #2e6b30; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(link.button)}</a></p>
<p>Falls der Knopf nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:<br><a href="${href}">${href}</a></p>
`;
}
