/**
 * The mail with the link that confirms a member's address (docs/architecture/mail.md, "Confirmed
 * addresses"). Its words are the domain's; like the reset mail it always goes, whether or not the
 * address is confirmed yet, and its link is removed from the outbox row once sent.
 */
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import * as texts from '@platzbuchung/domain/texts';
import { escapeHtml, fullName, isHttpUrl, type RenderedMail } from './reset-mail';

export interface ConfirmationMail {
  readonly firstName: string;
  readonly lastName: string;
  /** `PUBLIC_URL/confirm-email?token=…` */
  readonly confirmUrl: string;
}

/** A row whose data a retry cannot repair; the processor turns it into an UnrecoverableError. */
export class InvalidConfirmationMailError extends Error {
  override readonly name = 'InvalidConfirmationMailError';
}

/** The row was written by another process (and maybe another version), so it is checked again here. */
export function parseConfirmationMail(payload: Record<string, unknown>): ConfirmationMail {
  const { firstName, lastName, confirmUrl } = payload;
  if (typeof firstName !== 'string' || typeof lastName !== 'string' || !isHttpUrl(confirmUrl)) {
    throw new InvalidConfirmationMailError('invalid confirmation mail data');
  }
  return { firstName, lastName, confirmUrl };
}

export function renderConfirmationMail(mail: ConfirmationMail): RenderedMail {
  const name = fullName(mail);
  const greeting = name ? `Hallo ${name},` : 'Hallo,';
  const { mailSubject: subject, mailIntro, mailButton, mailValidity, mailIgnore } = confirmationTexts;
  const closing = ['Viele Grüße', `Ihr ${texts.productName}-Team`];
  const text = [
    greeting,
    '',
    mailIntro,
    '',
    mail.confirmUrl,
    '',
    mailValidity,
    '',
    mailIgnore,
    '',
    ...closing,
    '',
  ].join('\n');
  const href = escapeHtml(mail.confirmUrl);
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(mailIntro)}</p>
<p><a href="${href}" style="display: inline-block; padding: 0.6em 1.2em; background: #2e6b30; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(mailButton)}</a></p>
<p>Falls der Knopf nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:<br><a href="${href}">${href}</a></p>
<p>${escapeHtml(mailValidity)}</p>
<p>${escapeHtml(mailIgnore)}</p>
<p>${closing.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  return { subject, text, html };
}
