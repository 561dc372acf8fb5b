/**
 * The layout of every notice (docs/architecture/mail.md, "Notifications"): greeting, the notice's words
 * from the domain, a link into the app, why the member gets it, closing. Plain text and HTML.
 */
import {
  isMailKind,
  noticeText,
  peopleNamedIn,
  type NameOf,
  type NoticeFacts,
} from '@platzbuchung/domain/mail/notices';
import * as texts from '@platzbuchung/domain/texts';
import { escapeHtml, fullName, type RenderedMail } from './reset-mail';

export interface NoticeMail {
  readonly firstName: string;
  readonly lastName: string;
  readonly link: string;
  readonly facts: NoticeFacts;
}

/** A stored payload that no longer fits its kind; no retry can repair it. */
export class InvalidNoticeError extends Error {
  override readonly name = 'InvalidNoticeError';
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function parseNoticeMail(kind: string, payload: unknown): NoticeMail {
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const facts = record.facts as NoticeFacts | undefined;
  const problems: string[] = [];
  if (typeof record.firstName !== 'string') problems.push('firstName');
  if (typeof record.lastName !== 'string') problems.push('lastName');
  if (!isHttpUrl(record.link)) problems.push('link');
  if (!isMailKind(kind) || typeof facts !== 'object' || facts === null || facts.kind !== kind)
    problems.push('facts');
  else if (!namesPeopleById(facts)) problems.push('facts');
  if (problems.length > 0) throw new InvalidNoticeError(`invalid notice data: ${problems.join(', ')}`);
  return {
    firstName: record.firstName as string,
    lastName: record.lastName as string,
    link: record.link as string,
    facts: facts!,
  };
}

/**
 * Whether everyone the facts name is named by id, as notices store them (docs/privacy-erasure.md);
 * a row written with names instead cannot be rendered.
 */
function namesPeopleById(facts: NoticeFacts): boolean {
  try {
    return peopleNamedIn(facts).every(
      (ref) => typeof ('user_id' in ref ? ref.user_id : ref.guest_id) === 'string',
    );
  } catch {
    return false;
  }
}

/**
 * Pure: the same notice and the same names always render the same mail. Whom the notice names is
 * said by `name`, as the tables hold them when it is sent (an erased member as such).
 */
export function renderNoticeMail(mail: NoticeMail, name: NameOf): RenderedMail {
  const words = noticeText(mail.facts, name);
  const recipient = fullName(mail);
  const greeting = recipient ? `Hallo ${recipient},` : 'Hallo,';
  const closing = ['Viele Grüße', `Ihr ${texts.productName}-Team`];
  const text = [
    greeting,
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${words.linkLabel}: ${mail.link}`,
    '',
    words.why,
    '',
    ...closing,
    '',
  ].join('\n');

  const href = escapeHtml(mail.link);
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(words.subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
<p>${escapeHtml(greeting)}</p>
${words.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${href}" style="display: inline-block; padding: 0.6em 1.2em; background: #2e6b30; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(words.linkLabel)}</a></p>
<p style="color: #555555; font-size: 0.9em;">${escapeHtml(words.why)}</p>
<p>${closing.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  return { subject: words.subject, text, html };
}
