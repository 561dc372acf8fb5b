import * as texts from '@platzbuchung/domain/texts';

/**
 * One password-reset mail as the template sees it, read from its outbox row: the link carries the
 * token the mail exists for, and the names and address are what the mail shows.
 */
export interface ResetMailRequest {
  /** The outbox row's id. */
  readonly requestId: string;
  readonly to: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The complete link, `PUBLIC_URL/reset-password?token=…`. */
  readonly resetUrl: string;
}

export const resetMailSubject = 'Ihr Link zum Zurücksetzen des Passworts';

/** The outbox id names the mail; ids become part of a Message-ID, so only URL-safe characters. */
const requestIdPattern = /^[A-Za-z0-9_-]{1,128}$/;

export function isValidRequestId(requestId: string): boolean {
  return requestIdPattern.test(requestId);
}

export type ResetMailProblem = 'requestId' | 'to' | 'firstName' | 'lastName' | 'resetUrl';

/** A mail whose data a retry cannot repair; the processor turns it into an UnrecoverableError. */
export class InvalidResetMailError extends Error {
  override readonly name = 'InvalidResetMailError';
  constructor(readonly problems: readonly ResetMailProblem[]) {
    super(`invalid reset mail data: ${problems.join(', ')}`);
  }
}

// Deliberately narrower than RFC 5322: no quoted local parts, no comments, no whitespace or
// header-breaking characters. Every address the sign-up schema accepts passes.
const addressPattern =
  /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[^\s@<>()[\]\\,;:".]{1,63}\.)*[^\s@<>()[\]\\,;:".]{1,63}$/u;

export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && addressPattern.test(value);
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The row was written by another process (and maybe another version), so it is checked again here. */
export function parseResetMailRequest(data: unknown): ResetMailRequest {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const problems: ResetMailProblem[] = [];
  const { requestId, to, firstName, lastName, resetUrl } = record;
  if (typeof requestId !== 'string' || !isValidRequestId(requestId)) problems.push('requestId');
  if (!isAddress(to)) problems.push('to');
  if (typeof firstName !== 'string') problems.push('firstName');
  if (typeof lastName !== 'string') problems.push('lastName');
  if (!isHttpUrl(resetUrl)) problems.push('resetUrl');
  if (problems.length > 0) throw new InvalidResetMailError(problems);
  return {
    requestId: requestId as string,
    to: to as string,
    firstName: firstName as string,
    lastName: lastName as string,
    resetUrl: resetUrl as string,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// A line break in a name would let it forge lines of the plain-text body.
function oneLine(value: string): string {
  return value.replace(/\p{Cc}+/gu, ' ').trim();
}

export function fullName(mail: Pick<ResetMailRequest, 'firstName' | 'lastName'>): string {
  return [mail.firstName, mail.lastName].map(oneLine).filter(Boolean).join(' ');
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Pure: the same request always renders the same mail, which keeps a resend byte-identical. */
export function renderResetMail(mail: ResetMailRequest): RenderedMail {
  const name = fullName(mail);
  const greeting = name ? `Hallo ${name},` : 'Hallo,';
  const product = texts.productName;
  const intro = `Sie haben angefordert, das Passwort Ihres Kontos bei ${product} zurückzusetzen. Über diesen Link legen Sie ein neues Passwort fest:`;
  const validity = 'Der Link ist eine Stunde lang gültig und kann nur einmal verwendet werden.';
  const ignore =
    'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr Passwort bleibt dann unverändert.';
  const closing = ['Viele Grüße', `Ihr ${product}-Team`];

  const text = [greeting, '', intro, '', mail.resetUrl, '', validity, '', ignore, '', ...closing, ''].join(
    '\n',
  );

  const href = escapeHtml(mail.resetUrl);
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(resetMailSubject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${href}" style="display: inline-block; padding: 0.6em 1.2em; background: #2e6b30; color: #ffffff; text-decoration: none; border-radius: 4px;">Neues Passwort festlegen</a></p>
<p>Falls der Knopf nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:<br><a href="${href}">${href}</a></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(ignore)}</p>
<p>${closing.map(escapeHtml).join('<br>')}</p>
</body>
</html>
`;
  return { subject: resetMailSubject, text, html };
}
