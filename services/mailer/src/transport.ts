import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';

export const DEFAULT_MAIL_FROM = 'Platzbuchung <no-reply@localhost>';

/** `var/mail/` at the repository root, found from this file so that the cwd of `npm start` does not matter. */
export const defaultMailDir = fileURLToPath(new URL('../../../var/mail/', import.meta.url));

export interface OutgoingMail {
  readonly from: string;
  readonly to: { readonly name: string; readonly address: string };
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** With angle brackets, e.g. `<reset-abc@localhost>`. */
  readonly messageId: string;
  /** Stable name of this mail (the job id); the file transport names its file after it. */
  readonly key: string;
}

export interface DeliveryReceipt {
  readonly messageId: string;
  /** The SMTP server's final answer. */
  readonly response?: string;
  /** Where the file transport wrote the mail. */
  readonly file?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** Resolves once the mail is handed over for good (SMTP 250 after DATA, or the file renamed into place). */
  send(mail: OutgoingMail): Promise<DeliveryReceipt>;
  close(): void;
}

function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: { name: mail.to.name, address: mail.to.address },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // RFC 3834: keeps vacation responders from answering a machine.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

export interface SmtpTransportOptions {
  /** e.g. `smtp://user:pass@mail.example.org:587` or `smtps://…`. */
  readonly url: string;
  /** Upper bound for connect, greeting and each idle wait; the send lease must exceed a whole send. */
  readonly timeoutMs?: number;
}

export function createSmtpTransport({ url, timeoutMs = 15_000 }: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // The defaults (2 and 10 minutes) would keep a job, and its send lease, busy for far too long.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    // Mail content comes from data; never let it pull in local files or remote URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail));
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}

export interface FileTransportOptions {
  readonly dir?: string;
}

/** Development transport: each mail becomes `<dir>/<key>.eml`, openable in any mail client. */
export function createFileTransport({ dir = defaultMailDir }: FileTransportOptions = {}): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'file',
    async send(mail) {
      const info = await composer.sendMail(nodemailerMessage(mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${mail.key}.eml`);
      // Rename makes the file appear complete or not at all, and a resend overwrites rather than duplicates.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      return { messageId: info.messageId, file };
    },
    close() {
      composer.close();
    },
  };
}

export interface TransportConfig {
  readonly smtpUrl?: string | undefined;
  readonly mailDir?: string | undefined;
}

/** SMTP when SMTP_URL is set, `.eml` files otherwise. */
export function createMailTransport({ smtpUrl, mailDir }: TransportConfig): MailTransport {
  return smtpUrl
    ? createSmtpTransport({ url: smtpUrl })
    : createFileTransport({ dir: mailDir ?? defaultMailDir });
}
